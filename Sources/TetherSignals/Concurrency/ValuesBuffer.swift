import TetherSynchronization

/// The observation behind one ``SignalValues`` iterator: it buffers events and hands them to the
/// one task awaiting them.
internal final class ValuesBuffer<Element, Failure: Swift.Error>: @unchecked Sendable {
  // Safe: mutable state is in the `Locked` mutex; the disposable is set once, before any read.
  private typealias Event = Signal<Element, Failure>.Event

  private struct State {
    var events = FIFOQueue<Signal<Element, Failure>.Event>()
    var waiter: UnsafeContinuation<UncheckedSendable<Signal<Element, Failure>.Event?>, Never>?
    var isFinished = false  // a terminal event arrived, or the consumer went away
    /// The most elements kept (`Int.max`: unbounded), and whether a full buffer drops its oldest.
    let limit: Int
    let keepsNewest: Bool
  }

  private let state: Locked<State>
  private let subscription = SerialDisposable()

  internal init(signal: Signal<Element, Failure>, bufferingPolicy: SignalValuesBufferingPolicy) {
    let (limit, keepsNewest) =
      switch bufferingPolicy {
      case .unbounded: (Int.max, false)
      case .bufferingOldest(let limit): (limit, false)
      case .bufferingNewest(let limit): (limit, true)
      }
    state = Locked(State(limit: limit, keepsNewest: keepsNewest))
    subscription.otherDisposable = signal.observe { [weak self] event in self?.receive(event) }
  }

  deinit {
    subscription.dispose()
  }

  private func receive(_ event: Event) {
    // An element the policy drops is released after the lock: its deinitializer may be user code.
    let (waiter, _) = state.withLock { state -> (UnsafeContinuation<UncheckedSendable<Event?>, Never>?, Event?) in
      guard !state.isFinished else { return (nil, nil) }
      if event.isTerminal { state.isFinished = true }
      if let waiter = state.waiter {
        state.waiter = nil
        return (waiter, nil)
      }
      // Only elements count against the limit: a terminal event arrives last and is always kept.
      if event.isTerminal || state.events.count < state.limit {
        state.events.append(event)
      } else if state.keepsNewest && state.limit > 0 {
        let dropped = state.events.popFirst()
        state.events.append(event)
        return (nil, dropped)
      }
      return (nil, nil)
    }
    waiter?.resume(returning: UncheckedSendable(event))
  }

  /// The next event, waiting for one if needed; `nil` when the task is cancelled or after the end.
  internal func next() async -> Signal<Element, Failure>.Event? {
    let ready: Event?? = state.withLock { state in
      if let event = state.events.popFirst() { return .some(event) }
      return state.isFinished ? .some(nil) : nil
    }
    if let ready { return ready }
    let box = await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<UncheckedSendable<Event?>, Never>) in
        let ready: Event?? = state.withLock { state in
          if let event = state.events.popFirst() { return .some(event) }
          if state.isFinished || Task.isCancelled { return .some(nil) }
          state.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: UncheckedSendable(ready)) }
      }
    } onCancel: {
      cancel()
    }
    if box.value == nil { cancel() }
    return box.value
  }

  /// Ends the observation from the consumer's side.
  private func cancel() {
    let (waiter, _) = state.withLock {
      state -> (UnsafeContinuation<UncheckedSendable<Event?>, Never>?, FIFOQueue<Event>) in
      state.isFinished = true
      let waiter = state.waiter
      state.waiter = nil
      return (waiter, state.events.takeAll())
    }
    subscription.dispose()
    waiter?.resume(returning: UncheckedSendable(nil))
  }
}
