import TetherSynchronization

extension SignalProtocol where Element: Sendable {
  /// Delivers the events on `scheduler` in batches: a burst of events costs one scheduled action.
  ///
  /// An explicit opt-in for throughput (for example a flood of changesets into the main queue);
  /// ``receive(on:)`` is the default and schedules one action per event. Here each observation
  /// keeps its own buffer and has at most one drain action scheduled at a time; the drain delivers
  /// every event buffered so far (up to a budget of a few thousand, then it hops again), and when
  /// it finds the buffer empty it hops once more before going idle, so a steady stream keeps one
  /// drain going and senders only append. Events stay in order and never overlap, even on a
  /// concurrent queue.
  ///
  /// The price is the order across observations: two signals coalesced onto the same serial queue
  /// and merged deliver each one's burst together (sent a1, b1, a2, b2; delivered a1, a2, b1, b2),
  /// and on a scheduler that runs one action at a time a whole burst, its completion included,
  /// runs in one action (plus the extra idle hop). Emits what the receiver emits and ends when it
  /// does. With ``ExecutionContext/immediate`` it returns the signal unchanged.
  ///
  /// On an array container (`MutableObservableArray`, or its `toSignal()` or `receive(on:)`), a
  /// buffered changeset holds only its change, not the array, as with ``receive(on:)``: a producer
  /// that runs ahead of the drain does not copy the array at every mutation. The drain rebuilds
  /// each changeset's collection from the previous one it delivered (which it keeps, so the array
  /// is held twice while observed this way); every changeset is still delivered, in order, with
  /// `collection` exactly the collection after its mutation.
  ///
  /// - Complexity: Amortized O(1) per event; one `scheduler.schedule` call per burst; O(k) more per
  ///   changeset of k changed elements on an array container.
  ///
  /// The elements must be `Sendable`: they are delivered on another thread or queue.
  @inlinable
  public func receiveCoalesced<S: Scheduler>(on scheduler: S) -> Signal<Element, Error> {
    if let context = scheduler as? ExecutionContext, context.isImmediate { return toSignal() }
    let upstream = UncheckedSendable(toSignal())
    // An array container's changesets wait in the buffer without their array (see
    // `HopDetaching`), as in `receive(on:)`: a burst of buffered changesets would otherwise keep
    // one whole array each alive and make every mutation of the producer copy it.
    // Guarantee kept: the drain delivers every event in order, so the rebuilder sees every
    // changeset of the observation and rebuilds each one exactly; the result forwards every
    // event in order, so a hop after this one can detach them too.
    let detaching = upstream.value.detaching
    return Signal(
      unsafeSubscribe: { observer in
        let hop: CoalescingHop<Element, Error>
        let upstreamDisposable: any Disposable
        if let detaching {
          let rebuilder = detaching.makeRebuilder()
          hop = CoalescingHop(observer: { event in observer(rebuilder.rebuild(event)) }, scheduler: scheduler)
          upstreamDisposable = upstream.observe { event in hop.enqueue(detaching.detach(event)) }
        } else {
          hop = CoalescingHop(observer: observer, scheduler: scheduler)
          upstreamDisposable = upstream.observe { event in hop.enqueue(event) }
        }
        // Weakly: the upstream observation and the scheduled actions own the hop (and through it
        // the observer); the disposable handed downstream must not, or an operator holding it would
        // form a cycle that outlives a source that goes away without completing.
        return BlockDisposable { [weak hop] in
          hop?.dispose()
          upstreamDisposable.dispose()
        }
      },
      detaching: detaching)
  }
}

/// The per-observation buffer of ``SignalProtocol/receiveCoalesced(on:)``.
@usableFromInline
internal final class CoalescingHop<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: `observer` and `scheduler` are immutable; the event buffers live in the `state` mutex
  // and a batch taken out of it is only touched by the single scheduled drain.
  @usableFromInline typealias Event = Signal<Element, Error>.Event

  @usableFromInline
  internal struct State {
    @usableFromInline var buffer: [Event] = []
    @usableFromInline var spare: [Event] = []
    @usableFromInline var isScheduled = false
    /// The drain found the buffer empty once and hopped again before going idle.
    @usableFromInline var isLingering = false

    @inlinable init() {}
  }

  @usableFromInline internal let observer: @Sendable (Event) -> Void
  @usableFromInline internal let scheduler: any Scheduler
  @usableFromInline internal let state = Locked(State())
  @usableFromInline internal let disposed = AtomicBool(false)

  @inlinable
  init(observer: @escaping @Sendable (Event) -> Void, scheduler: any Scheduler) {
    self.observer = observer
    self.scheduler = scheduler
  }

  @inlinable
  func dispose() {
    disposed.store(true, ordering: .releasing)
  }

  @inlinable
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

  @inlinable
  func drain() {
    // Delivers batches until the buffer runs dry, but at most `deliveryHandOverBudget` events per
    // hop: then it hops again, so a flood of events cannot keep the scheduler's thread forever.
    // A sender that finds no drain scheduled pays for a hop (a dispatch and a thread wake-up), so
    // when the buffer runs dry the drain hops once more before going idle: a steady stream then
    // keeps one drain going and senders only append.
    var delivered = 0
    while true {
      var lingers = false
      var batch: [Event] = state.withLock { state in
        guard !state.buffer.isEmpty else {
          if state.isLingering {
            state.isLingering = false
            state.isScheduled = false
          } else {
            state.isLingering = true
            lingers = true
          }
          return []
        }
        state.isLingering = false
        let batch = state.buffer
        state.buffer = state.spare
        state.spare = []
        return batch
      }
      if batch.isEmpty {
        if lingers { scheduler.schedule { self.drain() } }
        return
      }
      for event in batch {
        guard !disposed.load(ordering: .acquiring) else { break }
        observer(event)
        if event.isTerminal { disposed.store(true, ordering: .releasing) }
      }
      delivered += batch.count
      batch.removeAll(keepingCapacity: true)
      state.withLock { state in state.spare = batch }
      if delivered >= deliveryHandOverBudget {
        scheduler.schedule { self.drain() }
        return
      }
    }
  }
}
