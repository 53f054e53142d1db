import Dispatch
import Foundation
import TetherSynchronization

/// Hands values to a main-actor function one at a time, in the order they were sent, from any
/// thread: synchronously when sent on the main thread (or on the main queue, see `MainQueue`)
/// with nothing queued, otherwise from the main queue.
///
/// `ExecutionContext.immediateOnMain` alone lets a value sent on the main thread overtake one still
/// queued from another thread; here every value goes through one FIFO queue that the main thread
/// drains, so an observer always sees values in the order they were sent. A value sent while the
/// function runs (a mutation made from inside a cell's configuration) is delivered after it returns.
///
/// Values need not be `Sendable`. A value sent on the main thread is delivered there, before
/// `send` returns, and never leaves it; a value sent from another thread crosses to the main thread,
/// which is the crossing the threading rules leave to the sender ("values cross threads only where
/// you send them across, and there they must be safe to share").
///
/// The delivery rules are the engine's (``SerialDeliveryCore``, beside a queue of values): the
/// deliverer is always the main thread (a send on it that finds nothing queued and nobody
/// delivering, or a main-queue action that ``SerialDeliveryCore/claim(thread:)``s the queue), and a
/// value sent during a delivery waits for the deliverer's ``SerialDeliveryCore/next(handOffAfter:)``.
/// The hand-over budget does not apply: delivery must never leave the main thread, so the deliverer
/// passes no budget (`Int.max`) and never hands off. What stays here: a main-queue action delivers
/// only the values no pending action will deliver (`pendingActions`), then stops
/// (``SerialDeliveryCore/stop()``) leaving the rest to their own actions, so that values of
/// different deliveries sent from other threads reach the main thread interleaved as they were sent.
package final class OrderedMainDelivery<Value>: @unchecked Sendable {
  // Safe: the queue lives in the `state` lock; `deliver` is main-actor isolated and only called from
  // `deliver(from:everything:)` on the main actor; values move to the main thread only as
  // documented above.
  private struct State {
    /// Values waiting, oldest first; a FIFO queue, so that draining n values a producer sent ahead
    /// of the main thread costs O(n), where `Array.removeFirst()` shifted the rest every time.
    var queue = FIFOQueue<Value>()
    /// Who delivers `queue` (always the main thread), and which values wait.
    var delivery = SerialDeliveryCore()
    /// Main-queue actions scheduled by sends from other threads and not run yet.
    var pendingActions = 0
    var isCancelled = false

    /// Whether the deliverer may take the next value: all of them when draining `everything`,
    /// otherwise only those no pending action will deliver.
    func wantsMore(everything: Bool) -> Bool {
      everything || delivery.count > pendingActions
    }
  }

  /// What `send` does with a value once it holds the lock.
  private enum SendOutcome {
    /// Cancelled: the value is dropped.
    case dropped
    /// Delivered by `send` itself, before it returns.
    case deliverNow
    /// Queued for a drain.
    case queued
  }

  private let state = Locked(State())
  private let deliver: @MainActor (Value) -> Void

  /// Creates a delivery to `deliver`.
  package init(_ deliver: @escaping @MainActor (Value) -> Void) {
    self.deliver = deliver
  }

  /// Queues `value` and makes sure the main thread delivers it: at once when called on the main
  /// thread (after any value still queued, and after the current delivery when called from
  /// inside it), otherwise from a main-queue action of its own.
  package func send(_ value: Value) {
    let onMain = MainQueue.isCurrent
    let thread = currentThreadID()
    let outcome = state.withLock { state -> SendOutcome in
      if state.isCancelled { return .dropped }
      // Fast path, on the main thread with nothing queued and no delivery running: this value is
      // the next one in order, so it is delivered at once without passing through the queue (two
      // lock acquisitions and no queue traffic instead of four and an append and a pop). Guarantee
      // kept: the same values in the same order, one delivery at a time, a value sent from inside
      // a delivery still waits for it to return (the core is delivering while it runs).
      if onMain && state.delivery.isEmpty && state.delivery.startDelivering(thread: thread) {
        return .deliverNow
      }
      state.delivery.appendUncounted()  // no budget (see above): nothing is foreign
      state.queue.append(value)
      if !onMain { state.pendingActions += 1 }
      return .queued
    }
    switch outcome {
    case .dropped:
      return
    case .deliverNow:
      // Safe: `send` runs on the main thread (or main queue) here and delivers before returning,
      // so the value never leaves the thread it was sent on (as the queued path's values sent on
      // the main thread do not).
      nonisolated(unsafe) let value = value
      MainActor.assumeIsolated { deliver(from: value, everything: true) }
      return
    case .queued:
      break
    }
    if onMain {
      MainActor.assumeIsolated { drain(everything: true) }
    } else {
      // One main-queue action per value, as `receive(on:)` does, so values of different
      // deliveries sent from other threads reach the main thread interleaved as they were sent.
      // The action holds the delivery: once the source is gone, what is on its way to the main
      // queue is all that keeps it (observation disposables hold it weakly).
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self.runAction() }
      }
    }
  }

  /// Drops every queued value and every later one.
  package func cancel() {
    // The dropped values are released after the lock: a value's deinitializer may send into the
    // source still feeding this delivery.
    let dropped = state.withLock { state -> FIFOQueue<Value> in
      state.isCancelled = true
      state.delivery.takeAll()
      return state.queue.takeAll()
    }
    _ = dropped
  }

  @MainActor
  private func runAction() {
    state.withLock { $0.pendingActions -= 1 }
    drain(everything: false)
  }

  /// Starts delivering queued values on the main thread unless a delivery is running (it delivers
  /// them): all of them, or (for a main-queue action) those that no pending action will deliver.
  @MainActor
  private func drain(everything: Bool) {
    let thread = currentThreadID()
    let first = state.withLock { state -> Value? in
      guard !state.isCancelled, state.wantsMore(everything: everything), state.delivery.claim(thread: thread) else {
        return nil
      }
      return state.queue.popFirst()
    }
    if let first { deliver(from: first, everything: everything) }
  }

  /// The deliverer (the main thread): delivers `first`, then the values queued meanwhile, one at a
  /// time, oldest first, as long as it ``State/wantsMore(everything:)``. A value sent from inside
  /// `deliver` is delivered after it returns, by this loop.
  @MainActor
  private func deliver(from first: Value, everything: Bool) {
    var value = first
    while true {
      deliver(value)
      let next = state.withLock { state -> Value? in
        guard state.wantsMore(everything: everything) else {
          state.delivery.stop()  // the rest belongs to pending actions
          return nil
        }
        // No budget: delivery never leaves the main thread (`cancel()` empties the queue, so a
        // cancelled delivery stops here).
        guard case .deliverNext = state.delivery.next(handOffAfter: .max) else { return nil }
        return state.queue.popFirst()
      }
      guard let next else { return }
      value = next
    }
  }
}
