import Dispatch

extension DispatchQueue: Scheduler {
  /// Runs `action` asynchronously on the queue.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    async(execute: action)
  }

  /// Runs `action` on the queue after `seconds`, unless the returned disposable is disposed first.
  @discardableResult
  public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let cancel = BlockDisposable {}
    asyncAfter(deadline: .now() + max(0, seconds)) {
      guard !cancel.isDisposed else { return }
      action()
    }
    return cancel
  }

  /// An execution context that runs actions asynchronously on this queue.
  public var context: ExecutionContext {
    ExecutionContext { action in self.async(execute: action) }
  }
}
