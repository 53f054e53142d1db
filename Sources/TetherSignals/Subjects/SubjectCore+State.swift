import TetherSynchronization

/// How many queued items a subject or property holds before senders on other threads wait.
///
/// Bounds memory under a steady overload; a waiting sender resumes once half the queue has been
/// delivered. Threads inside a callback never wait (see ``SubjectCore``), and joining observers
/// are not counted.
@usableFromInline
internal let deliveryQueueBound = 1_024

/// The most queued elements a deliverer takes in one visit to its lock.
///
/// Bounds how long a thread waiting in `dispose()` for the current delivery step waits.
@usableFromInline
internal let deliveryBatchLimit = 64

extension SubjectCore {
  /// Returns a parker to wait on (registered under the lock) when the calling thread must wait for
  /// room before queueing an item, or nil when it may go ahead.
  @inlinable
  @inline(__always)
  internal func waitForRoom(_ shared: inout Shared, thread: UInt) -> Parker? {
    guard isDelivering, items.queue.count + items.batchInFlight >= deliveryQueueBound else { return nil }
    return registerRoomWaiter(&shared, thread: thread)
  }

  /// The slow part of ``waitForRoom(_:thread:)``, for a full queue.
  @usableFromInline
  internal func registerRoomWaiter(_ shared: inout Shared, thread: UInt) -> Parker? {
    guard thread != shared.deliverer, !DeliveringThread.isDelivering, requestAttention() else { return nil }
    let parker = Parker()
    shared.roomWaiters.append(parker)
    return parker
  }

  /// Holding the lock, when nobody delivers: makes this thread the deliverer of `element`, which it
  /// delivers at once (``deliverFirst(_:)``) without queueing an item. The same state changes as
  /// ``submit(_:_:thread:)`` followed by ``process(_:_:)`` for an element. Returns the replayed
  /// element `element` displaced, for the caller to release once the lock is released.
  @inlinable @inline(__always)
  internal func startDelivering(_ element: Element, _ shared: inout Shared, thread: UInt) -> Element? {
    shared.accepted &+= 1
    setDeliveryState(delivering: true, attention: false)
    shared.delivery.restart(thread: thread)
    return recordReplay(element)
  }

  /// Takes an item from a sender: queues it if someone is delivering (and volunteers to take over
  /// if the deliverer asked for relief), else starts delivering it.
  @inlinable
  internal func submit(_ shared: inout Shared, _ item: Item, thread: UInt) -> Work {
    shared.accepted &+= 1
    guard requestAttention() else {
      // Nobody delivers: this thread does. (A deliverer that stopped outside the lock left its
      // relief request behind.)
      setDeliveryState(delivering: true, attention: false)
      shared.delivery.restart(thread: thread)
      return process(item, &shared)
    }
    let foreign = thread != shared.deliverer
    shared.delivery.enqueue(foreign: foreign)
    items.queue.append(item)
    if foreign && shared.reliefRequested && shared.successor == nil && !DeliveringThread.isDelivering {
      let parker = Parker()
      shared.successor = (thread, parker)
      return .takeOver(parker)
    }
    return .idle
  }

  /// Hands delivery to a waiting successor, pops the next queued item to deliver, or stops
  /// delivering when the queue is empty.
  @inlinable
  @inline(__always)
  internal func next(_ shared: inout Shared) -> Work {
    if let successor = shared.successor {
      shared.successor = nil
      shared.delivery.pass(to: successor.thread)
      return .handOff(successor.parker)
    }
    // No hand-off to a queue (delivery never leaves the senders' threads): the budget only makes
    // the deliverer ask for a successor (``Shared/reliefRequested``).
    guard case .deliverNext = shared.delivery.next(handOffAfter: .max) else {
      setDeliveryState(delivering: false, attention: false)
      if !shared.roomWaiters.isEmpty { shared.releaseRoomWaiters() }
      return .idle
    }
    var work = process(items.queue.popFirst().unsafelyUnwrapped, &shared)
    if case .deliverToRegistered(.next(let first), let displaced) = work,
      items.queue.first?.isNotifyingElement == true
    {
      work = takeBatch(startingWith: first, displaced: displaced, &shared)
    }
    if !shared.roomWaiters.isEmpty && items.queue.count + items.batchInFlight <= deliveryQueueBound / 2 {
      shared.releaseRoomWaiters()
    }
    return work
  }

