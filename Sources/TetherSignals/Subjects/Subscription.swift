import TetherSynchronization

/// What a subscription is without its element type: enough to dispose it and find its slot.
///
/// `any Disposable` calls reach ``dispose()`` here, in code that does not depend on the element type.
@usableFromInline
internal class SubscriptionBase: Disposable, @unchecked Sendable {
  // Safe: `core` is immutable, `disposed` is atomic, and `slot` is only read or written while
  // holding the owning core's lock.
  //
  // The core is held strongly (a weak reference costs a side table and atomic weak-count traffic
  // on every subscribe and dispose). The cycle core -> slots -> subscription -> core is broken when
  // the subscription is removed, when the core terminates, or when the subject or property owning
  // the core deinitializes.
  //
  // An operator keeps the subscription (to dispose it) while the observer captures the operator's
  // state, a second cycle that nothing outside breaks when the subject goes away without
  // completing. So an ended subscription drops its observer (see `Subscription.markEnded()`).
  @usableFromInline internal let core: SubjectCoreBase
  @usableFromInline internal let disposed = AtomicBool(false)

  /// The index of this subscription in the core's slot array, or -1 when not registered.
  @exclusivity(unchecked) @usableFromInline internal var slot = -1

  @inlinable
  internal init(core: SubjectCoreBase) {
    self.core = core
  }

  @inlinable
  internal final var isDisposed: Bool {
    disposed.load(ordering: .acquiring)
  }

  @inlinable
  internal final func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    core.remove(self)
  }

  /// Marks the subscription ended without touching the core (used when the core terminates or is
  /// detached); the subclass also releases the observer and everything it captures.
  @usableFromInline
  internal func markEnded() {
    disposed.store(true, ordering: .releasing)
  }
}

/// One observer registered with a ``SubjectCore``; disposing it unregisters the observer in O(1).
@usableFromInline
internal final class Subscription<Element, Error: Swift.Error>: SubscriptionBase, @unchecked Sendable {
  // Safe: `observer` is only called by the core's deliverer and only replaced by `markEnded()`,
  // which runs on the deliverer or under the core's lock while nobody delivers; the rest is the
  // base class's.
  @exclusivity(unchecked) @usableFromInline
  internal var observer: @Sendable (Signal<Element, Error>.Event) -> Void

  @inlinable
  internal init(
    observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void,
    core: SubjectCoreBase
  ) {
    self.observer = observer
    super.init(core: core)
  }

  /// Delivers `event` unless disposed; after a terminal event the subscription is ended.
  @inlinable
  internal func receive(_ event: Signal<Element, Error>.Event) {
    guard !isDisposed else { return }
    observer(event)
    if event.isTerminal { markEnded() }
  }

  /// Ends the subscription and releases the observer and everything it captures.
  @usableFromInline
  internal override func markEnded() {
    super.markEnded()
    observer = { _ in }
  }
}
