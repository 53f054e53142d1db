import Dispatch
import Foundation

/// Where an action runs: immediately, on the main queue, or on a dispatch queue.
///
/// Every context is a ``Scheduler``, so it can be passed to `receive(on:)`, `subscribe(on:)` and
/// the time-based operators.
public struct ExecutionContext: Scheduler {
  private let context: @Sendable (@escaping @Sendable () -> Void) -> Void
  /// Lets `receive(on:)` and `subscribe(on:)` skip the hop for ``immediate``.
  @usableFromInline internal let isImmediate: Bool
  /// Lets bindings keep the order of values sent on and off the main thread for ``immediateOnMain``.
  internal let isImmediateOnMain: Bool

  /// Creates a context from a function that runs the actions it is given.
  public init(_ context: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
    self.context = context
    isImmediate = false
    isImmediateOnMain = false
  }

  private init(immediate: Void) {
    context = { action in action() }
    isImmediate = true
    isImmediateOnMain = false
  }

  private init(immediateOnMain: Void) {
    context = { action in
      if MainQueue.isCurrent {
        action()
      } else {
        DispatchQueue.main.async(execute: action)
      }
    }
    isImmediate = false
    isImmediateOnMain = true
  }

  /// Runs `action` in this context.
  public func execute(_ action: @escaping @Sendable () -> Void) {
    context(action)
  }

  /// Runs `action` in this context (the ``Scheduler`` requirement).
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    context(action)
  }

  /// Runs actions synchronously on the calling thread.
  public static let immediate = ExecutionContext(immediate: ())

  /// Runs actions asynchronously on the main queue.
  public static let main = ExecutionContext { action in DispatchQueue.main.async(execute: action) }

  /// Runs actions synchronously when already on the main thread (or on the main queue, which on
  /// Linux may be serviced by another thread, as in a `@MainActor` Swift Testing test), otherwise
  /// asynchronously on the main queue. Cheaper than ``main``, but as a plain context an action run from the main thread
  /// can overtake one still queued from another thread. Bindings given this context
  /// (`bind(to:context:setter:)`) keep the order: a value sent on the main thread is set at once
  /// only when nothing sent earlier is still queued.
  public static let immediateOnMain = ExecutionContext(immediateOnMain: ())

  /// Runs actions asynchronously on the global queue of the given quality of service.
  public static func global(qos: DispatchQoS.QoSClass = .default) -> ExecutionContext {
    DispatchQueue.global(qos: qos).context
  }
}

extension Scheduler where Self == ExecutionContext {
  /// Runs actions synchronously on the calling thread: `receive(on: .immediate)`.
  public static var immediate: ExecutionContext { ExecutionContext.immediate }

  /// Runs actions asynchronously on the main queue: `receive(on: .main)`.
  public static var main: ExecutionContext { ExecutionContext.main }

  /// Runs actions on the main thread, synchronously if already there: `receive(on: .immediateOnMain)`.
  public static var immediateOnMain: ExecutionContext { ExecutionContext.immediateOnMain }

  /// Runs actions on a global queue: `receive(on: .global(qos: .utility))`.
  public static func global(qos: DispatchQoS.QoSClass = .default) -> ExecutionContext {
    ExecutionContext.global(qos: qos)
  }
}
