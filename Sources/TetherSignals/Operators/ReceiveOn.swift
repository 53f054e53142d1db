import Synchronization

extension SignalProtocol {
  /// Delivers the events on `scheduler`, in order and one at a time.
  ///
  /// Each observation keeps its own queue of events and has at most one drain action scheduled
  /// at a time, so events stay ordered and never overlap even on a concurrent queue, and a burst
  /// of events costs one hop. Emits what the receiver emits and ends when it does (the terminal
  /// event is delivered on `scheduler` too). With ``ExecutionContext/immediate`` it returns the
  /// signal unchanged.
  public func receive<S: Scheduler>(on scheduler: S) -> Signal<Element, Error> {
    if let context = scheduler as? ExecutionContext, context.isImmediate { return toSignal() }
    let upstream = toSignal()
    return Signal(unsafeSubscribe: { observer in
      let hop = Hop<Element, Error>(observer: observer, scheduler: scheduler)
      let upstreamDisposable = upstream.observe { event in hop.enqueue(event) }
      return BlockDisposable {
        hop.dispose()
        upstreamDisposable.dispose()
      }
    })
  }
}

/// The per-observation queue of ``SignalProtocol/receive(on:)``.
private final class Hop<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: `observer` and `scheduler` are immutable; the event buffers live in the `state` mutex
  // and a batch taken out of it is only touched by the single scheduled drain.
  typealias Event = Signal<Element, Error>.Event

  private struct State {
    var buffer: [Event] = []
    var spare: [Event] = []
    var isScheduled = false
  }

  private let observer: @Sendable (Event) -> Void
  private let scheduler: any Scheduler
  private let state = Locked(State())
  private let disposed = Atomic<Bool>(false)

  init(observer: @escaping @Sendable (Event) -> Void, scheduler: any Scheduler) {
    self.observer = observer
    self.scheduler = scheduler
  }

  func dispose() {
    disposed.store(true, ordering: .releasing)
  }

  func enqueue(_ event: Event) {
    let needsDrain = state.withLock { state in
      state.buffer.append(event)
      guard !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
    if needsDrain {
      scheduler.schedule { self.drain() }
    }
  }

  private func drain() {
    while true {
      var batch: [Event] = state.withLock { state in
        guard !state.buffer.isEmpty else {
          state.isScheduled = false
          return []
        }
        let batch = state.buffer
        state.buffer = state.spare
        state.spare = []
        return batch
      }
      if batch.isEmpty { return }
      for event in batch {
        guard !disposed.load(ordering: .acquiring) else { break }
        observer(event)
        if event.isTerminal { disposed.store(true, ordering: .releasing) }
      }
      batch.removeAll(keepingCapacity: true)
      state.withLock { state in state.spare = batch }
    }
  }
}
