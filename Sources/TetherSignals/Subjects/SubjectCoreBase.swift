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
    /// The live subscriptions, densely packed (a removal moves the last one into the hole).
    @usableFromInline internal var slots = ContiguousArray<SubscriptionBase>()
    @usableFromInline internal var isDelivering = false
    /// The thread delivering (while `isDelivering`).
    @usableFromInline internal var deliverer: UInt = 0
    /// The deliverer spent its budget on other threads' items and hands over to the next sender.
    @usableFromInline internal var reliefRequested = false
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
    /// Items accepted for delivery (queued or delivered at once), and items whose delivery ended.
    @usableFromInline internal var accepted: UInt64 = 0
    @usableFromInline internal var finished: UInt64 = 0

    @inlinable
    internal init() {}
  }

  @usableFromInline internal let shared: Locked<Shared>
  /// ``deliveryDepthKey``, copied once.
  @usableFromInline internal let depthKey = deliveryDepthKey

  /// Creates the shared state; `reentryMessage` is the trap message for a callback that runs
  /// under the lock (a `Property.modify` body) and touches the same subject.
  @inlinable
  internal init(reentryMessage: StaticString) {
    shared = Locked(Shared(), reentryMessage: reentryMessage)
  }

  /// Unregisters `subscription` in O(1); then, when called from another thread than the deliverer
  /// while a delivery is under way, waits until the item being delivered has been delivered, so
  /// that no callback of `subscription` runs once this returns.
  ///
  /// A thread inside a callback (of any subject) does not wait: see ``isDeliveringOnThisThread()``.
  @usableFromInline
  internal final func remove(_ subscription: SubscriptionBase) {
    let thread = currentThreadID()
    let parker: Parker? = shared.withLock { shared in
      let slot = subscription.slot
      if slot >= 0 {
        subscription.slot = -1
        let last = shared.slots.removeLast()
        if slot < shared.slots.count {
          shared.slots[slot] = last
          last.slot = slot
        }
      }
      guard shared.isDelivering, shared.deliverer != thread, !isDeliveringOnThisThread() else { return nil }
      let parker = Parker()
      shared.stepWaiters.append(parker)
      return parker
    }
    parker?.wait()
  }

  /// Blocks until every item accepted before the call has been delivered (returns at once when
  /// nothing is being delivered).
  @usableFromInline
  internal final func waitUntilDelivered() {
    let thread = currentThreadID()
    let parker: Parker? = shared.withLock { shared in
      guard shared.isDelivering, shared.finished < shared.accepted else { return nil }
      precondition(
        shared.deliverer != thread,
        "waitUntilDelivered() was called from inside a callback of the same subject or property; it would wait for itself"
      )
      let parker = Parker()
      shared.deliveryWaiters.append((shared.accepted, parker))
      return parker
    }
    parker?.wait()
  }
}

extension SubjectCoreBase.Shared {
  /// Ends one delivery step: counts a finished item and releases whoever waits for it.
  @inlinable
  @inline(__always)
  internal mutating func endStep(finishedItem: Bool) {
    if finishedItem { finished &+= 1 }
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

  /// Takes the parkers to signal after the lock is released (nil when there are none).
  @inlinable
  @inline(__always)
  internal mutating func takeWakeups() -> [Parker]? {
    guard !wakeups.isEmpty else { return nil }
    defer { wakeups = [] }
    return wakeups
  }
}
