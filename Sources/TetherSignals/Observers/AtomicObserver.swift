import TetherSynchronization

/// The observer a ``Signal`` producer sends its events to.
///
/// It may be called from any thread, concurrently and re-entrantly, and turns that into what an
/// observer needs: events are delivered one at a time in the order `on(_:)` accepted them (a call
/// made while another delivery runs is queued and delivered by the thread already delivering, after
/// the current event); everything after a terminal event is ignored; nothing is delivered once
/// disposed. On a terminal event or `dispose()` it disposes the producer's disposable.
///
/// No callback runs while its lock is held. A thread flooded with other threads' events while
/// delivering hands delivery over to a dispatch queue after 4,096 of them, so `on(_:)` always
/// returns.
public final class AtomicObserver<Element, Error: Swift.Error>: ObserverProtocol, Disposable,
  @unchecked Sendable
{  // Safe: `observer` and `control` are immutable; all mutable state is in the control's mutex.
  /// What the deliverer does next.
  @usableFromInline
  internal enum Step {
    case deliver(Signal<Element, Error>.Event)
    case stop
    case handOff
  }

  @usableFromInline internal let observer: @Sendable (Signal<Element, Error>.Event) -> Void
  /// The observation's state and disposable, which does not hold `observer`: the producer holds
  /// this observer, the observation's owner holds the control. So a producer that lets go of the
  /// observer without ending it (a released subject) releases `observer` and what it captures,
  /// even while a downstream operator still holds the control to dispose it.
  @usableFromInline internal let control = ObservationControl<Element, Error>()

  /// Creates an observer forwarding to `observer`.
  public init(_ observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) {
    self.observer = observer
  }

  /// Whether the observation has ended (disposed, or a terminal event was received).
  @inlinable
  public var isDisposed: Bool {
    control.isDisposed
  }

  /// Receives one event; see the type's documentation for ordering.
  @inlinable
  public func on(_ event: Signal<Element, Error>.Event) {
    let thread = currentThreadID()
    let deliverNow: Bool = control.state.withLock { state in
      guard !state.isTerminated, !state.isDisposed else { return false }
      if event.isTerminal { state.isTerminated = true }
      if state.isDelivering {
        state.pending.append((event, thread != state.deliverer))
        return false
      }
      state.isDelivering = true
      state.deliverer = thread
      return true
    }
    guard deliverNow else { return }
    deliver(.deliver(event))
  }

  /// Delivers events until none is queued, the observation ends, or delivery is handed over.
  @inlinable
  internal func deliver(_ first: Step) {
    var step = first
    var foreignDelivered = 0
    while true {
      switch step {
      case .stop:
        return
      case .handOff:
        handOverSignalDelivery { self.resumeDelivery() }
        return
      case .deliver(let event):
        observer(event)
        if event.isTerminal {
          finish()
          return
        }
      }
      // `dispose()` empties the queue and nothing is queued after it, so a disposed observation
      // finds the queue empty here.
      step = control.state.withLock { state in
        guard let (event, foreign) = state.pending.first else {
          state.isDelivering = false
          state.deliverer = 0
          return .stop
        }
        if foreign {
          if foreignDelivered >= deliveryHandOverBudget {
            state.deliverer = 0
            return .handOff
          }
          foreignDelivered += 1
        }
        _ = state.pending.popFirst()
        return .deliver(event)
      }
    }
  }

  /// Takes over a handed-over delivery on this thread.
  @usableFromInline
  internal func resumeDelivery() {
    let thread = currentThreadID()
    let step: Step = control.state.withLock { state in
      state.deliverer = thread
      guard let (event, _) = state.pending.popFirst() else {
        state.isDelivering = false
        state.deliverer = 0
        return .stop
      }
      return .deliver(event)
    }
    deliver(step)
  }

  /// Stops delivery and disposes the producer's disposable.
  public func dispose() {
    control.dispose()
  }

  @usableFromInline
  internal func finish() {
    control.finish()
  }
}

/// The state of one observation made with an ``AtomicObserver``, and its disposable.
@usableFromInline
internal final class ObservationControl<Element, Error: Swift.Error>: Disposable, @unchecked Sendable {
  // Safe: all mutable state is in the `state` mutex.
  @usableFromInline
  internal struct State {
    /// Queued events; `foreign` when a thread other than the deliverer queued them.
    @usableFromInline var pending = PendingEvents()
    @usableFromInline var isDelivering = false
    /// The thread delivering, or 0 while delivery is being handed over.
    @usableFromInline var deliverer: UInt = 0
    @usableFromInline var isTerminated = false  // a terminal event was accepted
    @usableFromInline var isDisposed = false
    @usableFromInline var producerDisposable: (any Disposable)?

    @inlinable init() {}
  }

  /// The events waiting for the deliverer, each marked `foreign` when another thread queued it.
  @usableFromInline internal typealias PendingEvents = FIFOQueue<(event: Signal<Element, Error>.Event, foreign: Bool)>

  @usableFromInline internal let state = Locked(State())

  @inlinable
  internal init() {}

  /// Whether the observation has ended (disposed, or a terminal event was received).
  @inlinable
  internal var isDisposed: Bool {
    state.withLock { $0.isDisposed || $0.isTerminated }
  }

  /// Stops delivery and disposes the producer's disposable.
  ///
  /// Queued events are dropped after the lock: releasing an element may run a deinitializer that
  /// uses this observation (sends to its observer, disposes it), which under the lock would trap.
  @usableFromInline
  internal func dispose() {
    // The queued events are released here, once the lock is released.
    let (disposable, _) = state.withLock { state -> ((any Disposable)?, PendingEvents?) in
      guard !state.isDisposed else { return (nil, nil) }
      state.isDisposed = true
      let disposable = state.producerDisposable
      state.producerDisposable = nil
      return (disposable, state.pending.takeAll())
    }
    disposable?.dispose()
  }

  /// Stores the producer's disposable, or disposes it at once if the observation already ended.
  internal func attach(_ disposable: any Disposable) {
    let disposeNow = state.withLock { state in
      if state.isDisposed || (state.isTerminated && !state.isDelivering && state.pending.isEmpty) {
        return true
      }
      state.producerDisposable = disposable
      return false
    }
    if disposeNow { disposable.dispose() }
  }

  /// Ends delivery after a terminal event and disposes the producer's disposable.
  @usableFromInline
  internal func finish() {
    let (disposable, _) = state.withLock { state -> ((any Disposable)?, PendingEvents) in
      state.isDelivering = false
      let disposable = state.producerDisposable
      state.producerDisposable = nil
      return (disposable, state.pending.takeAll())
    }
    disposable?.dispose()
  }
}
