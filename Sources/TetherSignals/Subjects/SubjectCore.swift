import TetherSynchronization

/// The delivery engine shared by every subject and ``Property``.
///
/// Senders change state under one lock, then deliver outside it. Whoever finds the core idle becomes
/// the deliverer: it delivers its own event and then everything other threads (or its own
/// callbacks) queued meanwhile, in order. So observers never see overlapping callbacks, an event
/// sent from inside a callback is delivered after the current one, and no callback runs under the
/// lock. New observers join through the same queue, so each observer sees a contiguous suffix of one
/// serial order, starting with the replayed elements as of its place in that order. A deliverer
/// flooded by other threads hands over after ``foreignDeliveryBudget`` of their events.
@usableFromInline
internal final class SubjectCore<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: the configuration is immutable and all mutable state lives in the `state` mutex.
  @usableFromInline internal typealias Event = Signal<Element, Error>.Event
  @usableFromInline internal typealias Sub = Subscription<Element, Error>

  /// A queued item; `foreign` when a thread other than the deliverer queued it.
  @usableFromInline
  internal enum Item {
    case event(Event, notify: Bool, foreign: Bool)
    case join(Sub, foreign: Bool)
    case detach
  }

  /// What the deliverer does next, decided under the lock and done outside it.
  @usableFromInline
  internal enum Work {
    case idle
    case nothing
    case deliver(Event, ContiguousArray<Sub?>)
    case replay(Sub, ContiguousArray<Element>, Event?)
    case handOff
  }

  @usableFromInline
  internal struct State {
    @usableFromInline internal var slots = ContiguousArray<Sub?>()
    @usableFromInline internal var freeSlots: [Int] = []
    @usableFromInline internal var queue = FIFOQueue<Item>()
    @usableFromInline internal var isDelivering = false
    /// The thread delivering, or 0 while delivery is being handed over.
    @usableFromInline internal var deliverer: UInt = 0
    /// A terminal event was accepted (it may still be queued).
    @usableFromInline internal var isTerminated = false
    /// The terminal event, once delivered.
    @usableFromInline internal var terminal: Event?
    /// The last `bufferSize` delivered elements, for observers that join later.
    @usableFromInline internal var replay = FIFOQueue<Element>()
    /// The owner's current value (``Property`` keeps it here to share the lock).
    @usableFromInline internal var current: Element?

    @inlinable
    internal init() {}
  }

  @usableFromInline internal let bufferSize: Int
  @usableFromInline internal let joinTransform: (@Sendable (Element) -> Element)?
  @usableFromInline internal let state: Locked<State>

  @inlinable
  internal init(
    bufferSize: Int,
    current: Element? = nil,
    joinTransform: (@Sendable (Element) -> Element)? = nil,
    reentryMessage: StaticString = Locked<State>.defaultReentryMessage
  ) {
    tetherPrecondition(bufferSize >= 0, "A replay buffer size must not be negative (got \(bufferSize))")
    self.bufferSize = bufferSize
    self.joinTransform = joinTransform
    var initial = State()
    if let current, bufferSize > 0 {
      initial.current = current
      initial.replay.append(current)
    }
    state = Locked(initial, reentryMessage: reentryMessage)
  }

  // MARK: Sending

  /// Sends an event: delivered to every observer unless the core has terminated (then dropped).
  @inlinable
  internal func send(_ event: Event) {
    let thread = currentThreadID()
    let work: Work = state.withLock { state in
      guard !state.isTerminated else { return .idle }
      if event.isTerminal { state.isTerminated = true }
      return state.submit(event: event, notify: true, thread: thread, bufferSize: bufferSize)
    }
    run(work)
  }

  /// Atomically updates the current value and, if `notify`, sends it as the next element.
  ///
  /// `body` runs under the lock and must not touch this core. After termination the value still
  /// changes, but nothing is sent.
  @inlinable
  internal func modifyCurrent<R, E: Swift.Error>(
    notify: Bool,
    _ body: (inout Element) throws(E) -> R
  ) throws(E) -> R {
    let thread = currentThreadID()
    let (result, work) = try state.withLock { (state) throws(E) -> (R, Work) in
      var value = state.current!
      state.current = nil  // keeps a copy-on-write value uniquely referenced while `body` runs
      defer { state.current = value }
      let result = try body(&value)
      state.current = value
      guard !state.isTerminated else { return (result, .idle) }
      let work = state.submit(event: .next(value), notify: notify, thread: thread, bufferSize: bufferSize)
      return (result, work)
    }
    run(work)
    return result
  }

  /// The owner's current value.
  @inlinable
  internal var current: Element {
    state.withLock { $0.current! }
  }

  // MARK: Observing

  /// Registers an observer; it first receives the replayed elements (and the terminal event if the
  /// core has ended), then every later event.
  @inlinable
  internal func observe(_ observer: @escaping @Sendable (Event) -> Void) -> any Disposable {
    let subscription = Sub(observer: observer, core: self)
    let thread = currentThreadID()
    let work: Work = state.withLock { state in
      if state.isDelivering {
        state.queue.append(.join(subscription, foreign: thread != state.deliverer))
        return .idle
      }
      if state.replay.isEmpty && state.terminal == nil {
        state.add(subscription)  // nothing to replay: no need to become the deliverer
        return .idle
      }
      state.isDelivering = true
      state.deliverer = thread
      return state.join(subscription)
    }
    run(work)
    return subscription
  }

  /// Unregisters every observer, in the delivery order, without sending anything. The owner calls
  /// it when it goes away, which breaks the reference cycles between the core and subscriptions.
  internal func detachAll() {
    state.withLock { state in
      if state.isDelivering {
        state.queue.append(.detach)
      } else {
        state.detach()
      }
    }
  }

  @inlinable
  internal func remove(_ subscription: Sub) {
    state.withLock { state in
      let slot = subscription.slot
      guard slot >= 0 else { return }
      subscription.slot = -1
      state.slots[slot] = nil
      state.freeSlots.append(slot)
      state.compactIfSparse()
    }
  }

  // MARK: Delivering

  /// Delivers `event` to every live subscription of a snapshot of the slots.
  @inlinable
  internal func deliver(_ event: Event, to slots: ContiguousArray<Sub?>) {
    // The snapshot owns its buffer, which owns every subscription in it until the loop ends (the
    // core's own array is copied on write if it changes meanwhile). So the loop can use the
    // subscriptions without retaining each one around the observer call.
    slots.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: Unmanaged<Sub>?.self) { subscriptions in
        for case let subscription? in subscriptions {
          subscription._withUnsafeGuaranteedRef { $0.receive(event) }
        }
      }
    }
  }

  /// Does `work`, then keeps delivering queued items until the queue is empty or delivery is
  /// handed over.
  @inlinable
  internal func run(_ first: consuming Work) {
    var work = first
    var foreignDelivered = 0
    while true {
      switch consume work {
      case .idle:
        return
      case .handOff:
        continueDeliveryElsewhere { self.resumeDelivery() }
        return
      case .nothing:
        break
      case .deliver(let event, let slots):
        deliver(event, to: slots)
      case .replay(let subscription, let elements, let terminal):
        for element in elements {
          guard !subscription.isDisposed else { break }
          subscription.observer(.next(joinTransform?(element) ?? element))
        }
        if let terminal, !subscription.isDisposed {
          subscription.observer(terminal)
          subscription.markEnded()
        }
      }
      work = state.withLock { state in
        state.next(bufferSize: bufferSize, foreignDelivered: &foreignDelivered)
      }
    }
  }

  /// Takes over a handed-over delivery on this thread.
  @usableFromInline
  internal func resumeDelivery() {
    let thread = currentThreadID()
    var foreignDelivered = 0
    let work: Work = state.withLock { state in
      state.deliverer = thread
      return state.next(bufferSize: bufferSize, foreignDelivered: &foreignDelivered)
    }
    run(work)
  }
}
