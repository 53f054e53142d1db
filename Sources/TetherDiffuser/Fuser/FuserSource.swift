import Dispatch
import Foundation
import TetherSignals
import TetherSynchronization

/// Something a ``Fuser`` can listen to: it connects a function that emits values and returns what
/// disconnects it.
///
/// ```swift
/// struct Ticks: FuserSource {
///   let timer: MyTimer
///   func connect(_ emit: @escaping @Sendable (Int) -> Void) -> any Disposable {
///     let token = timer.onTick(emit)
///     return BlockDisposable { timer.remove(token) }
///   }
/// }
/// let fuser = Fuser<AppEvent>(.extract({ .tick($0) }, .from(Ticks(timer: timer))))
/// ```
public protocol FuserSource<Value>: Sendable {
  /// The type of the values the source emits.
  associatedtype Value: Sendable

  /// Starts emitting values through `emit`, from any thread; the result stops it.
  func connect(_ emit: @escaping @Sendable (Value) -> Void) -> any Disposable
}

extension Fuser {
  /// A fuser listening to `source`.
  public static func from<Source: FuserSource>(_ source: Source) -> Fuser<Event> where Source.Value == Event {
    Fuser(connect: { emit in source.connect(emit) })
  }

  /// A fuser listening to a source written as a closure: `connect` starts emitting through
  /// `emit` and returns what stops it.
  ///
  /// ```swift
  /// extension Fuser where Event == String {
  ///   static func fromTextChanges(_ field: TextField) -> Fuser<String> {
  ///     .from { emit in
  ///       let token = field.addChangeHandler(emit)
  ///       return BlockDisposable { field.removeChangeHandler(token) }
  ///     }
  ///   }
  /// }
  /// ```
  public static func from(
    _ connect: @escaping @Sendable (_ emit: @escaping @Sendable (Event) -> Void) -> any Disposable
  ) -> Fuser<Event> {
    Fuser(connect: connect)
  }

  /// A fuser listening to the elements of `signal`; the signal's completion just ends that source.
  public static func from<S: SignalProtocol>(_ signal: S) -> Fuser<Event> where S.Element == Event, S.Error == Never {
    // A signal of `Sendable` events is `Sendable`, whatever `S` is.
    let signal = signal.toSignal()
    return Fuser(connect: { emit in signal.observeNext(with: emit) })
  }

  /// A fuser listening to a main-actor source, such as a view's callbacks.
  ///
  /// `connect` runs on the main actor: at once when the fuser is connected on the main thread,
  /// otherwise on the main queue. It installs `emit` (callable from any thread) and returns the
  /// function that uninstalls it, which also runs on the main actor when the connection is
  /// disposed. A connection disposed before `connect` ran never runs it.
  ///
  /// ```swift
  /// extension Fuser where Event == Void {
  ///   static func fromTaps(_ button: Button) -> Fuser<Void> {
  ///     .fromMainActor { emit in
  ///       button.onTap = { emit(()) }
  ///       return { button.onTap = nil }
  ///     }
  ///   }
  /// }
  /// ```
  public static func fromMainActor(
    _ connect: @escaping @MainActor (_ emit: @escaping @Sendable (Event) -> Void) -> @MainActor () -> Void
  ) -> Fuser<Event> {
    Fuser(connect: { emit in
      let source = MainActorSource()
      onMainActor { source.connect { connect(emit) } }
      return BlockDisposable { onMainActor { source.disconnect() } }
    })
  }
}

/// The state of one ``Fuser/fromMainActor(_:)`` connection; only touched on the main actor.
@MainActor
private final class MainActorSource {
  private var disconnectHandler: (@MainActor () -> Void)?
  private var isDisconnected = false

  nonisolated init() {}

  func connect(_ body: @MainActor () -> @MainActor () -> Void) {
    guard !isDisconnected else { return }
    disconnectHandler = body()
  }

  func disconnect() {
    isDisconnected = true
    let handler = disconnectHandler
    disconnectHandler = nil
    handler?()
  }
}

/// Runs `body` on the main actor: at once on the main thread, otherwise on the main queue (in
/// order with other calls made from the same thread).
private func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
  if MainQueue.isCurrent {
    MainActor.assumeIsolated { body() }
  } else {
    DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
  }
}
