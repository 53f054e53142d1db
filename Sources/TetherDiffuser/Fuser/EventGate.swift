import Dispatch
import Foundation
import TetherSynchronization

/// Delivers events from any number of threads to one handler, one at a time, in the order they
/// were accepted, and stops for good when closed.
///
/// A sender that finds no delivery in progress becomes the deliverer: it delivers its event and
/// then every event queued meanwhile, outside the lock. Senders that find a delivery in progress
/// (on another thread, or the handler itself sending) queue their event and return at once.
///
/// ``close()`` drops what is queued and, when called from another thread than the deliverer,
/// waits for the delivery in progress to finish, so that no event reaches the handler after it
/// returns. Called from inside the handler it does not wait (that would deadlock): the handler
/// call in progress is the last one. Closing releases the handler (once a delivery in progress on
/// another thread is over), so what it captures does not outlive the connection's end.
final class EventGate<Event: Sendable>: Sendable {
  private struct State {
    /// Slots before `head` are cleared: an event handed out is released by its deliverer after
    /// the lock (its deinitializer may send into this gate), never by a later compaction.
    var queue: [Event?] = []
    var head = 0
    var isDelivering = false
    var deliverer: pthread_t?
    var isClosed = false
    /// Threads in `close()` waiting for the delivery in progress to end.
    var waiters: [DispatchSemaphore] = []
    /// `nil` once closed.
    var handler: (@Sendable (Event) -> Void)?
  }

  private let state: Locked<State>

  init(handler: @escaping @Sendable (Event) -> Void) {
    state = Locked(State(handler: handler))
  }

  /// Whether ``close()`` has been called.
  var isClosed: Bool {
    state.withLock { $0.isClosed }
  }

  /// Delivers `event`, now on this thread or soon on the thread already delivering; drops it if
  /// the gate is closed.
  func send(_ event: Event) {
    let delivers = state.withLock { state in
      guard !state.isClosed else { return false }
      state.queue.append(event)
      guard !state.isDelivering else { return false }
      state.isDelivering = true
      state.deliverer = pthread_self()
      return true
    }
    if delivers { drain() }
  }

  /// Closes the gate: drops queued events and returns once no delivery is in progress (except the
  /// one calling it, when called from the handler).
  func close() {
    let (waiter, released) = state.withLock { state -> (DispatchSemaphore?, ([Event?], (@Sendable (Event) -> Void)?)) in
      state.isClosed = true
      // Released after the lock: the events' and the handler's deinitializers may run user code.
      let released = (state.queue, state.handler)
      state.queue = []
      state.head = 0
      state.handler = nil
      guard state.isDelivering, let deliverer = state.deliverer, pthread_equal(deliverer, pthread_self()) == 0 else {
        return (nil, released)
      }
      let waiter = DispatchSemaphore(value: 0)
      state.waiters.append(waiter)
      return (waiter, released)
    }
    _ = released
    waiter?.wait()
  }

  private func drain() {
    while true {
      let (next, waiters): ((Event, @Sendable (Event) -> Void)?, [DispatchSemaphore]) = state.withLock { state in
        if !state.isClosed, state.head < state.queue.count, let handler = state.handler {
          let event = state.queue[state.head].take()!
          state.head += 1
          if state.head == state.queue.count {
            state.queue.removeAll(keepingCapacity: true)
            state.head = 0
          }
          return ((event, handler), [])
        }
        state.isDelivering = false
        state.deliverer = nil
        let waiters = state.waiters
        state.waiters = []
        return (nil, waiters)
      }
      guard let (event, handler) = next else {
        for waiter in waiters { waiter.signal() }
        return
      }
      handler(event)
    }
  }
}
