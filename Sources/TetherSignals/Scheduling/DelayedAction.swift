import TetherSynchronization

/// A delayed action and its cancellation: disposing releases the action at once.
///
/// A dispatch timer keeps its block until the deadline even when the work is cancelled; an
/// operator's timer action holds the operator's state and observer, so a cancelled long wait
/// (a `timeout` of an hour) would keep an ended observation's observer alive until then. The block
/// holds this box instead, and the box drops the action when disposed or run.
internal final class DelayedAction: Disposable {
  private let action: Locked<(@Sendable () -> Void)?>

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(action)
  }

  /// Whether the action was cancelled or has run.
  var isDisposed: Bool {
    action.withLock { $0 == nil }
  }

  /// Runs the action unless it was cancelled or has already run.
  func run() {
    take()?()
  }

  /// Releases the action without running it.
  func dispose() {
    // Released after the lock: the action may hold the last reference to objects whose deinit
    // is user code.
    _ = take()
  }

  private func take() -> (@Sendable () -> Void)? {
    action.withLock { action in
      defer { action = nil }
      return action
    }
  }
}
