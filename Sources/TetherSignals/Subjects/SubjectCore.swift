import TetherSynchronization

/// The delivery engine shared by every subject and ``Property``.
///
/// Senders change state under one lock, then deliver outside it. Whoever finds the core idle becomes
/// the deliverer: it delivers its own event and then everything other threads (or its own
/// callbacks) queued meanwhile, in order. So observers never see overlapping callbacks, an event
/// sent from inside a callback is delivered after the current one, and no callback runs under the
/// lock. New observers join through the same queue, so each observer sees a contiguous suffix of one
/// serial order, starting with the replayed elements as of its place in that order.
///
/// Delivery is bounded and never leaves the senders' threads:
/// - After ``deliveryHandOverBudget`` items queued by other threads, the deliverer asks for relief;
///   the next thread that queues an item waits for the current item to finish, then takes over, and
///   the old deliverer returns. Until someone arrives it keeps delivering; if nobody arrives, the
///   queue runs dry. So a deliverer is always inside a `send` (or `observe`) call: once every sender
///   has returned, everything has been delivered.
/// - A sender that finds ``deliveryQueueBound`` items queued waits until the deliverer has drained
///   half of them, so memory stays bounded however fast producers are.
/// - Threads inside a callback never wait (that could deadlock two subjects feeding each other):
///   their items are queued beyond the bound, and they never take over another subject's delivery.
///
/// The delivery rules are the engine's: a ``SerialDeliveryCore`` (``SubjectCoreBase/Shared/delivery``,
/// beside the queue of items) records the deliverer, which queued items are foreign, and how many
/// of them the deliverer has delivered; its budget (``deliveryHandOverBudget``) makes the deliverer
/// ask for relief, and relief is ``SerialDeliveryCore/pass(to:)`` to the successor. Delivery never
/// hands off to a queue (the deliverer asks for the next item with no budget). What stays here:
/// whether someone delivers lives in an atomic word (``SubjectCoreBase/deliveryState``) that
/// senders read and the deliverer clears without taking the lock when nothing was queued, which
/// keeps a send with nobody else sending to one lock acquisition; a sender that finds it clear
/// makes itself the deliverer with ``SerialDeliveryCore/restart(thread:)`` (the engine was not
/// told that the former deliverer stopped). The bound, the waiters, the joins, the removals the
/// deliverer applies and the element batches stay here too.
@usableFromInline
internal final class SubjectCore<Element, Error: Swift.Error>: SubjectCoreBase, @unchecked Sendable {
  // Safe: the configuration is immutable and `items` is only touched while holding `shared`.
  @usableFromInline internal typealias Event = Signal<Element, Error>.Event
  @usableFromInline internal typealias Sub = Subscription<Element, Error>
  @usableFromInline internal typealias Shared = SubjectCoreBase.Shared

  /// A queued item (whether it is foreign is the engine's: ``SubjectCoreBase/Shared/delivery``).
  @usableFromInline
  internal enum Item {
    case event(Event, notify: Bool)
    case join(Sub)
    case detach
  }

  /// What a thread does next, decided under the lock and done outside it.
  @usableFromInline
  internal enum Work {
    case idle
    case nothing
    /// Deliver to the registered subscriptions (``SubjectCoreBase/slots``, read outside the
    /// lock: only the deliverer changes it while someone delivers), and release `displaced` (the
    /// replayed element the event displaced) outside the lock.
    case deliverToRegistered(Event, displaced: Element?)
    /// Deliver each of `elements`, in order, to the registered subscriptions (consecutive queued
    /// elements taken in one visit to the lock; see ``deliveryBatchLimit``), and release
    /// `displaced` (the replayed elements they displaced) outside the lock.
    case deliverElements(ContiguousArray<Element>, displaced: ContiguousArray<Element>)
    /// Release a replayed element displaced by a value change made without notifying (outside
    /// the lock: see ``recordReplay(_:)``).
    case discard(Element)
    /// Deliver to `receivers`, which this work owns (the terminal event: they are unregistered).
    case deliver(Event, ContiguousArray<SubscriptionBase>)
    /// Replay `elements`, then the terminal event if any, to a joining observer; end the
    /// subscription afterwards if `ends` (it was not registered).
    case replay(Sub, ContiguousArray<Element>, Event?, ends: Bool)
    /// Hand delivery to the successor parked on this parker, and return.
    case handOff(Parker)
    /// Park until the current deliverer hands over, then deliver.
    case takeOver(Parker)
    /// Release the observers of detached subscriptions (outside the lock: releasing them can run
    /// deinitializers that touch this subject).
    case release(ContiguousArray<SubscriptionBase>)
  }

