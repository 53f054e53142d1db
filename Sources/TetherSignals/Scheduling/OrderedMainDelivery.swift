import Dispatch
import Foundation
import TetherSynchronization

/// Hands values to a main-actor function one at a time, in the order they were sent, from any
/// thread: synchronously when sent on the main thread with nothing queued, otherwise from the main
/// queue.
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
package final class OrderedMainDelivery<Value>: @unchecked Sendable {
  // Safe: the queue lives in the `state` lock; `deliver` is main-actor isolated and only called from
  // `drain()` on the main actor; values move to the main thread only as documented above.
  private struct State {
    var queue: [Value] = []
    var isDraining = false
    var isCancelled = false
  }

  private let state = Locked(State())
  private let deliver: @MainActor (Value) -> Void

  /// Creates a delivery to `deliver`.
  package init(_ deliver: @escaping @MainActor (Value) -> Void) {
    self.deliver = deliver
  }

  /// Queues `value` and makes sure the main thread drains the queue: at once when called on the
  /// main thread and no other drain is running.
  package func send(_ value: Value) {
    let accepted = state.withLock { state -> Bool in
      if state.isCancelled { return false }
      state.queue.append(value)
      return true
    }
    guard accepted else { return }
    if Thread.isMainThread {
      MainActor.assumeIsolated { drain() }
    } else {
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated { self?.drain() }
      }
    }
  }

  /// Drops every queued value and every later one.
  package func cancel() {
    state.withLock { state in
      state.isCancelled = true
      state.queue = []
    }
  }

  @MainActor
  private func drain() {
    let starts = state.withLock { state -> Bool in
      if state.isDraining { return false }
      state.isDraining = true
      return true
    }
    guard starts else { return }
    while true {
      let batch = state.withLock { state -> [Value] in
        let batch = state.queue
        state.queue = []
        if batch.isEmpty { state.isDraining = false }
        return batch
      }
      if batch.isEmpty { return }
      for value in batch {
        if state.withLock({ $0.isCancelled }) { break }
        deliver(value)
      }
    }
  }
}
