import Synchronization

/// One observer registered with a ``SubjectCore``; disposing it unregisters the observer in O(1).
@usableFromInline
internal final class Subscription<Element, Error: Swift.Error>: Disposable, @unchecked Sendable {
  // Safe: `core` is immutable and `disposed` is atomic; `slot` is only read or written while
  // holding the owning core's lock; `observer` is only called by the core's deliverer and only
  // replaced by `markEnded()`, which runs on the deliverer or under the lock while nobody delivers.
  //
  // The core is held strongly (a weak reference costs a side table and atomic weak-count traffic
  // on every subscribe and dispose). The cycle core -> slots -> subscription -> core is broken when
  // the subscription is removed, when the core terminates, or when the subject or property owning
  // the core deinitializes and calls `detachAll()`.
  //
  // An operator keeps the subscription (to dispose it) while the observer captures the operator's
  // state, a second cycle that nothing outside breaks when the subject goes away without
  // completing. So an ended subscription drops its observer.
  @exclusivity(unchecked) @usableFromInline
  internal var observer: @Sendable (Signal<Element, Error>.Event) -> Void
  @usableFromInline internal let core: SubjectCore<Element, Error>
  @usableFromInline internal let disposed = Atomic<Bool>(false)

  /// The index of this subscription in the core's slot array, or -1 when not registered.
  @exclusivity(unchecked) @usableFromInline internal var slot = -1

  @inlinable
  internal init(
    observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void,
    core: SubjectCore<Element, Error>
  ) {
    self.observer = observer
    self.core = core
  }

  @inlinable
  internal var isDisposed: Bool {
    disposed.load(ordering: .acquiring)
  }

  @inlinable
  internal func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    core.remove(self)
  }

  /// Delivers `event` unless disposed; after a terminal event the subscription is ended.
  @inlinable
  internal func receive(_ event: Signal<Element, Error>.Event) {
    guard !isDisposed else { return }
    observer(event)
    if event.isTerminal { markEnded() }
  }

  /// Marks the subscription ended without touching the core (used when the core terminates or is
  /// detached), and releases the observer and everything it captures.
  @inlinable
  internal func markEnded() {
    disposed.store(true, ordering: .releasing)
    observer = { _ in }
  }
}