  /// The element-typed state, guarded by the base class's lock.
  @usableFromInline
  internal struct Items {
    @usableFromInline internal var queue = FIFOQueue<Item>()
    /// A terminal event was accepted (it may still be queued).
    @usableFromInline internal var isTerminated = false
    /// The terminal event, once delivered.
    @usableFromInline internal var terminal: Event?
    /// The last `bufferSize` delivered elements, for observers that join later, when
    /// `bufferSize` is over 1 (see ``latest``).
    @usableFromInline internal var replay = FIFOQueue<Element>()
    /// The last delivered element when `bufferSize` is 1 (every ``Property``): replacing an
    /// optional costs no uniqueness check of a buffer, on the path of every set.
    @usableFromInline internal var latest: Element?
    /// The owner's current value (``Property`` keeps it here to share the lock).
    @usableFromInline internal var current: Element?
    /// The owner went away and its observers were detached (``detachAll()``, in the delivery
    /// order). Nobody can send any more, so a later observer (through a signal that holds only the
    /// core) gets the replay and is ended, not registered: registered, it would be tied to the core
    /// in a cycle that nothing breaks.
    @usableFromInline internal var isDetached = false
    /// The buffer of ``Work/deliverElements(_:)``, kept between batches so that they allocate
    /// nothing (empty whenever the deliverer is not delivering a batch).
    @usableFromInline internal var batch = ContiguousArray<Element>()
    /// Elements of the batch being delivered beyond its first: they count against
    /// ``deliveryQueueBound`` as if still queued.
    @usableFromInline internal var batchInFlight = 0

    @inlinable
    internal init() {}
  }

  @usableFromInline internal let bufferSize: Int
  @usableFromInline internal let joinTransform: (@Sendable (Element) -> Element)?
  @exclusivity(unchecked) @usableFromInline internal var items = Items()

  @inlinable
  internal init(
    bufferSize: Int,
    current: Element? = nil,
    joinTransform: (@Sendable (Element) -> Element)? = nil,
    reentryMessage: StaticString = Locked<Shared>.defaultReentryMessage
  ) {
    tetherPrecondition(bufferSize >= 0, "A replay buffer size must not be negative (got \(bufferSize))")
    self.bufferSize = bufferSize
    self.joinTransform = joinTransform
    super.init(reentryMessage: reentryMessage)
    if let current, bufferSize > 0 {
      items.current = current
      _ = recordReplay(current)  // nothing to displace yet
    }
  }

  // MARK: Sending

  /// Sends an event: delivered to every observer unless the core has terminated (then dropped).
  @inlinable
  internal func send(_ event: Event) {
    let thread = currentThreadID()
    var roomWait: Parker?
    var work = Work.idle
    var displaced: Element?
    let startsDelivery = shared.withLock { shared -> Bool in
      // The common case first: an element, and nobody delivering, so this thread delivers it at
      // once without queueing an item (see `startDelivering`).
      if case .next(let element) = event, !items.isTerminated, !isDelivering {
        displaced = startDelivering(element, &shared, thread: thread)
        return true
      }
      (roomWait, work) = sendLocked(event, &shared, admitted: false, thread: thread)
      return false
    }
    if startsDelivery {
      _ = consume displaced  // released here, outside the lock (see `recordReplay`)
      deliverFirst(event)
      return
    }
    if let roomWait {
      // Woken after waiting for room: queue the event even if others filled the queue again
      // meanwhile, so a sender waits at most once (the queue exceeds its bound by at most one
      // item per waiting thread).
      roomWait.wait()
      let (_, work) = shared.withLock { shared in
        sendLocked(event, &shared, admitted: true, thread: thread)
      }
      run(work)
      return
    }
    run(work)
  }

