/// The registered subscriptions of a ``SubjectCoreBase``, in the order they subscribed: a doubly
/// linked list threaded through the subscriptions themselves (``SubscriptionFields``).
///
/// The list owns its members (one retain each, taken by ``append(_:)`` and given up by
/// ``remove(_:)``, ``removeAll()`` or ``deallocate()``); the links are unowned. So:
/// - a removal is O(1) and keeps the order of the others (ReactiveKit calls observers in the
///   order they subscribed), and never moves or repacks anything;
/// - the deliverer walks the list outside the lock with two plain loads per subscription and no
///   reference counting (see ``SubjectCoreBase/slots``); an array stored in memory would be
///   retained and released around each use.
///
/// Its owner calls ``deallocate()`` exactly once (the core's deinitializer).
@usableFromInline
internal struct SubscriptionList {
  @usableFromInline internal var first: Unmanaged<SubscriptionBase>?
  @usableFromInline internal var last: Unmanaged<SubscriptionBase>?
  @usableFromInline internal var count = 0

  @inlinable
  internal init() {}

  @inlinable
  internal var isEmpty: Bool { count == 0 }

  /// Appends `subscription`, which must not be in a list.
  ///
  /// - Complexity: O(1).
  @inlinable
  internal mutating func append(_ subscription: SubscriptionBase) {
    let node = Unmanaged.passRetained(subscription)
    let fields = subscription.fields
    fields.pointee.isRegistered = true
    fields.pointee.previous = last
    fields.pointee.next = nil
    if let last {
      last._withUnsafeGuaranteedRef { $0.fields.pointee.next = node }
    } else {
      first = node
    }
    last = node
    count += 1
  }

  /// Unlinks `subscription`, which must be in this list, and releases the list's reference to it
  /// (the caller holds another, so no deinitializer runs here).
  ///
  /// - Complexity: O(1).
  @inlinable
  internal mutating func remove(_ subscription: SubscriptionBase) {
    let fields = subscription.fields
    let previous = fields.pointee.previous
    let next = fields.pointee.next
    if let previous {
      previous._withUnsafeGuaranteedRef { $0.fields.pointee.next = next }
    } else {
      first = next
    }
    if let next {
      next._withUnsafeGuaranteedRef { $0.fields.pointee.previous = previous }
    } else {
      last = previous
    }
    fields.pointee.isRegistered = false
    fields.pointee.previous = nil
    fields.pointee.next = nil
    count -= 1
    Unmanaged.passUnretained(subscription).release()
  }

  /// Removes every subscription and returns them, in order, in an array the caller owns (the
  /// list's references move into it).
  ///
  /// - Complexity: O(n).
  @inlinable
  internal mutating func removeAll() -> ContiguousArray<SubscriptionBase> {
    var all = ContiguousArray<SubscriptionBase>()
    all.reserveCapacity(count)
    var current = first
    while let node = current {
      let fields = node._withUnsafeGuaranteedRef { $0.fields }
      current = fields.pointee.next
      fields.pointee.isRegistered = false
      fields.pointee.previous = nil
      fields.pointee.next = nil
      all.append(node.takeRetainedValue())
    }
    first = nil
    last = nil
    count = 0
    return all
  }

  /// Calls `body` with each subscription, in order, without retaining them: the list keeps them
  /// alive, and nobody may change it meanwhile.
  @inlinable @inline(__always)
  internal func withUnretainedElements<Subscription: SubscriptionBase>(
    as type: Subscription.Type,
    _ body: (Unmanaged<Subscription>) -> Void
  ) {
    var current = first
    while let node = current {
      body(Unmanaged<Subscription>.fromOpaque(node.toOpaque()))
      current = node._withUnsafeGuaranteedRef { $0.fields.pointee.next }
    }
  }

  /// Releases every subscription; the list is empty afterwards.
  @usableFromInline
  internal mutating func deallocate() {
    _ = removeAll()
  }
}
