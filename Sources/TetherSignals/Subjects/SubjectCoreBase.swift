import TetherSynchronization

/// The part of a ``SubjectCore`` that does not depend on its element type: the lock, the registered
/// subscriptions and the bookkeeping of who delivers and who waits.
///
/// Kept free of generic parameters so that disposing a subscription through `any Disposable` runs
/// specialised code (no generic metadata lookups) in O(1).
@usableFromInline
internal class SubjectCoreBase: @unchecked Sendable {
  // Safe: `shared` is a lock; the subclass's element state is only touched while holding it.

  /// Guarded by ``shared``.
  @usableFromInline
  internal struct Shared {
    // What a send with nobody delivering touches comes first, in the state's first cache line.
    /// Items accepted for delivery (queued or delivered at once).
    @usableFromInline internal var accepted: UInt64 = 0
    /// Who delivers (while the core's ``SubjectCoreBase/isDelivering``: the atomic word, not the
    /// engine, says whether someone delivers; see ``SerialDeliveryCore/restart(thread:)``), which
    /// queued items are foreign, and the hand-over budget. The items themselves wait in the
    /// subclass's queue.
    @usableFromInline internal var delivery = SerialDeliveryCore()
    /// Subscriptions disposed while someone delivers, still linked in ``SubjectCoreBase/slots``; the
    /// deliverer removes them at its next visit to the lock. They are flagged disposed, so they
    /// receive nothing meanwhile.
    @usableFromInline internal var pendingRemovals = ContiguousArray<SubscriptionBase>()
    /// A sender waiting to take delivery over from the current deliverer.
    @usableFromInline internal var successor: (thread: UInt, parker: Parker)?
    /// Senders waiting for the queue to drain below its bound.
    @usableFromInline internal var roomWaiters: [Parker] = []
    /// Threads (in `dispose()`) waiting for the item being delivered to finish.
    @usableFromInline internal var stepWaiters: [Parker] = []
    /// `waitUntilDelivered()` callers and the number of finished items each waits for.
    @usableFromInline internal var deliveryWaiters: [(target: UInt64, parker: Parker)] = []
    /// Parkers to signal once the lock is released.
    @usableFromInline internal var wakeups: [Parker] = []
    /// Items whose delivery ended as of the deliverer's last visit to the lock (see
    /// ``SubjectCoreBase/deliveryState``).
    @usableFromInline internal var finished: UInt64 = 0

    @inlinable
    internal init() {}

    /// The thread delivering (while the core's ``SubjectCoreBase/isDelivering``).
    @inlinable
    internal var deliverer: UInt { delivery.deliverer }

    /// The deliverer spent its budget on other threads' items and hands over to the next sender.
    @inlinable
    internal var reliefRequested: Bool { delivery.isOverBudget() }
  }

  @usableFromInline internal let shared: Locked<Shared>
  /// Subscriptions disposed by code running under ``shared``'s lock on the thread holding it (a
  /// `Property.modify` body dropping a value whose deinitializer disposes an observation).
  @usableFromInline internal let deferredRemovals = DeferredRemovals<SubscriptionBase>()
  /// The live subscriptions, in the order they subscribed; changed only while holding ``shared``.
  ///
  /// While someone delivers, only the deliverer changes it (between items, holding the lock), so
  /// the deliverer reads it outside the lock without taking a reference per event: removals made
  /// meanwhile wait in ``Shared/pendingRemovals``, and observers joining meanwhile are queued items.
  /// Not part of ``Shared``: the lock's accesses to that struct would overlap the deliverer's reads.
  @exclusivity(unchecked) @usableFromInline internal final var slots = IntrusiveList<SubscriptionBase>()
  /// Whether someone is delivering (``delivering``), and whether the deliverer must take the lock
  /// when its current item is delivered (``attention``): 0, `delivering` or both.
  ///
  /// Atomic so that a deliverer with nothing more to do stops with one compare-exchange instead of
  /// a second round trip through the lock. Everything that needs the deliverer to come back to the
  /// lock (a queued item, a waiting thread, a successor) is registered under the lock together
  /// with ``requestAttention()``; the deliverer sets it back to `delivering` or 0, under the lock,
  /// each time it visits. Only the deliverer's stop (`delivering` -> 0) happens outside the lock.
  @usableFromInline internal let deliveryState = AtomicInt(0)
  @usableFromInline internal static var delivering: Int { 1 }
  @usableFromInline internal static var attention: Int { 2 }