  /// The locked part of ``send(_:)``: a parker to wait on for room, or what to do next.
  @inlinable
  @inline(__always)
  internal func sendLocked(_ event: Event, _ shared: inout Shared, admitted: Bool, thread: UInt) -> (Parker?, Work) {
    guard !items.isTerminated else { return (nil, .idle) }
    if !admitted, let parker = waitForRoom(&shared, thread: thread) { return (parker, .idle) }
    if event.isTerminal { items.isTerminated = true }
    return (nil, submit(&shared, .event(event, notify: true), thread: thread))
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
    // If `body` dropped a value whose deinitializer disposed an observation of this core (also
    // when `body` throws).
    defer { if _slowPath(needsDeferredRemovals) { applyDeferredRemovals() } }
    let thread = currentThreadID()
    var roomWait: Parker?
    var work = Work.idle
    var delivered: Element?
    var displaced: Element?
    let result = try shared.withLock { (shared) throws(E) -> R? in
      guard isDelivering || items.isTerminated || !notify else {
        // The common case: nobody delivers, so there is no room to wait for and this thread
        // delivers the new value at once (see `startDelivering`).
        var value = items.current!
        items.current = nil  // keeps a copy-on-write value uniquely referenced while `body` runs
        defer { items.current = value }
        let result = try body(&value)
        displaced = startDelivering(value, &shared, thread: thread)
        delivered = value
        return result
      }
      let (result, parker, next) = try modifyLocked(&shared, admitted: false, notify: notify, thread: thread, body)
      (roomWait, work) = (parker, next)
      return result
    }
    if let delivered {
      _ = consume displaced  // released here, outside the lock (see `recordReplay`)
      deliverFirst(.next(delivered))
      return result!
    }
    if let roomWait {
      // As in `send`: after waiting once, the change is made and queued whatever the queue holds.
      roomWait.wait()
      let (result, _, work) = try shared.withLock { (shared) throws(E) in
        try modifyLocked(&shared, admitted: true, notify: notify, thread: thread, body)
      }
      run(work)
      return result!
    }
    run(work)
    return result!
  }

  /// Replaces the current value with `newValue`, sends it as the next element, and returns the
  /// value it replaced, for the caller to release after the lock (see ``recordReplay(_:)``).
  ///
  /// ``modifyCurrent(notify:_:)`` for the common case of a plain set: when nobody delivers, one
  /// trip through the lock with nothing captured by reference. Otherwise it goes through
  /// `modifyCurrent` (a second trip through the lock, only for a set made during a delivery).
  @inlinable
  internal func replaceCurrent(with newValue: Element) -> Element {
    let thread = currentThreadID()
    let started = shared.withLock { shared -> (replaced: Element, displaced: Element?)? in
      guard !isDelivering, !items.isTerminated else { return nil }
      let replaced = items.current.take()!
      items.current = newValue
      return (replaced, startDelivering(newValue, &shared, thread: thread))
    }
    if let (replaced, displaced) = started {
      _ = consume displaced  // released here, outside the lock
      deliverFirst(.next(newValue))
      return replaced
    }
    var replaced = newValue
    modifyCurrent(notify: true) { swap(&$0, &replaced) }
    return replaced
  }

  /// The locked part of ``modifyCurrent(notify:_:)``: either a parker to wait on for room (and no
  /// result, `body` not run), or `body`'s result and what to do next.
  @inlinable
  @inline(__always)
  internal func modifyLocked<R, E: Swift.Error>(
    _ shared: inout Shared,
    admitted: Bool,
    notify: Bool,
    thread: UInt,
    _ body: (inout Element) throws(E) -> R
  ) throws(E) -> (R?, Parker?, Work) {
    if !admitted, !items.isTerminated, let parker = waitForRoom(&shared, thread: thread) {
      return (nil, parker, .idle)
    }
    var value = items.current!
    items.current = nil  // keeps a copy-on-write value uniquely referenced while `body` runs
    defer { items.current = value }
    let result = try body(&value)
    items.current = value
    guard !items.isTerminated else { return (result, nil, .idle) }
    let item = Item.event(.next(value), notify: notify)
    return (result, nil, submit(&shared, item, thread: thread))
  }

  /// The owner's current value.
  @inlinable
  internal var current: Element {
    shared.withLock { _ in items.current! }
  }

  // MARK: Observing

  /// Registers an observer; it first receives the replayed elements (and the terminal event if the
  /// core has ended), then every later event.
  @inlinable
  internal func observe(_ observer: @escaping @Sendable (Event) -> Void) -> any Disposable {
    let subscription = Sub.make(observer: observer, core: self)
    let thread = currentThreadID()
    let work: Work = shared.withLock { shared in
      if !isDelivering && replayIsEmpty && items.terminal == nil && !items.isDetached {
        add(subscription, to: &shared)  // nothing to replay: no need to become the deliverer
        return .idle
      }
      return submit(&shared, .join(subscription), thread: thread)
    }
    run(work)
    return subscription
  }

  /// Unregisters every observer, in the delivery order, without sending anything. The owner calls
  /// it when it goes away, which breaks the reference cycles between the core and subscriptions.
  internal func detachAll() {
    let detached = shared.withLock { shared -> ContiguousArray<SubscriptionBase> in
      if requestAttention() {
        shared.delivery.enqueue(foreign: false)
        items.queue.append(.detach)
        shared.accepted &+= 1
        return []
      }
      return detach(&shared)
    }
    for subscription in detached { subscription.markEnded() }
  }

