import CTetherAtomics

/// An `Int` read and changed atomically in place, inside memory that does not move (a
/// `ManagedBuffer`'s header or tail), so it needs no allocation of its own as ``AtomicInt`` does.
///
/// Swift gives no stable address to a class's stored property, so an object that wants its atomic
/// word inline keeps it in a `ManagedBuffer` and reaches it through the pointer the buffer lends
/// (`withUnsafeMutablePointerToHeader`), with the operations on
/// `UnsafeMutablePointer<AtomicIntStorage>`. Copying the storage value is not atomic: initialize it
/// in place and never move it while threads use it.
@usableFromInline
package struct AtomicIntStorage {
  @usableFromInline var word = tether_atomic_word()

  /// Storage holding `value`, to be placed in its final memory before any thread uses it.
  @inlinable
  package init(_ value: Int) {
    tether_atomic_word_init(&word, value)
  }
}

extension UnsafeMutablePointer where Pointee == AtomicIntStorage {
  /// Returns the value.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package func atomicLoad(ordering: AtomicLoadOrdering) -> Int {
    tether_atomic_word_load(&pointee.word, ordering.order)
  }

  /// Replaces the value with `desired`.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package func atomicStore(_ desired: Int, ordering: AtomicStoreOrdering) {
    tether_atomic_word_store(&pointee.word, desired, ordering.order)
  }

  /// Replaces the value with `desired` and returns the value it replaced.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) @discardableResult
  package func atomicExchange(_ desired: Int, ordering: AtomicUpdateOrdering) -> Int {
    tether_atomic_word_exchange(&pointee.word, desired, ordering.order)
  }
}
