import CTetherAtomics

/// An `Int` that threads read and change without a lock, through C11 atomic operations.
///
/// Tether's replacement for the standard library's `Atomic<Int>`, which needs macOS 15 / iOS 18.
/// The word lives in its own small allocation, so it keeps one address however the owner (usually a
/// class instance's `let`) moves; the value is noncopyable, like `Atomic`, so that allocation has
/// exactly one owner and is freed with it.
@usableFromInline
package struct AtomicInt: ~Copyable, @unchecked Sendable {
  // Safe: the word is only ever read or written through the atomic operations below.
  @usableFromInline let word: UnsafeMutablePointer<tether_atomic_word>

  /// Creates an atomic integer holding `value`.
  ///
  /// - Complexity: O(1): one allocation of one word.
  @inlinable
  package init(_ value: Int) {
    word = UnsafeMutablePointer<tether_atomic_word>.allocate(capacity: 1)
    tether_atomic_word_init(word, value)
  }

  deinit {
    word.deallocate()
  }

  /// Returns the value.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package func load(ordering: AtomicLoadOrdering) -> Int {
    tether_atomic_word_load(word, ordering.order)
  }

  /// Replaces the value with `desired`.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package func store(_ desired: Int, ordering: AtomicStoreOrdering) {
    tether_atomic_word_store(word, desired, ordering.order)
  }

  /// Replaces the value with `desired` and returns the value it replaced.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) @discardableResult
  package func exchange(_ desired: Int, ordering: AtomicUpdateOrdering) -> Int {
    tether_atomic_word_exchange(word, desired, ordering.order)
  }

  /// Replaces the value with `desired` if it is `expected`; returns whether it did and the value
  /// found.
  ///
  /// A failed exchange only reads, with the strongest load order `ordering` allows.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) @discardableResult
  package func compareExchange(
    expected: Int,
    desired: Int,
    ordering: AtomicUpdateOrdering
  ) -> (exchanged: Bool, original: Int) {
    var original = expected
    let exchanged = tether_atomic_word_compare_exchange(
      word, &original, desired, ordering.order, ordering.failureOrder)
    return (exchanged, original)
  }

  /// Adds `operand`, wrapping around on overflow; returns the values before and after.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) @discardableResult
  package func wrappingAdd(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
    let old = tether_atomic_word_fetch_add(word, operand, ordering.order)
    return (old, old &+ operand)
  }

  /// Subtracts `operand`, wrapping around on overflow; returns the values before and after.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) @discardableResult
  package func wrappingSubtract(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
    let old = tether_atomic_word_fetch_sub(word, operand, ordering.order)
    return (old, old &- operand)
  }

  /// Adds `operand`, trapping if the sum overflows; returns the values before and after.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) @discardableResult
  package func add(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
    let (old, new) = wrappingAdd(operand, ordering: ordering)
    tetherPrecondition(
      (operand >= 0) == (new >= old), "AtomicInt.add overflowed: \(old) + \(operand) does not fit in an Int")
    return (old, new)
  }

  /// Subtracts `operand`, trapping if the difference overflows; returns the values before and after.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) @discardableResult
  package func subtract(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
    let (old, new) = wrappingSubtract(operand, ordering: ordering)
    tetherPrecondition(
      (operand >= 0) == (new <= old), "AtomicInt.subtract overflowed: \(old) - \(operand) does not fit in an Int")
    return (old, new)
  }

  /// Replaces the value with `operand` if `operand` is larger; returns the values before and after.
  ///
  /// - Complexity: O(1) expected; a compare-exchange loop that retries while other threads change
  ///   the value in between.
  @inlinable @discardableResult
  package func max(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
    var current = load(ordering: .relaxed)
    while current < operand {
      let (exchanged, original) = compareExchange(expected: current, desired: operand, ordering: ordering)
      if exchanged { return (current, operand) }
      current = original
    }
    return (current, current)
  }
}
