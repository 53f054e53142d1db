import Synchronization

/// One observer registered with a ``SubjectCore``; disposing it unregisters the observer in O(1).
@usableFromInline
internal final class Subscription<Element, Error: Swift.Error>: Disposable, @unchecked Sendable {
  // Safe: `observer` and `core` are immutable, `disposed` is atomic, and `slot` is only read or
  // written while holding the owning core's lock.
  @usableFromInline
  internal let observer: @Sendable (Signal<Element, Error>.Event) -> Void
  @usableFromInline internal weak let core: SubjectCore<Element, Error>?
  @usableFromInline internal let disposed = Atomic<Bool>(false)

  /// The index of this subscription in the core's slot array, or -1 when not registered.
  @usableFromInline internal var slot = -1

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
    core?.remove(self)
  }

  /// Marks the subscription ended without touching the core (used when the core terminates).
  @inlinable
  internal func markEnded() {
    disposed.store(true, ordering: .releasing)
  }
}
