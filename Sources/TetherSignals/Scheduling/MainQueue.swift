import Dispatch
import Foundation
import TetherSynchronization

/// Whether code runs where main-thread work may run synchronously: the main thread, or the main
/// queue serviced by another thread.
///
/// On Linux, once a program has called `dispatchMain()` (as an `async` entry point does, and the
/// Swift Testing runner with it), the main queue and with it the main actor run on a pool thread:
/// `Thread.isMainThread` is `false` inside a `@MainActor` test although the code is isolated to the
/// main actor. Asking the main queue (a queue-specific value) as well keeps deliveries made there
/// synchronous, as they are on the main thread; otherwise they would be queued behind the code that
/// made them and run only after it returns.
package enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Set by tests (see `withMainDeliveryQueued` in TetherTestSupport) to make the sends in a task
  /// behave as sends from another thread: their main-thread work is queued on the main queue.
  @TaskLocal package static var queuesEveryDelivery = false

  /// Whether the caller runs on the main thread or on the main queue (the main actor), so work for
  /// the main thread may run at once, and no test has asked to queue it.
  ///
  /// - Complexity: O(1); the queue is only asked off the main thread, where the caller is about to
  ///   pay for a hop to the main queue anyway.
  package static var isCurrent: Bool {
    // `isMainThread()` answers as `Thread.isMainThread` does, from a per-thread cache.
    (isMainThread() || isOnMainQueue) && !queuesEveryDelivery
  }

  /// Whether the caller runs on the main queue. On the main thread this is `true` outside the
  /// queue's actions too: Dispatch counts the main thread as the main queue's.
  package static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }
}
