import Dispatch

extension DispatchQueue: Scheduler {
  /// Runs `action` asynchronously on the queue.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    async(execute: action)
  }

  /// Runs `action` on the queue after `seconds`, unless the returned disposable is disposed first.
  ///
  /// Disposing releases `action`, and what it captures, at once rather than at the deadline.
  @discardableResult
  public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let delayed = DelayedAction(action)
    asyncAfter(deadline: .now() + max(0, seconds)) { delayed.run() }
    return delayed
  }

  /// An execution context that runs actions asynchronously on this queue.
  public var context: ExecutionContext {
    ExecutionContext { action in self.async(execute: action) }
  }
}
