/// The rules of serial delivery, as a non-generic pure state machine: whether someone delivers and
/// who, which waiting items are foreign, and the hand-over budget. Every Tether delivery engine
/// takes its decisions here; the owner keeps the items themselves in a ``FIFOQueue`` of its own
/// (``SerialDelivery`` is that pairing, for owners that want it ready-made: containers, atomic
/// observers, `Fuser` connections, `receive(on:)`'s hop), appending and popping exactly as the
/// core's answers say. The owners with a bare core: stateful operators, subjects and properties,
/// and `OrderedMainDelivery` (see ``SerialDelivery`` for why each).
///
/// Non-generic so that owners running unspecialized across a module boundary (the stateful
/// operators, subjects) pay no run-time generic metadata for the decisions, and the methods on the
/// path of every item are always inlined (left to the optimizer, `next` stayed a call across the
/// module boundary): each is a few loads, compares and stores on plain integers. A waiting item is *foreign* when a thread
/// other than the deliverer queued it; the core numbers the items it is told about and remembers
/// only the numbers of the foreign ones (a ``FIFOQueue`` of `Int` that stays empty and unallocated
/// while a single thread sends), so an owner's own items cost two integer updates.
///
/// The rules (see ``SerialDelivery`` for the whole protocol):
/// - A thread that finds the core idle becomes the deliverer (``startDelivering(thread:)``,
///   ``submit(thread:)``, ``claim(thread:)``); others queue (``append(thread:)``).
/// - The deliverer asks ``next(handOffAfter:)`` after each item: deliver the next waiting one,
///   stop (nothing waits: idle again), or hand off once it delivered the budget of foreign items
///   and the next one is foreign too. Its own callbacks' items never count.
/// - An owner that gives each item a turn of its own (a scheduled action per item) decides who
///   delivers with a ``DeliveryTurns`` count outside the lock and takes each turn's item with
///   ``takeTurn(thread:)``.
/// - A handed-off delivery stays busy with no deliverer thread until ``resume(thread:)``;
///   ``pass(to:)`` gives delivery to a successor thread; ``stop()`` leaves what waits to later
///   claims; ``finish()`` ends it for good; ``takeAll()`` drops what waits without stopping the
///   delivery in progress.
///
/// Misuse traps in every build with a message naming it: asking for the next item, taking a run,
/// resuming, passing on, stopping, queueing behind or finishing a delivery when the core is not in
/// the matching state.
@usableFromInline
package struct SerialDeliveryCore: Sendable {
  /// What ``next(handOffAfter:)`` tells the deliverer to do once it releases the lock.
  @usableFromInline
  package enum Step: Sendable {
    /// Pop the oldest waiting item from the owner's queue and deliver it, then ask again.
    case deliverNext
    /// Nothing waits: delivery has stopped and the core is idle.
    case idle
    /// The budget of foreign items is spent: continue the delivery on another thread (a hand-over
    /// queue), which calls ``resume(thread:)``. The core stays busy, with no deliverer thread.
    case handOff
  }

  @usableFromInline var delivering = false
  /// The deliverer and how many foreign items it delivered; meaningful only while `delivering`
  /// (stopping clears only `delivering`, one store on the path of every delivery's end).
  @usableFromInline var delivererThread: UInt = 0
  @usableFromInline var foreignCount = 0
  /// The number of the next item queued, and of the oldest waiting one: the waiting items are
  /// numbered `taken ..< appended` (wrapping), oldest first.
  @usableFromInline var appended = 0
  @usableFromInline var taken = 0
  /// The numbers of the waiting foreign items, oldest first.
  @usableFromInline var foreignItems = FIFOQueue<Int>()
  /// How many numbers `foreignItems` holds: a plain field, so the common check (none) is one load.
  @usableFromInline var foreignWaiting = 0

  /// An idle core with nothing queued.
  ///
  /// - Complexity: O(1).
  @inlinable
  package init() {}

  /// Whether a delivery is in progress (including one being handed over).
  ///
  /// - Complexity: O(1).
  @inlinable
  package var isDelivering: Bool { delivering }

  /// The thread delivering (``currentThreadID()``), or 0 when idle or while delivery is being
  /// handed over.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var deliverer: UInt { delivering ? delivererThread : 0 }

  /// Whether delivery was handed off (``Step/handOff``) and nobody has resumed it yet.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var isHandedOver: Bool { delivering && delivererThread == 0 }

  /// How many foreign items the current deliverer has delivered (reset whenever a thread becomes
  /// the deliverer).
  ///
  /// - Complexity: O(1).
  @inlinable
  package var foreignDelivered: Int { delivering ? foreignCount : 0 }

  /// How many items are waiting.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var count: Int { appended &- taken }

  /// Whether no item is waiting.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var isEmpty: Bool { appended == taken }

  /// Whether the deliverer has delivered more than `budget` foreign items: an owner that first asks
  /// for a successor thread, before handing off (subjects and properties, which never hand off to
  /// a queue; containers), asks for one from then on.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func isOverBudget(_ budget: Int = deliveryHandOverBudget) -> Bool {
    delivering && foreignCount > budget
  }

  /// Whether the oldest waiting item (there must be one) is foreign.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var firstIsForeign: Bool {
    foreignWaiting != 0 && foreignItems.storage[foreignItems.head].unsafelyUnwrapped == taken
  }

  /// Makes `thread` the deliverer, with a fresh budget.
  @inlinable @inline(__always)
  mutating func become(_ thread: UInt) {
    delivering = true
    delivererThread = thread
    foreignCount = 0
  }

  /// Records one more waiting item, foreign or not.
  @inlinable @inline(__always)
  mutating func record(foreign: Bool) {
    if _slowPath(foreign) {
      foreignItems.append(appended)
      foreignWaiting += 1
    }
    appended &+= 1
  }

  /// Drops the foreign mark of the oldest waiting item (it must have one).
  @inlinable @inline(__always)
  mutating func dropFirstForeignMark() {
    _ = foreignItems.popFirst()
    foreignWaiting -= 1
  }

  /// When the core is idle, makes `thread` the deliverer and returns `true`: the caller delivers
  /// its own item (never queued), then continues with ``next(handOffAfter:)``. Otherwise returns
  /// `false` and the caller queues its item with ``append(thread:)``.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package mutating func startDelivering(thread: UInt) -> Bool {
    guard !delivering else { return false }
    become(thread)
    return true
  }

  /// Makes `thread` the deliverer, whether or not the core was told that the previous delivery
  /// stopped: for an owner whose deliverer may stop outside the lock, with nothing waiting, and
  /// which knows itself that nobody delivers (`SubjectCore`: an atomic word says whether someone
  /// delivers, so that an uncontended send takes the lock once). The core may then still read as
  /// delivering, with the former deliverer; such an owner asks its own word, not ``isDelivering``.
  ///
  /// Traps when items wait: a delivery stopped with items waiting would never deliver them.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package mutating func restart(thread: UInt) {
    tetherPrecondition(
      appended == taken,
      "SerialDeliveryCore.restart: items are waiting (a delivery stops outside the lock only with nothing queued)")
    become(thread)
  }

  /// ``startDelivering(thread:)`` and, when someone delivers, ``append(thread:)`` in one call:
  /// `true` when the caller (on `thread`) is now the deliverer of its item, `false` when the
  /// caller must append its item to its queue (it was recorded as waiting, foreign unless `thread`
  /// is the deliverer's).
  ///
  /// - Complexity: Amortized O(1).
  @inlinable @inline(__always)
  package mutating func submit(thread: UInt) -> Bool {
    if delivering {
      record(foreign: thread != delivererThread)
      return false
    }
    become(thread)
    return true
  }

  /// Records an item the caller (on `thread`) appends to its queue, whether or not someone
  /// delivers: foreign when someone other than `thread` delivers. An owner whose locked update
  /// emits several items appends them all, then ``claim(thread:)``s the first.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable @inline(__always)
  package mutating func append(thread: UInt) {
    record(foreign: delivering && thread != delivererThread)
  }

  /// Records an item the caller appends to its queue that never counts against the budget,
  /// whoever queued it: for an owner whose delivery must never hand off (`OrderedMainDelivery`:
  /// only the main thread may deliver), which then marks nothing foreign.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package mutating func appendUncounted() {
    appended &+= 1
  }

  /// Records an item the caller appends to its queue behind the waiting ones, for an owner that
  /// decided itself that someone is delivering; a `foreign` item counts against the budget.
  ///
  /// Traps when no delivery is in progress: the item would never be delivered.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func enqueue(foreign: Bool) {
    tetherPrecondition(
      delivering,
      "SerialDeliveryCore.enqueue: no delivery in progress (an item queued now would never be delivered)")
    record(foreign: foreign)
  }

  /// When the core is idle with items waiting (see ``append(thread:)``): makes `thread` the
  /// deliverer and returns `true`; the caller pops its oldest item and delivers it before
  /// ``next(handOffAfter:)``. Otherwise `false`: someone delivers (and will deliver what waits),
  /// or nothing waits.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package mutating func claim(thread: UInt) -> Bool {
    guard !delivering, appended != taken else { return false }
    become(thread)
    // No waiting item is foreign while the core is idle: items are marked only while someone
    // delivers, and delivery stops only with nothing waiting (or with ``finish()``, which drops
    // the marks).
    taken &+= 1
    return true
  }

  /// The deliverer of a turn (see ``DeliveryTurns``: its `begin()` or `end()` answered that this
  /// thread delivers) takes the oldest waiting item: makes `thread` the deliverer and returns `true`
  /// (the caller pops the item), or `false` when nothing waits (the owner dropped the items:
  /// disposal). The core never hears that the turns ended; the owner's ``DeliveryTurns`` says who
  /// delivers. A turn-based owner records its items with ``appendUncounted()`` only.
  ///
  /// Traps when a waiting item is foreign: a turn-based owner marks nothing foreign.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package mutating func takeTurn(thread: UInt) -> Bool {
    tetherPrecondition(
      foreignWaiting == 0,
      "SerialDeliveryCore.takeTurn: foreign items are waiting (a turn-based owner records its items uncounted)")
    guard appended != taken else { return false }
    if !delivering || delivererThread != thread { become(thread) }
    taken &+= 1
    return true
  }

  /// The deliverer, done with its last item: deliver the next one (``Step/deliverNext``: the
  /// caller pops it), stop (nothing waits), or hand off once it has delivered `handOffAfter`
  /// foreign items and the next one is foreign too.
  ///
  /// Traps when no thread is delivering: called while idle, or after a hand-off before
  /// ``resume(thread:)``.
  ///
  /// - Parameter handOffAfter: The budget of foreign items; ``deliveryHandOverBudget`` unless the
  ///   owner first asks for a successor thread (then it passes a larger one, and hands off only if
  ///   no successor came).
  /// - Complexity: Amortized O(1).
  @inlinable @inline(__always)
  package mutating func next(handOffAfter budget: Int = deliveryHandOverBudget) -> Step {
    tetherPrecondition(
      delivering && delivererThread != 0,
      "SerialDeliveryCore.next: no thread is delivering (only the deliverer asks for the next item, and a handed-off delivery must be resumed first)"
    )
    guard appended != taken else {
      delivering = false
      return .idle
    }
    if _slowPath(firstIsForeign) {
      if foreignCount >= budget {
        delivererThread = 0
        return .handOff
      }
      foreignCount += 1
      dropFirstForeignMark()
    }
    taken &+= 1
    return .deliverNext
  }

  /// The deliverer, building a run of items to deliver in one go (see
  /// ``SerialDelivery/takeRun(into:limit:budget:while:)``): takes the oldest waiting item into the
  /// run and returns `true` (the caller pops it), unless nothing waits or it is foreign and
  /// `budget` foreign items were delivered already.
  ///
  /// Traps when no thread is delivering.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable @inline(__always)
  package mutating func takeIntoRun(budget: Int = deliveryHandOverBudget) -> Bool {
    tetherPrecondition(
      delivering && delivererThread != 0,
      "SerialDeliveryCore.takeIntoRun: no thread is delivering (only the deliverer takes items)")
    guard appended != taken else { return false }
    if _slowPath(firstIsForeign) {
      guard foreignCount < budget else { return false }
      foreignCount += 1
      dropFirstForeignMark()
    }
    taken &+= 1
    return true
  }

  /// The deliverer stops although items still wait, leaving them to later ``claim(thread:)``s:
  /// for an owner that gives each item a turn of its own (a main-queue action per item, see
  /// `OrderedMainDelivery`), whose deliverer must not drain the items of turns still to come. The
  /// core is idle; the waiting items lose their foreign marks (with nobody delivering, none is
  /// foreign).
  ///
  /// Traps when no thread is delivering.
  ///
  /// - Complexity: O(1), plus O(f) to drop f waiting foreign marks.
  @inlinable
  package mutating func stop() {
    tetherPrecondition(
      delivering && delivererThread != 0,
      "SerialDeliveryCore.stop: no thread is delivering (only the deliverer stops its delivery)")
    delivering = false
    if _slowPath(foreignWaiting != 0) {
      foreignItems.removeAll()
      foreignWaiting = 0
    }
  }

  /// Makes `thread` the deliverer of a handed-off delivery (on the hand-over queue), with a fresh
  /// budget; it then continues with ``next(handOffAfter:)``.
  ///
  /// Traps unless delivery was handed off and not resumed yet.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func resume(thread: UInt) {
    tetherPrecondition(
      delivering && delivererThread == 0,
      "SerialDeliveryCore.resume: no handed-off delivery to resume (resume only after next() answered handOff)")
    become(thread)
  }

  /// The deliverer passes delivery to `thread` (a successor waiting to take over), with a fresh
  /// budget; the former deliverer returns without asking for another item.
  ///
  /// Traps when no thread is delivering, or `thread` is 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func pass(to thread: UInt) {
    tetherPrecondition(
      delivering && delivererThread != 0 && thread != 0,
      "SerialDeliveryCore.pass: no thread is delivering, or no successor thread (delivery passes from a deliverer to a thread)"
    )
    become(thread)
  }

  /// Ends the delivery in progress for good (its owner delivered a terminal event): the core is
  /// idle with nothing waiting, and the owner empties its queue.
  ///
  /// Traps when no delivery is in progress.
  ///
  /// - Complexity: O(1), plus O(f) to drop f waiting foreign marks.
  @inlinable
  package mutating func finish() {
    tetherPrecondition(delivering, "SerialDeliveryCore.finish: no delivery in progress to finish")
    delivering = false
    takeAll()
  }

  /// Forgets every waiting item (disposal, closing), and the owner empties its queue. A delivery
  /// in progress goes on with nothing more to deliver: its next ``next(handOffAfter:)`` stops it.
  ///
  /// - Complexity: O(1), plus O(f) to drop f waiting foreign marks.
  @inlinable
  package mutating func takeAll() {
    taken = appended
    if _slowPath(foreignWaiting != 0) {
      foreignItems.removeAll()
      foreignWaiting = 0
    }
  }
}
