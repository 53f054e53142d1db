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
    // The engine's two halves rather than `submit`: the event is queued only when someone else
    // delivers, and never moved into and out of an action value on the common path.
    let deliverNow: Bool = control.state.withLock { state in
      guard !state.isTerminated, !state.isDisposed else { return false }
      if event.isTerminal { state.isTerminated = true }
      if state.delivery.startDelivering(thread: thread) { return true }
      state.delivery.append(event, thread: thread)
      return false
    }
    guard deliverNow else { return }
    deliver(event)
  }

  /// The deliverer (see ``SerialDelivery``): delivers `first`, then the events queued meanwhile,
  /// until none is queued, the observation ends, or delivery is handed over.
  @inlinable
  internal func deliver(_ first: Signal<Element, Error>.Event) {
    var event = first
    while true {
      observer(event)
      if event.isTerminal {
        finish()
        return
      }
      // `dispose()` empties the queue and nothing is queued after it, so a disposed observation
      // finds the queue empty here.
      switch control.state.withLock({ $0.delivery.next() }) {
      case .deliver(let next):
        event = next
      case .idle:
        return
      case .handOff:
        handOverSignalDelivery { self.resumeDelivery() }
        return
      }
    }
  }

  /// Takes over a handed-over delivery on this thread.
  @usableFromInline
  internal func resumeDelivery() {
    let thread = currentThreadID()
    let action = control.state.withLock { state in
      state.delivery.resume(thread: thread)
      return state.delivery.next()
    }
    if case .deliver(let event) = action { deliver(event) }
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
    /// The queued events, the deliverer and the hand-over budget.
    @usableFromInline var delivery = SerialDelivery<Signal<Element, Error>.Event>()
    @usableFromInline var isTerminated = false  // a terminal event was accepted
    @usableFromInline var isDisposed = false
    @usableFromInline var producerDisposable: (any Disposable)?

    @inlinable init() {}
  }

  /// The events waiting for the deliverer, taken out of the engine to be released after the lock.
  @usableFromInline internal typealias PendingEvents = FIFOQueue<Signal<Element, Error>.Event>

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
      return (disposable, state.delivery.takeAll())
    }
    disposable?.dispose()
  }

  /// Stores the producer's disposable, or disposes it at once if the observation already ended.
  internal func attach(_ disposable: any Disposable) {
    let disposeNow = state.withLock { state in
      if state.isDisposed || (state.isTerminated && !state.delivery.isDelivering && state.delivery.isEmpty) {
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
      let disposable = state.producerDisposable
      state.producerDisposable = nil
      return (disposable, state.delivery.finish())
    }
    disposable?.dispose()
  }
}