  /// The deliverer, holding the lock, found more elements queued right behind `first`: takes them
  /// too (up to ``deliveryBatchLimit``, and only elements: a join, a detach or a terminal event ends
  /// the batch, so each is still processed after everything queued before it was delivered).
  ///
  /// Under contention this halves the trips through the lock per event (the deliverer's), and the
  /// order, the thread and the no-overlap rule of the deliveries are unchanged.
  /// `displaced` is what recording `first` for replay displaced.
  @usableFromInline
  internal func takeBatch(
    startingWith first: Element,
    displaced firstDisplaced: Element?,
    _ shared: inout Shared
  ) -> Work {
    var batch = ContiguousArray<Element>()
    swap(&batch, &items.batch)
    batch.append(first)
    var displaced = ContiguousArray<Element>()
    if let firstDisplaced { displaced.append(firstDisplaced) }
    while batch.count < deliveryBatchLimit, case .event(.next(let element), true)? = items.queue.first,
      shared.delivery.takeIntoRun(budget: .max)
    {
      _ = items.queue.popFirst()
      let evicted = recordReplay(element)
      // With one replayed element, what a batch element displaces is the batch's previous
      // element, which the batch still holds; only longer replays evict older elements.
      if bufferSize > 1, let evicted { displaced.append(evicted) }
      batch.append(element)
    }
    items.batchInFlight = batch.count - 1
    return .deliverElements(batch, displaced: displaced)
  }

  /// Keeps `element` for observers that join later (the last ``bufferSize`` elements), and returns
  /// the element it displaced, if any.
  ///
  /// The caller releases the displaced element once the lock is released: it may be the last
  /// reference to an object whose `deinit` touches this subject or property (a view model held
  /// by a property, disposing its observation of that property), which under the lock would trap.
  @inlinable @inline(__always)
  internal func recordReplay(_ element: Element) -> Element? {
    if bufferSize == 1 {
      // The common case of properties.
      defer { items.latest = element }
      return items.latest.take()
    } else if bufferSize > 0 {
      items.replay.append(element)
      if items.replay.count > bufferSize { return items.replay.popFirst() }
    }
    return nil
  }

  /// Whether there is nothing to replay to an observer that joins.
  @inlinable
  internal var replayIsEmpty: Bool {
    bufferSize == 1 ? items.latest == nil : items.replay.isEmpty
  }

  /// The elements to replay to an observer that joins, oldest first.
  @inlinable
  internal var replayedElements: ContiguousArray<Element> {
    if bufferSize == 1 { return items.latest.map { [$0] } ?? [] }
    return items.replay.elements
  }

  @inlinable
  internal func process(_ item: Item, _ shared: inout Shared) -> Work {
    switch item {
    case .event(let event, let notify):
      switch event {
      case .next(let element):
        let displaced = recordReplay(element)
        guard notify else { return displaced.map { .discard($0) } ?? .nothing }
        return .deliverToRegistered(event, displaced: displaced)
      case .failed, .completed:
        items.terminal = event
        let receivers = slots.removeAll()
        shared.pendingRemovals = []
        return .deliver(event, receivers)
      }
    case .join(let subscription):
      return join(subscription, &shared)
    case .detach:
      return .release(detach(&shared))
    }
  }

  /// Adds a joining observer and returns what to replay to it. When the core has ended or its
  /// owner went away, the observer is not added: it gets the replay (and the terminal event, if
  /// any) and is then ended, as the observers registered at that point were.
  @inlinable
  internal func join(_ subscription: Sub, _ shared: inout Shared) -> Work {
    // Disposed before it joined: released after the lock, like any disposed observation.
    guard !subscription.isDisposed else { return .release([subscription]) }
    let registers = items.terminal == nil && !items.isDetached
    if registers {
      add(subscription, to: &shared)
      if replayIsEmpty { return .nothing }
    }
    let elements = replayedElements
    return .replay(subscription, elements, items.terminal, ends: !registers)
  }

  /// Unregisters every subscription without an event and returns them; the caller ends them
  /// (``SubscriptionBase/markEnded()``, which releases their observers) once the lock is released.
  @usableFromInline
  internal func detach(_ shared: inout Shared) -> ContiguousArray<SubscriptionBase> {
    // Set here, in the delivery order, so an observer that joined before the owner went away still
    // hears what was sent before.
    items.isDetached = true
    let detached = slots.removeAll()
    for subscription in detached {
      _ = subscription.setDisposed()
    }
    shared.pendingRemovals = []
    return detached
  }

  @inlinable
  internal func add(_ subscription: Sub, to shared: inout Shared) {
    slots.append(subscription)
  }
}

extension SubjectCore.Item {
  /// Whether the item is an element to deliver (not a value change made without notifying).
  @inlinable
  internal var isNotifyingElement: Bool {
    if case .event(.next, true) = self { return true }
    return false
  }
}