  /// Creates the shared state; `reentryMessage` is the trap message for a callback that runs
  /// under the lock (a `Property.modify` body) and touches the same subject.
  @inlinable
  internal init(reentryMessage: StaticString) {
    shared = Locked(Shared(), reentryMessage: reentryMessage)
  }

  deinit {
    // The list owns its subscriptions (see `IntrusiveList`); nobody else can reach it now.
    _ = slots.removeAll()
  }

  /// Whether someone is delivering. Call it holding the lock: only the deliverer can then change
  /// it, by stopping.
  @inlinable @inline(__always)
  internal final var isDelivering: Bool {
    deliveryState.load(ordering: .acquiring) & Self.delivering != 0
  }

  /// Holding the lock: makes the deliverer take the lock at the end of its current item and
  /// returns true, or returns false if nobody is delivering (the deliverer may just have stopped).
  @inlinable @inline(__always)
  internal final func requestAttention() -> Bool {
    // A plain load first: when nobody delivers (the common case of a sender), nobody can start
    // while this thread holds the lock, and a load is much cheaper than a compare-exchange.
    guard isDelivering else { return false }
    let (exchanged, original) = deliveryState.compareExchange(
      expected: Self.delivering, desired: Self.delivering | Self.attention, ordering: .acquiringAndReleasing)
    return exchanged || original != 0
  }

  /// The deliverer, holding the lock: records whether it is still delivering and whether its next
  /// visit to the lock is needed.
  @inlinable @inline(__always)
  internal final func setDeliveryState(delivering: Bool, attention: Bool) {
    let state = delivering ? (attention ? Self.delivering | Self.attention : Self.delivering) : 0
    deliveryState.store(state, ordering: .releasing)
  }

  /// The deliverer, after an item, without the lock: stops delivering if nothing needs it to come
  /// back to the lock; returns whether it stopped.
  @inlinable @inline(__always)
  internal final func stopDeliveringUnlessNeeded() -> Bool {
    deliveryState.compareExchange(expected: Self.delivering, desired: 0, ordering: .acquiringAndReleasing).exchanged
  }

  /// Unregisters `subscription` in O(1); then, when called from another thread than the deliverer
  /// while a delivery is under way, waits until the item being delivered has been delivered, so
  /// that no callback of `subscription` runs once this returns.
  ///
  /// A thread inside a callback (of any subject) does not wait: see ``DeliveringThread.isDelivering``.
  ///
  /// Called by code running under the lock on the thread that holds it, the removal is recorded
  /// and made once the lock is released (``applyDeferredRemovals()``): taking the lock again would
  /// trap. The subscription is already flagged disposed, so it receives nothing more.
  @usableFromInline
  internal final func remove(_ subscription: SubscriptionBase) {
    if shared.isHeldByCurrentThread {
      deferredRemovals.append(subscription)
      return
    }
    let thread = currentThreadID()
    var removedNow = false
    let parker: Parker? = shared.withLock { shared in
      // `requestAttention()` is false when nobody delivers (or the delivery just ended): then
      // nobody reads `slots` outside the lock and the removal is made at once.
      let delivering = requestAttention()
      if subscription.isRegistered {
        if delivering {
          shared.pendingRemovals.append(subscription)
        } else {
          slots.remove(subscription)
          removedNow = true
        }
      }
      guard delivering, shared.deliverer != thread, !DeliveringThread.isDelivering else { return nil }
      let parker = Parker()
      shared.stepWaiters.append(parker)
      return parker
    }
    // Out of the list and nobody delivering: no deliverer can reach the subscription any more, so
    // its observer is released now (after the lock), not when the disposable is, as ReactiveKit
    // and Combine do (a disposed observation kept in a property must not keep its observer).
    if removedNow { subscription.markEnded() }
    parker?.wait()
  }

