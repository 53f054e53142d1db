extension SubjectCore.State {
  /// Takes an event from a sender: queues it if someone is delivering, else starts delivering it.
  @inlinable
  internal mutating func submit(
    event: SubjectCore.Event,
    notify: Bool,
    thread: UInt,
    bufferSize: Int
  ) -> SubjectCore.Work {
    if isDelivering {
      queue.append(.event(event, notify: notify, foreign: thread != deliverer))
      return .idle
    }
    isDelivering = true
    deliverer = thread
    return process(.event(event, notify: notify, foreign: false), bufferSize: bufferSize)
  }

  /// Pops the next queued item to deliver, stops delivering when the queue is empty, or hands
  /// delivery over once this deliverer spent its budget on other threads' events.
  @inlinable
  internal mutating func next(bufferSize: Int, foreignDelivered: inout Int) -> SubjectCore.Work {
    guard let item = queue.first else {
      isDelivering = false
      deliverer = 0
      return .idle
    }
    if item.isForeign {
      if foreignDelivered >= foreignDeliveryBudget {
        deliverer = 0
        return .handOff
      }
      foreignDelivered += 1
    }
    _ = queue.popFirst()
    return process(item, bufferSize: bufferSize)
  }

  @inlinable
  internal mutating func process(_ item: SubjectCore.Item, bufferSize: Int) -> SubjectCore.Work {
    switch item {
    case .event(let event, let notify, _):
      switch event {
      case .next(let element):
        if bufferSize == 1 && !replay.isEmpty {
          replay.storage[replay.storage.count - 1] = element  // the common case of properties
        } else if bufferSize > 0 {
          replay.append(element)
          if replay.count > bufferSize { _ = replay.popFirst() }
        }
        return notify ? .deliver(event, slots) : .nothing
      case .failed, .completed:
        terminal = event
        let receivers = slots
        for case let subscription? in slots { subscription.slot = -1 }
        slots = []
        freeSlots = []
        return .deliver(event, receivers)
      }
    case .join(let subscription, _):
      return join(subscription)
    case .detach:
      detach()
      return .nothing
    }
  }

  /// Adds a joining observer (unless the core has ended) and returns what to replay to it.
  @inlinable
  internal mutating func join(_ subscription: SubjectCore.Sub) -> SubjectCore.Work {
    guard !subscription.isDisposed else { return .nothing }
    if terminal == nil { add(subscription) }
    if replay.isEmpty && terminal == nil { return .nothing }
    return .replay(subscription, ContiguousArray(replay.storage[replay.head...]), terminal)
  }

  /// Ends every registered subscription without an event.
  @usableFromInline
  internal mutating func detach() {
    for case let subscription? in slots {
      subscription.slot = -1
      subscription.markEnded()
    }
    slots = []
    freeSlots = []
  }

  @inlinable
  internal mutating func add(_ subscription: SubjectCore.Sub) {
    if let slot = freeSlots.popLast() {
      slots[slot] = subscription
      subscription.slot = slot
    } else {
      subscription.slot = slots.count
      slots.append(subscription)
    }
  }

  /// Keeps iteration cost proportional to the live observers: when more than half the slots are
  /// free, packs the live ones (amortized O(1) per removal).
  @inlinable
  internal mutating func compactIfSparse() {
    guard freeSlots.count >= 32, freeSlots.count * 2 > slots.count else { return }
    var packed = ContiguousArray<SubjectCore.Sub?>()
    packed.reserveCapacity(slots.count - freeSlots.count)
    for case let subscription? in slots {
      subscription.slot = packed.count
      packed.append(subscription)
    }
    slots = packed
    freeSlots = []
  }
}

extension SubjectCore.Item {
  /// Whether a thread other than the deliverer queued the item.
  @inlinable
  internal var isForeign: Bool {
    switch self {
    case .event(_, _, let foreign): return foreign
    case .join(_, let foreign): return foreign
    case .detach: return false
    }
  }
}
