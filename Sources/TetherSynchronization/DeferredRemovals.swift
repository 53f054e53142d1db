/// Observers disposed by code that runs under their engine's lock on the thread holding it (the
/// deinitializer of a value the locked code dropped), to be removed once that lock is released.
///
/// Removing them at once would take the engine's lock again on the thread that holds it, which
/// traps. The engine records them here instead (its own lock, only ever taken last, so no lock
/// order can deadlock) and, after releasing its lock, takes them back and removes them.
///
/// Noncopyable and stored in the engine, so it adds two small allocations (the list's lock and
/// the flag) and no object of its own.
@usableFromInline
package struct DeferredRemovals<Observer: AnyObject & Sendable>: ~Copyable, Sendable {
  @usableFromInline let observers: Locked<[Observer]>
  /// 1 while ``observers`` may hold some: one load on every release of the engine's lock.
  @usableFromInline let pending: AtomicInt

  @inlinable
  package init() {
    observers = Locked([])
    pending = AtomicInt(0)
  }

  /// Records `observer` for removal.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  package borrowing func append(_ observer: Observer) {
    observers.withLock { $0.append(observer) }
    pending.store(1, ordering: .releasing)
  }

  /// Whether removals may be waiting; check it after releasing the engine's lock.
  @inlinable @inline(__always)
  package var mayBePending: Bool {
    pending.load(ordering: .acquiring) != 0
  }

  /// Takes the recorded observers (each exactly once, whichever thread takes them).
  ///
  /// - Complexity: O(1).
  @inlinable
  package borrowing func take() -> [Observer] {
    pending.store(0, ordering: .relaxed)
    return observers.withLock { recorded in
      defer { recorded = [] }
      return recorded
    }
  }
}