  /// Whether ``remove(_:)`` deferred removals while the calling thread held the lock; then
  /// ``applyDeferredRemovals()`` must run once it is released.
  @inlinable @inline(__always)
  internal final var needsDeferredRemovals: Bool {
    deferredRemovals.mayBePending
  }

  /// Makes the removals ``remove(_:)`` deferred while the calling thread held the lock.
  @usableFromInline
  internal final func applyDeferredRemovals() {
    for subscription in deferredRemovals.take() { remove(subscription) }
  }

  /// The deliverer, between items, holding the lock: makes the removals deferred while it
  /// delivered, and returns the removed subscriptions for the caller to drop once the lock is
  /// released (the last reference to one may be among them, and its deinitialization runs the
  /// observer's).
  ///
  /// - Complexity: O(k) for k deferred removals.
  @inlinable
  internal final func applyPendingRemovals(_ shared: inout Shared) -> ContiguousArray<SubscriptionBase> {
    for subscription in shared.pendingRemovals where subscription.isRegistered {
      slots.remove(subscription)
    }
    defer { shared.pendingRemovals = [] }
    return shared.pendingRemovals
  }

  /// Blocks until every item accepted before the call has been delivered (returns at once when
  /// nothing is being delivered).
  ///
  /// Traps only when the wait provably cannot end: the calling thread is this subject's deliverer
  /// (inside one of its callbacks, directly or through a delivery nested in one). Any other thread
  /// waits, also one inside a callback of another subject or an observer of a container, as a
  /// container's `waitUntilDelivered()` does: that delivery ends unless its deliverer in turn
  /// waits for this thread's (a cycle of waits, which deadlocks; see ThreadingAndReentrancy.md).
  @usableFromInline
  internal final func waitUntilDelivered() {
    let thread = currentThreadID()
    let parker: Parker? = shared.withLock { shared in
      guard isDelivering else { return nil }
      tetherPrecondition(
        shared.deliverer != thread,
        "waitUntilDelivered() called on the thread delivering this subject or property (from inside its callback): "
          + "the wait could never end (the callback holds up the delivery it waits for)"
      )
      guard requestAttention() else { return nil }  // the delivery just ended
      let parker = Parker()
      shared.deliveryWaiters.append((shared.accepted, parker))
      return parker
    }
    parker?.wait()
  }
}

extension SubjectCoreBase.Shared {
  /// Ends one delivery step, with `queued` items still queued: every other accepted item has been
  /// delivered; releases whoever waits for that.
  @inlinable
  @inline(__always)
  internal mutating func endStep(queued: Int) {
    finished = accepted &- UInt64(queued)
    if !stepWaiters.isEmpty {
      wakeups.append(contentsOf: stepWaiters)
      stepWaiters.removeAll()
    }
    if !deliveryWaiters.isEmpty { releaseDeliveryWaiters() }
  }

  @usableFromInline
  internal mutating func releaseDeliveryWaiters() {
    let finished = finished
    deliveryWaiters.removeAll { waiter in
      guard waiter.target <= finished else { return false }
      wakeups.append(waiter.parker)
      return true
    }
  }

  /// Releases every sender waiting for room.
  @inlinable
  internal mutating func releaseRoomWaiters() {
    wakeups.append(contentsOf: roomWaiters)
    roomWaiters.removeAll()
  }

  /// Whether the deliverer must visit the lock after its next item even if nothing else is queued.
  @inlinable
  @inline(__always)
  internal var hasWaiters: Bool {
    successor != nil || !roomWaiters.isEmpty || !stepWaiters.isEmpty || !deliveryWaiters.isEmpty
  }

  /// Takes the parkers to signal after the lock is released (nil when there are none).
  @inlinable
  @inline(__always)
  internal mutating func takeWakeups() -> [Parker]? {
    guard !wakeups.isEmpty else { return nil }
    defer { wakeups = [] }
    return wakeups
  }
}
