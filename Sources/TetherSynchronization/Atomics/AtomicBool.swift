import CTetherAtomics

/// A `Bool` that threads read and change without a lock, through C11 atomic operations.
///
/// Tether's replacement for the standard library's `Atomic<Bool>`, which needs macOS 15 / iOS 18.
/// Stored like ``AtomicInt`` (one word in its own allocation, 0 or 1), noncopyable like `Atomic`.
@usableFromInline
package struct AtomicBool: ~Copyable, @unchecked Sendable {
  // Safe: the word is only ever read or written through the atomic operations below.
  @usableFromInline let word: UnsafeMutablePointer<tether_atomic_word>

  /// Creates an atomic Boolean holding `value`.
  ///
  /// - Complexity: O(1): one allocation of one word.
  @inlinable
  package init(_ value: Bool) {
    word = UnsafeMutablePointer<tether_atomic_word>.allocate(capacity: 1)
    tether_atomic_word_init(word, value ? 1 : 0)
  }

  deinit {
    word.deallocate()
  }

  /// Returns the value.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package func load(ordering: AtomicLoadOrdering) -> Bool {
    tether_atomic_word_load(word, ordering.order) != 0
  }

  /// Replaces the value with `desired`.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package func store(_ desired: Bool, ordering: AtomicStoreOrdering) {
    tether_atomic_word_store(word, desired ? 1 : 0, ordering.order)
  }

  /// Replaces the value with `desired` and returns the value it replaced.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) @discardableResult
  package func exchange(_ desired: Bool, ordering: AtomicUpdateOrdering) -> Bool {
    tether_atomic_word_exchange(word, desired ? 1 : 0, ordering.order) != 0
  }
}
