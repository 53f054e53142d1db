import Dispatch
import TetherSignals
import TetherSynchronization

/// Hands values to a main-actor function one at a time, in the order they were sent, from any
/// thread: synchronously when sent on the main thread with nothing queued, otherwise from the main
/// queue.
///
/// `ExecutionContext.immediateOnMain` alone lets a value sent on the main thread overtake one still
/// queued from another thread; here every value goes through one FIFO queue that the main thread
/// drains, so a binder always sees changesets in the order they happened. A value sent while the
/// function runs (a mutation made from inside a cell's configuration) is delivered after it returns.
final class OrderedMainDelivery<Value: Sendable>: Sendable {
  private struct State {
    var queue: [Value] = []
    var isDraining = false
    var isCancelled = false
  }

  private let state = Locked(State())
  private let deliver: @MainActor @Sendable (Value) -> Void

  init(_ deliver: @escaping @MainActor @Sendable (Value) -> Void) {
    self.deliver = deliver
  }

  /// Queues `value` and makes sure the main thread drains the queue.
  func send(_ value: Value) {
    let accepted = state.withLock { state -> Bool in
      if state.isCancelled { return false }
      state.queue.append(value)
      return true
    }
    guard accepted else { return }
    ExecutionContext.immediateOnMain.execute { [weak self] in
      MainActor.assumeIsolated { self?.drain() }
    }
  }

  /// Drops every queued value and every later one.
  func cancel() {
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
