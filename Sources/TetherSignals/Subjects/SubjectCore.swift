import Synchronization

/// The delivery engine shared by every subject and ``Property``.
///
/// Senders change state under one lock, then deliver outside it. Whoever finds the core idle becomes
/// the deliverer: it delivers its own event and then everything other threads (or its own
/// callbacks) queued meanwhile, in order. So observers never see overlapping callbacks, an event
/// sent from inside a callback is delivered after the current one, and no callback runs under the
/// lock. New observers join through the same queue, so each observer sees a contiguous suffix of one
/// serial order, starting with the replayed elements as of its place in that order.
@usableFromInline
internal final class SubjectCore<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: the configuration is immutable and all mutable state lives in the `state` mutex.
  @usableFromInline internal typealias Event = Signal<Element, Error>.Event
  @usableFromInline internal typealias Sub = Subscription<Element, Error>

  @usableFromInline
  internal enum Item {
    case event(Event, notify: Bool)
    case join(Sub)
  }

  /// What the deliverer does next, decided under the lock and done outside it.
  @usableFromInline
  internal enum Work {
    case idle
    case nothing
    case deliver(Event, ContiguousArray<Sub?>)
    case replay(Sub, ContiguousArray<Element>, Event?)
  }

  @usableFromInline
  internal struct State {
    @usableFromInline internal var slots = ContiguousArray<Sub?>()
    @usableFromInline internal var freeSlots: [Int] = []
    @usableFromInline internal var queue = FIFOQueue<Item>()
    @usableFromInline internal var isDelivering = false
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
    joinTransform: (@Sendable (Element) -> Element)? = nil
  ) {
    precondition(bufferSize >= 0, "A replay buffer size must not be negative (got \(bufferSize))")
    self.bufferSize = bufferSize
    self.joinTransform = joinTransform
    var initial = State()
    if let current, bufferSize > 0 {
      initial.current = current
      initial.replay.append(current)
    }
    state = Locked(initial)
  }

  // MARK: Sending

  /// Sends an event: delivered to every observer unless the core has terminated (then dropped).
  @inlinable
  internal func send(_ event: Event) {
    let work: Work = state.withLock { state in
      guard !state.isTerminated else { return .idle }
      if event.isTerminal { state.isTerminated = true }
      return state.submit(.event(event, notify: true), bufferSize: bufferSize)
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
    let (result, work) = try state.withLock { (state) throws(E) -> (R, Work) in
      var value = state.current!
      state.current = nil  // keeps a copy-on-write value uniquely referenced while `body` runs
      defer { state.current = value }
      let result = try body(&value)
      state.current = value
      guard !state.isTerminated else { return (result, .idle) }
      return (result, state.submit(.event(.next(value), notify: notify), bufferSize: bufferSize))
    }
    run(work)
    return result
  }

  /// The owner's current value.
  @inlinable
  internal var current: Element {
    state.withLock { $0.current! }
  }

  /// Whether a terminal event has been accepted.
  @inlinable
  internal var isTerminated: Bool {
    state.withLock { $0.isTerminated }
  }

  // MARK: Observing

  /// Registers an observer; it first receives the replayed elements (and the terminal event if the
  /// core has ended), then every later event.
  @inlinable
  internal func observe(_ observer: @escaping @Sendable (Event) -> Void) -> any Disposable {
    let subscription = Sub(observer: observer, core: self)
    let work: Work = state.withLock { state in
      if state.isDelivering {
        state.queue.append(.join(subscription))
        return .idle
      }
      if state.replay.isEmpty && state.terminal == nil {
        state.add(subscription)  // nothing to replay: no need to become the deliverer
        return .idle
      }
      state.isDelivering = true
      return state.join(subscription)
    }
    run(work)
    return subscription
  }

  /// Unregisters every observer without sending anything; the owner calls it when it goes away,
  /// which also breaks the reference cycles between the core and its subscriptions.
  internal func detachAll() {
    let detached = state.withLock { state in
      let detached = state.slots
      for case let subscription? in detached { subscription.slot = -1 }
      state.slots = []
      state.freeSlots = []
      state.queue.removeAll()
      return detached
    }
    for case let subscription? in detached { subscription.markEnded() }
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

  /// Does `work`, then keeps delivering queued items until the queue is empty.
  @inlinable
  internal func run(_ first: consuming Work) {
    var work = first
    while true {
      switch consume work {
      case .idle:
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
      work = state.withLock { state in state.next(bufferSize: bufferSize) }
    }
  }
}

extension SubjectCore.State {
  /// Takes an item from a sender: queues it if someone is delivering, else starts delivering it.
  @inlinable
  internal mutating func submit(_ item: SubjectCore.Item, bufferSize: Int) -> SubjectCore.Work {
    if isDelivering {
      queue.append(item)
      return .idle
    }
    isDelivering = true
    return process(item, bufferSize: bufferSize)
  }

  /// Pops the next queued item to deliver, or stops delivering when the queue is empty.
  @inlinable
  internal mutating func next(bufferSize: Int) -> SubjectCore.Work {
    guard let item = queue.popFirst() else {
      isDelivering = false
      return .idle
    }
    return process(item, bufferSize: bufferSize)
  }

  @inlinable
  internal mutating func process(_ item: SubjectCore.Item, bufferSize: Int) -> SubjectCore.Work {
    switch item {
    case .event(let event, let notify):
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
    case .join(let subscription):
      return join(subscription)
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