  // MARK: Delivering

  /// The deliverer: delivers `event` to every live registered subscription.
  @inlinable
  internal func deliverToRegistered(_ event: Event) {
    // Unlocked and without a reference to the array: while this thread delivers, nobody else
    // changes `slots` (removals wait in `pendingRemovals`, joins are queued items, and this thread
    // changes it only between items). Taking a snapshot instead would cost a retain and a release
    // of the array per event.
    IntrusiveList<SubscriptionBase>.forEachUnretained(from: slots.first, as: Sub.self) { subscription in
      subscription._withUnsafeGuaranteedRef { $0.receive(event) }
    }
  }

  /// Delivers the terminal `event` to every live subscription of `slots`, an array the caller
  /// owns, and ends them all (see ``Subscription/receiveLast(_:)``).
  @inlinable
  internal func deliver(_ event: Event, to slots: ContiguousArray<SubscriptionBase>) {
    // The array owns every subscription in it until the loop ends, so the loop can use the
    // subscriptions without retaining each one around the observer call. Every element is a
    // `Sub`: the core only ever registers its own subscriptions.
    slots.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: Unmanaged<Sub>.self) { subscriptions in
        for subscription in subscriptions {
          subscription._withUnsafeGuaranteedRef { $0.receiveLast(event) }
        }
      }
    }
  }

  /// The thread that started delivering `event` (see `startDelivering`) delivers it, then goes on
  /// with whatever was queued meanwhile.
  ///
  /// The same steps as ``run(_:)`` for its first item, without building an item and a work value:
  /// this is the path of nearly every send.
  @inlinable
  internal func deliverFirst(_ event: Event) {
    let depth = DeliveringThread.depth
    depth.pointee += 1
    deliverToRegistered(event)
    depth.pointee -= 1
    if stopDeliveringUnlessNeeded() { return }
    run(.nothing)  // something was queued, or a thread waits: the loop takes the lock
  }

  /// Does `work`, then keeps delivering queued items until the queue is empty or delivery is
  /// handed over.
  @inlinable
  internal func run(_ first: consuming Work) {
    var work = first
    if case .idle = work { return }
    let depth = DeliveringThread.depth
    depth.pointee += 1
    defer { depth.pointee -= 1 }
    var spentBatch: ContiguousArray<Element>?
    while true {
      switch consume work {
      case .idle:
        return
      case .handOff(let successor):
        successor.signal()
        return
      case .takeOver(let parker):
        parker.wait()  // the previous deliverer made this thread the deliverer
      case .nothing:
        break
      case .release(let detached):
        for subscription in detached { subscription.markEnded() }
      case .deliverToRegistered(let event, _):
        deliverToRegistered(event)
      case .discard:
        break
      case .deliverElements(var elements, _):
        for element in elements { deliverToRegistered(.next(element)) }
        elements.removeAll(keepingCapacity: true)  // here, not under the lock: a deinit may be user code
        spentBatch = elements
      case .deliver(let event, let slots):
        deliver(event, to: slots)
      case .replay(let subscription, let elements, let terminal, let ends):
        for element in elements {
          guard !subscription.isDisposed else { break }
          subscription.call(.next(joinTransform?(element) ?? element))
        }
        if let terminal, !subscription.isDisposed {
          subscription.call(terminal)
        }
        if ends { subscription.markEnded() }
      }
      // The common case: nothing was queued and nobody waits, so no second trip through the lock.
      if stopDeliveringUnlessNeeded() { return }
      let wakeups: [Parker]?
      let removed: ContiguousArray<SubscriptionBase>
      (work, wakeups, removed) = shared.withLock { shared in
        let removed = shared.pendingRemovals.isEmpty ? [] : applyPendingRemovals(&shared)
        if let spent = spentBatch.take() {
          items.batch = spent
          items.batchInFlight = 0
        }
        shared.endStep(queued: items.queue.count)
        let next = next(&shared)
        if case .idle = next {
        } else {
          setDeliveryState(delivering: true, attention: !items.queue.isEmpty || shared.hasWaiters)
        }
        return (next, shared.takeWakeups(), removed)
      }
      // Released here, outside the lock, with their observers: the deliverer (this thread) no
      // longer reaches them.
      for subscription in removed { subscription.markEnded() }
      _ = consume removed
      if let wakeups {
        for parker in wakeups { parker.signal() }
      }
    }
  }
}
