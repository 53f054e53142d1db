/// The registered subscriptions of a ``SubjectCoreBase``: a growable buffer of strong references
/// whose memory the core manages itself.
///
/// Not a `ContiguousArray`: the deliverer reads the list outside the lock on every event (see
/// ``SubjectCoreBase/slots``), and reading an array stored in memory retains and releases
/// its buffer around each use, two atomic operations per event. Reading this list is two plain
/// loads. Its owner calls ``deallocate()`` exactly once (the core's deinitializer).
@usableFromInline
internal struct SubscriptionList {
  /// Initialized memory for ``count`` strong references; nil until the first append.
  @usableFromInline internal var base: UnsafeMutablePointer<SubscriptionBase>?
  @usableFromInline internal var count = 0
  @usableFromInline internal var capacity = 0

  @inlinable
  internal init() {}

  @inlinable
  internal var isEmpty: Bool { count == 0 }

  /// The subscription at `index`, which must be below ``count``.
  @inlinable
  internal subscript(index: Int) -> SubscriptionBase {
    get { base.unsafelyUnwrapped[index] }
    nonmutating set { base.unsafelyUnwrapped[index] = newValue }
  }

  /// Appends `subscription`.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  internal mutating func append(_ subscription: SubscriptionBase) {
    if count == capacity { grow() }
    (base.unsafelyUnwrapped + count).initialize(to: subscription)
    count += 1
  }

  @usableFromInline
  internal mutating func grow() {
    let newCapacity = Swift.max(4, capacity * 2)
    let newBase = UnsafeMutablePointer<SubscriptionBase>.allocate(capacity: newCapacity)
    if let base {
      newBase.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = newBase
    capacity = newCapacity
  }

  /// Removes and returns the last subscription; the list must not be empty.
  ///
  /// - Complexity: O(1).
  @inlinable
  internal mutating func removeLast() -> SubscriptionBase {
    count -= 1
    return (base.unsafelyUnwrapped + count).move()
  }

  /// Removes every subscription and returns them, in order, in an array the caller owns.
  ///
  /// - Complexity: O(n).
  @inlinable
  internal mutating func removeAll() -> ContiguousArray<SubscriptionBase> {
    guard let base, count > 0 else { return [] }
    let all = ContiguousArray(unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: base, count: count)
      initialized = count
    }
    count = 0
    return all
  }

  /// Calls `body` with each subscription, without retaining them: the list keeps them alive, and
  /// nobody may change it meanwhile.
  @inlinable @inline(__always)
  internal func withUnretainedElements<Subscription: SubscriptionBase>(
    as type: Subscription.Type,
    _ body: (Unmanaged<Subscription>) -> Void
  ) {
    guard let base else { return }
    let elements = UnsafeRawPointer(base).assumingMemoryBound(to: Unmanaged<Subscription>.self)
    for index in 0..<count { body(elements[index]) }
  }

  /// Releases every subscription and frees the memory; the list is unusable afterwards.
  @usableFromInline
  internal mutating func deallocate() {
    guard let base else { return }
    base.deinitialize(count: count)
    base.deallocate()
    self.base = nil
    count = 0
    capacity = 0
  }
}
