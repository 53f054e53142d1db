/// A binding target made of an object and a setter: bind a signal to it with `bind(to:)` and
/// every element is set on the object.
///
/// The object is held weakly; the binding ends when the object goes away (at once if it is a
/// ``DisposeBagProvider``, else at the next element), when the signal completes, or when it is
/// disposed. Make one with `reactive.bond(...)` or `reactive.keyPath(...)`:
///
/// ```swift
/// extension ReactiveExtensions where Base == ProfileViewModel {
///   var title: Bond<String> { bond { viewModel, title in viewModel.title = title } }
/// }
/// name.bind(to: viewModel.reactive.title)
/// ```
///
/// Bond's `Bond`; where Bond runs the setter on the target's binding execution context,
/// Tether takes the context explicitly or runs a `@MainActor` setter on the main actor. A bond
/// with a `context` needs `Sendable` elements (they move to the context). A main-actor bond does
/// not, as UIKit's and AppKit's bonds take `NSAttributedString` and `NSImage`: a signal of
/// non-`Sendable` elements bound to one must be sent to on the main thread, or its elements cross
/// to the main queue unchecked.
public struct Bond<Element>: BindableProtocol, Sendable {
  private let attach: @Sendable (Signal<Element, Never>) -> any Disposable

  /// A target that sets elements on `target` with `setter`, run on `context`; see
  /// `SignalProtocol.bind(to:context:setter:)`.
  public init<Target: AnyObject & Sendable>(
    target: Target,
    context: ExecutionContext,
    setter: @escaping @Sendable (Target, Element) -> Void
  ) where Element: Sendable {
    attach = { [weak target] signal in
      guard let target else { return Self.ended() }
      return signal.bind(to: target, context: context, setter: setter)
    }
  }

  /// A target that sets elements on a main-actor `target` with `setter`, run on the main actor (at
  /// once for an element sent on the main thread); see `SignalProtocol.bind(to:setter:)`.
  public init<Target: AnyObject & Sendable>(
    target: Target,
    setter: @escaping @MainActor (Target, Element) -> Void
  ) {
    attach = { [weak target] signal in
      guard let target else { return Self.ended() }
      return signal.bindOnMain(to: target, setter: setter)
    }
  }

  /// A binding that has already ended, for a target that was gone before it was bound.
  private static func ended() -> any Disposable {
    let ended = SerialDisposable()
    ended.dispose()
    return ended
  }

  /// Binds `signal` to the target; if the target is already gone, nothing is observed and the
  /// result is already disposed.
  public func bind(signal: Signal<Element, Never>) -> any Disposable {
    attach(signal)
  }
}

extension ReactiveExtensions where Base: AnyObject & Sendable {
  /// A binding target that sets elements on the object with `setter`, run on `context`.
  public func bond<Element: Sendable>(
    context: ExecutionContext,
    setter: @escaping @Sendable (Base, Element) -> Void
  ) -> Bond<Element> {
    Bond(target: base, context: context, setter: setter)
  }

  /// A binding target that sets elements on the object with `setter`, run on the main actor.
  public func bond<Element>(setter: @escaping @MainActor (Base, Element) -> Void) -> Bond<Element> {
    Bond(target: base, setter: setter)
  }

  /// A binding target that writes elements to the object's property at `keyPath`, on `context`.
  ///
  /// ```swift
  /// temperatures.bind(to: thermostat.reactive.keyPath(\.temperature, context: .immediate))
  /// ```
  ///
  /// Bond's `reactive.keyPath(_:)` is a key-value-observing signal of the property (Apple
  /// platforms only); this one is the other direction, a binding target, and works everywhere.
  public func keyPath<Value: Sendable>(
    _ keyPath: ReferenceWritableKeyPath<Base, Value> & Sendable,
    context: ExecutionContext
  ) -> Bond<Value> {
    Bond(target: base, context: context) { base, value in base[keyPath: keyPath] = value }
  }

  /// A binding target that writes elements to the object's property at `keyPath`, on the main
  /// actor (at once for an element sent on the main thread).
  public func keyPath<Value>(_ keyPath: ReferenceWritableKeyPath<Base, Value>) -> Bond<Value> {
    let keyPath = UncheckedSendable(keyPath)  // key paths are immutable
    return Bond(target: base) { base, value in base[keyPath: keyPath.value] = value }
  }
}
