import TetherSynchronization

/// A disposable that runs a closure the first time it is disposed.
public final class BlockDisposable: Disposable {
  private let handler: Locked<(@Sendable () -> Void)?>

  /// Creates a disposable that calls `handler` once, on the first `dispose()`.
  public init(_ handler: @escaping @Sendable () -> Void) {
    self.handler = Locked(handler)
  }

  /// Whether the disposable has been disposed.
  public var isDisposed: Bool {
    handler.withLock { $0 == nil }
  }

  /// Runs the handler if it has not run yet. The handler runs outside the lock.
  public func dispose() {
    let body = handler.withLock { handler in
      let body = handler
      handler = nil
      return body
    }
    body?()
  }
}

extension BlockDisposable {
  /// ReactiveKit's `SimpleDisposable()`: without this overload the compiler reports a missing
  /// argument instead of the way to write it.
  @available(*, unavailable, message: "use BlockDisposable {} (it tracks isDisposed)")
  public convenience init() {
    self.init {}
  }
}
