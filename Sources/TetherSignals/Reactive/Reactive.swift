import Foundation

/// A namespace for the reactive extensions of a type: extend it with `where Base == YourType` to
/// add signals and binding targets that `object.reactive` then offers.
///
/// ```swift
/// extension ReactiveExtensions where Base == Thermostat {
///   var temperature: Bond<Double> { keyPath(\.temperature, context: .immediate) }
/// }
/// ```
///
/// As in ReactiveKit.
public protocol ReactiveExtensions<Base> {
  /// The type extended.
  associatedtype Base

  /// The extended object.
  var base: Base { get }
}

/// The reactive extensions of one object, made by `reactive` (see ``ReactiveExtensionsProvider``).
public struct Reactive<Base>: ReactiveExtensions {
  /// The extended object.
  public let base: Base

  /// Wraps `base`.
  public init(_ base: Base) {
    self.base = base
  }
}

extension Reactive: Sendable where Base: Sendable {}

/// A class whose instances and type have a ``Reactive`` namespace, `reactive`.
///
/// `NSObject` (and so `NotificationCenter`) conforms, on Linux too; conform your own classes with
/// an empty extension. Swift cannot extend every class at once, so, unlike in ReactiveKit on Apple
/// platforms, a pure Swift class needs that line.
public protocol ReactiveExtensionsProvider: AnyObject {}

extension ReactiveExtensionsProvider {
  /// The reactive extensions of this object.
  public var reactive: Reactive<Self> {
    Reactive(self)
  }

  /// The reactive extensions of this type.
  public static var reactive: Reactive<Self>.Type {
    Reactive<Self>.self
  }
}

extension NSObject: ReactiveExtensionsProvider {}

#if !canImport(Darwin)
// Linux's Foundation defines `NotificationCenter` outside the `NSObject` hierarchy. Keyed on
// Darwin, not ObjectiveC: the Apple-adapter checks build this module beside a stub ObjectiveC
// module on Linux, where the conformance is still needed.
extension NotificationCenter: ReactiveExtensionsProvider {}
#endif

extension ReactiveExtensions where Base: DisposeBagProvider {
  /// The object's bag: disposed when the object deinitializes, so observations put there end with it.
  public var bag: DisposeBag {
    base.bag
  }

  /// A signal that completes when the object deinitializes.
  public var deallocated: Signal<Void, Never> {
    base.bag.deallocated
  }
}

extension DisposeBagProvider {
  /// A signal that completes when the object deinitializes (when its ``bag`` does).
  public var deallocated: Signal<Void, Never> {
    bag.deallocated
  }
}
