/// The delivery engine of Tether, ready-made: a FIFO queue of items beside the
/// ``SerialDeliveryCore`` that takes every decision (whether someone is delivering and who, which
/// items are foreign, the hand-over budget). This struct only moves items into and out of its queue
/// as the core's answers say; the rules live in the core alone.
///
/// Its users: containers (`ContainerCore`), atomic observers (`AtomicObserver`) and `Fuser`
/// connections (`EventGate`). Other owners keep a queue of their own beside a bare
/// ``SerialDeliveryCore``: the stateful operators (`OperatorStorage`, whose code runs unspecialized
/// on the path of every event, so that the decisions cost no generic metadata); subjects and
/// properties (`SubjectCore`, whose atomic "delivering" word keeps an uncontended send to one lock
/// acquisition, and which asks for a successor rather than handing off,
/// ``SerialDeliveryCore/restart(thread:)`` and ``SerialDeliveryCore/isOverBudget(_:)``); and
/// `OrderedMainDelivery`, whose deliverer is the main thread and must never hand off, and which
/// stops with items left for later turns (``SerialDeliveryCore/stop()``). `receive(on:)`'s hop
/// keeps a `SerialDelivery` whose turns are counted by a ``DeliveryTurns`` outside its lock (one
/// trip through the lock per item for the producer and one for the turn that takes it).
///
/// It turns calls from any number of threads into one delivery at a time, in the order the items
/// were submitted. A thread that finds it idle becomes the deliverer (``submit(_:thread:)`` returns
/// ``SubmitAction/deliverNow(_:)``): it delivers its own item, then asks ``next(handOffAfter:)`` for
/// each item queued meanwhile, by other threads or by its own callbacks, until it answers
/// ``NextAction/idle``. Items queued by other threads than the deliverer are marked *foreign* and
/// counted; after ``deliveryHandOverBudget`` of them (or the limit the caller passes) `next` answers
/// ``NextAction/handOff`` instead of an item, and the caller continues the delivery elsewhere (on a
/// hand-over queue, ``handOverDelivery(_:)`` or ``handOverSignalDelivery(_:)``), where
/// ``resume(thread:)`` makes that thread the deliverer. Items a deliverer's own callbacks submit are
/// never counted, so a single-threaded program keeps all delivery on its thread.
///
/// `submit` in two halves serves owners on a hot path: ``startDelivering(thread:)`` makes the
/// caller the deliverer of an item the engine never holds (so it is not moved into and out of an
/// action value), and ``append(_:thread:)`` queues it otherwise; an owner whose locked update emits
/// several items appends them all and ``claim(thread:)``s the first.
///
/// Delivery stops when `next` finds the queue empty (the engine is idle again, and the next
/// submitter delivers), when it hands delivery off (the engine stays busy, with no deliverer thread,
/// until `resume`), or when the owner ends it for good with ``finish()`` (a terminal event).
/// ``takeAll()`` empties the queue without stopping the delivery in progress (disposal, closing):
/// its deliverer then finds nothing more to deliver.
///
/// The struct does no locking and calls nothing: the owner keeps it inside its own `Locked` state,
/// calls its methods under that lock, and acts on the returned action (delivers, hands off) once
/// the lock is released, so no callback ever runs under the lock. What the owner adds around it
/// (joins, removals applied by the deliverer, waiters, a successor thread) stays in the owner.
///
/// Misuse traps in every build with a message naming it (the core's, see ``SerialDeliveryCore``):
/// asking for the next item, taking a run, resuming, or passing delivery on when the engine is not
/// in the matching state.
@usableFromInline
package struct SerialDelivery<Item> {
  /// What ``submit(_:thread:)`` tells the submitting thread to do once it releases the lock.
  @usableFromInline
  package enum SubmitAction {
    /// The engine was idle: the calling thread is now the deliverer. It delivers this item (its
    /// own, handed back), then continues with ``next(handOffAfter:)``.
    case deliverNow(Item)
    /// Someone is delivering (or delivery is being handed over): the item waits in the queue and
    /// the deliverer will deliver it.
    case queued
  }

  /// What ``next(handOffAfter:)`` tells the deliverer to do once it releases the lock.
  @usableFromInline
  package enum NextAction {
    /// Deliver this item, then ask again.
    case deliver(Item)
    /// The queue was empty: delivery has stopped and the engine is idle.
    case idle
    /// The budget of foreign items is spent: continue the delivery on another thread (a hand-over
    /// queue), which calls ``resume(thread:)``. The engine stays busy, with no deliverer thread.
    case handOff
  }

  /// The waiting items, oldest first; which of them are foreign, and every decision, is ``core``'s.
  @usableFromInline var queue = FIFOQueue<Item>()
  /// The delivery rules: who delivers, the foreign marks, the budget.
  @usableFromInline package var core = SerialDeliveryCore()

  /// An idle engine with nothing queued.
  ///
  /// - Complexity: O(1).
  @inlinable
  package init() {}

  /// Whether a delivery is in progress (including one being handed over).
  ///
  /// - Complexity: O(1).
  @inlinable
  package var isDelivering: Bool { core.isDelivering }

  /// The thread delivering (``currentThreadID()``), or 0 when idle or while delivery is being
  /// handed over.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var deliverer: UInt { core.deliverer }

  /// Whether delivery was handed off (``NextAction/handOff``) and nobody has resumed it yet.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var isHandedOver: Bool { core.isHandedOver }

  /// How many foreign items the current deliverer has delivered (reset whenever a thread becomes
  /// the deliverer).
  ///
  /// - Complexity: O(1).
  @inlinable
  package var foreignDelivered: Int { core.foreignDelivered }

  /// How many items are waiting.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var count: Int { queue.count }

  /// Whether no item is waiting.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var isEmpty: Bool { queue.isEmpty }

  /// The oldest waiting item, without taking it.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var first: Item? { queue.first }

  /// Takes the oldest waiting item out of the queue, once the core has taken it off its books.
  @inlinable @inline(__always)
  mutating func popFirst() -> Item {
    queue.popFirst().unsafelyUnwrapped
  }

  /// Takes an item from a sender on `thread` (``currentThreadID()``): makes the sender the
  /// deliverer of it when the engine is idle, else queues it (foreign unless `thread` is the
  /// deliverer's). See ``SerialDeliveryCore/submit(thread:)``.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func submit(_ item: consuming Item, thread: UInt) -> SubmitAction {
    if core.submit(thread: thread) { return .deliverNow(item) }
    queue.append(item)
    return .queued
  }

  /// The first half of ``submit(_:thread:)``, for an owner that delivers its own item without
  /// handing it to the engine: when the engine is idle, makes `thread` the deliverer and returns
  /// `true` (the caller delivers its item, then continues with ``next(handOffAfter:)``); otherwise
  /// returns `false` and the caller queues its item with ``append(_:thread:)``.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func startDelivering(thread: UInt) -> Bool {
    core.startDelivering(thread: thread)
  }

  /// Queues `item` without delivering it, whether or not someone delivers: for an owner whose
  /// locked update may emit several items at once, which then ``claim(thread:)``s the first. The
  /// item is foreign when someone other than `thread` delivers.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func append(_ item: consuming Item, thread: UInt) {
    core.append(thread: thread)
    queue.append(item)
  }

  /// Queues `item` for a turn of its own (see ``DeliveryTurns``): never foreign, never counted
  /// against the budget. See ``SerialDeliveryCore/appendUncounted()``.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func appendUncounted(_ item: consuming Item) {
    core.appendUncounted()
    queue.append(item)
  }

  /// The deliverer of a turn (see ``DeliveryTurns``) takes the oldest waiting item, or `nil` when
  /// nothing waits (the owner dropped the items). See ``SerialDeliveryCore/takeTurn(thread:)``.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func takeTurn(thread: UInt) -> Item? {
    guard core.takeTurn(thread: thread) else { return nil }
    return popFirst()
  }

  /// When the engine is idle with items queued (see ``append(_:thread:)``): makes `thread` the
  /// deliverer and returns the first item, for it to deliver before ``next(handOffAfter:)``.
  /// Otherwise `nil`: someone delivers (and will deliver what is queued), or nothing is queued.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func claim(thread: UInt) -> Item? {
    guard core.claim(thread: thread) else { return nil }
    return popFirst()
  }

  /// Queues `item` behind the waiting ones without starting a delivery, for an owner that decided
  /// itself that someone is delivering; `foreign` items count against the budget.
  ///
  /// Traps when no delivery is in progress (see ``SerialDeliveryCore/enqueue(foreign:)``).
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func enqueue(_ item: consuming Item, foreign: Bool) {
    core.enqueue(foreign: foreign)
    queue.append(item)
  }

  /// The deliverer, done with its last item: takes the next one, stops (the queue is empty), or
  /// hands off once it has delivered `handOffAfter` foreign items and the next one is foreign too.
  ///
  /// Traps when no thread is delivering: called while idle, or after a hand-off before
  /// ``resume(thread:)`` (see ``SerialDeliveryCore/next(handOffAfter:)``).
  ///
  /// - Parameter handOffAfter: The budget of foreign items; ``deliveryHandOverBudget`` unless the
  ///   owner first asks for a successor thread (then it passes a larger one, and hands off only if
  ///   no successor came).
  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func next(handOffAfter budget: Int = deliveryHandOverBudget) -> NextAction {
    switch core.next(handOffAfter: budget) {
    case .deliverNext: return .deliver(popFirst())
    case .idle: return .idle
    case .handOff: return .handOff
    }
  }

  /// The deliverer, holding the item it delivers next: also takes the items queued right behind
  /// it into `run`, up to `limit` items in `run` and while `include` accepts them, without
  /// spending more than `budget` foreign items; returns whether it took any.
  ///
  /// A run delivers several items per lock acquisition. The items stay in order and are delivered
  /// by the same thread, so nothing observable changes but the number of trips through the lock.
  ///
  /// Traps when no thread is delivering (see ``SerialDeliveryCore/takeIntoRun(budget:)``).
  ///
  /// - Complexity: O(k) for the k items taken.
  @inlinable
  package mutating func takeRun(
    into run: inout ContiguousArray<Item>,
    limit: Int,
    budget: Int = deliveryHandOverBudget,
    while include: (Item) -> Bool
  ) -> Bool {
    tetherPrecondition(
      core.isDelivering && core.deliverer != 0,
      "SerialDelivery.takeRun: no thread is delivering (only the deliverer takes items)")
    let start = run.count
    while run.count < limit, !queue.isEmpty, include(queue.storage[queue.head].unsafelyUnwrapped),
      core.takeIntoRun(budget: budget)
    {
      run.append(popFirst())
    }
    return run.count > start
  }

  /// Makes `thread` the deliverer of a handed-off delivery (on the hand-over queue), with a fresh
  /// budget; it then continues with ``next(handOffAfter:)``.
  ///
  /// Traps unless delivery was handed off and not resumed yet.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func resume(thread: UInt) {
    core.resume(thread: thread)
  }

  /// The deliverer passes delivery to `thread` (a successor waiting to take over), with a fresh
  /// budget; the former deliverer returns without asking for another item.
  ///
  /// Traps when no thread is delivering.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func pass(to thread: UInt) {
    core.pass(to: thread)
  }

  /// Ends the delivery in progress for good (its owner delivered a terminal event): the engine is
  /// idle and the waiting items are returned, for the caller to release once the lock is released
  /// (their deinitializers may use the owner).
  ///
  /// Traps when no delivery is in progress.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func finish() -> FIFOQueue<Item> {
    core.finish()
    return queue.takeAll()
  }

  /// Empties the queue (disposal, closing) and returns what it held, for the caller to release once
  /// the lock is released. A delivery in progress goes on with nothing more to deliver: its next
  /// ``next(handOffAfter:)`` stops it.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func takeAll() -> FIFOQueue<Item> {
    core.takeAll()
    return queue.takeAll()
  }
}

/// A delivery of `Sendable` items may cross threads: it holds its queue and plain counters.
extension SerialDelivery: Sendable where Item: Sendable {}
