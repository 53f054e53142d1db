import Dispatch
import TetherSynchronization

/// Delivers events from any number of threads to one handler, one at a time, in the order they
/// were accepted, and stops for good when closed.
///
/// Delivery goes through ``SerialDelivery``: a sender that finds no delivery in progress becomes the
/// deliverer: it delivers its event and then every event queued meanwhile, outside the lock. Senders
/// that find a delivery in progress (on another thread, or the handler itself sending) queue their
/// event and return at once. A deliverer flooded by other threads' events hands the rest over to
/// the signal runtime's hand-over queue after ``deliveryHandOverBudget`` of them, so `send` always
/// returns.
///
/// ``close()`` drops what is queued and, when called from another thread than the deliverer,
/// waits for the delivery in progress to finish, so that no event reaches the handler after it
/// returns. Called from inside the handler it does not wait (that would deadlock): the handler
/// call in progress is the last one. (A delivery being handed over runs no handler: the thread
/// that resumes it finds nothing left to deliver.) Closing releases the handler (once a delivery
/// in progress on another thread is over), so what it captures does not outlive the connection's
/// end.
final class EventGate<Event: Sendable>: Sendable {
  private struct State {
    var delivery = SerialDelivery<Event>()
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
    let thread = currentThreadID()
    let first = state.withLock { state -> (Event, @Sendable (Event) -> Void)? in
      guard !state.isClosed, let handler = state.handler else { return nil }
      guard case .deliverNow(let event) = state.delivery.submit(event, thread: thread) else { return nil }
      return (event, handler)
    }
    if let (event, handler) = first { deliver(event, handler) }
  }

  /// Closes the gate: drops queued events and returns once no delivery is in progress (except the
  /// one calling it, when called from the handler).
  func close() {
    let thread = currentThreadID()
    let (waiter, released) = state.withLock {
      state -> (DispatchSemaphore?, (FIFOQueue<Event>, (@Sendable (Event) -> Void)?)) in
      state.isClosed = true
      // Released after the lock: the events' and the handler's deinitializers may run user code.
      let released = (state.delivery.takeAll(), state.handler)
      state.handler = nil
      // A handler runs only on a deliverer thread; a handed-over delivery has none yet.
      let deliverer = state.delivery.deliverer
      guard state.delivery.isDelivering, deliverer != 0, deliverer != thread else {
        return (nil, released)
      }
      let waiter = DispatchSemaphore(value: 0)
      state.waiters.append(waiter)
      return (waiter, released)
    }
    _ = released
    waiter?.wait()
  }

  /// What the deliverer does next, decided under the lock and done outside it.
  private enum Step {
    case deliver(Event, @Sendable (Event) -> Void)
    /// Delivery stopped: wake the threads waiting in ``close()``.
    case stop([DispatchSemaphore])
    case handOff
  }

  /// Holding the lock, the deliverer: takes the next event with the handler to deliver it to, or
  /// stops (waking the closers), or hands delivery over.
  private static func next(_ state: inout State) -> Step {
    switch state.delivery.next() {
    case .deliver(let event):
      // Events stay queued only while the gate is open (closing empties the queue and later sends
      // are dropped), and an open gate has its handler.
      return .deliver(event, state.handler!)
    case .idle:
      defer { state.waiters = [] }
      return .stop(state.waiters)
    case .handOff:
      return .handOff
    }
  }

  /// The deliverer: delivers `event` to `handler`, then what was queued meanwhile, until the queue
  /// is empty (or emptied by ``close()``) or delivery is handed over.
  private func deliver(_ event: Event, _ handler: @escaping @Sendable (Event) -> Void) {
    var step = Step.deliver(event, handler)
    while true {
      switch step {
      case .deliver(let event, let handler):
        handler(event)
        step = state.withLock { Self.next(&$0) }
      case .stop(let waiters):
        for waiter in waiters { waiter.signal() }
        return
      case .handOff:
        handOverSignalDelivery { self.resume() }
        return
      }
    }
  }

  /// Continues a handed-over delivery on this thread.
  private func resume() {
    let thread = currentThreadID()
    let step = state.withLock { state in
      state.delivery.resume(thread: thread)
      return Self.next(&state)
    }
    switch step {
    case .deliver(let event, let handler):
      deliver(event, handler)
    case .stop(let waiters):
      for waiter in waiters { waiter.signal() }
    case .handOff:
      handOverSignalDelivery { self.resume() }
    }
  }
}
