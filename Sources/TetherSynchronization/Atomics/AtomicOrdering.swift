import CTetherAtomics

/// How an atomic load orders the memory accesses around it (the C11 orders a load may use).
///
/// The case names are those of the standard library's `Synchronization` module, which Tether does
/// not use because it needs macOS 15 / iOS 18.
@usableFromInline
package enum AtomicLoadOrdering: Sendable {
  /// Only the load itself is atomic.
  case relaxed
  /// Later accesses stay after the load, and see what the matching release published.
  case acquiring
  /// Acquiring, and part of the single order of all sequentially consistent operations.
  case sequentiallyConsistent

  @inlinable @inline(__always)
  var order: memory_order {
    switch self {
    case .relaxed: memory_order_relaxed
    case .acquiring: memory_order_acquire
    case .sequentiallyConsistent: memory_order_seq_cst
    }
  }
}

/// How an atomic store orders the memory accesses around it (the C11 orders a store may use).
@usableFromInline
package enum AtomicStoreOrdering: Sendable {
  /// Only the store itself is atomic.
  case relaxed
  /// Earlier accesses stay before the store and are published to an acquiring load that sees it.
  case releasing
  /// Releasing, and part of the single order of all sequentially consistent operations.
  case sequentiallyConsistent

  @inlinable @inline(__always)
  var order: memory_order {
    switch self {
    case .relaxed: memory_order_relaxed
    case .releasing: memory_order_release
    case .sequentiallyConsistent: memory_order_seq_cst
    }
  }
}

/// How an atomic read-modify-write operation orders the memory accesses around it.
@usableFromInline
package enum AtomicUpdateOrdering: Sendable {
  /// Only the operation itself is atomic.
  case relaxed
  /// The read acquires (see ``AtomicLoadOrdering/acquiring``).
  case acquiring
  /// The write releases (see ``AtomicStoreOrdering/releasing``).
  case releasing
  /// The read acquires and the write releases.
  case acquiringAndReleasing
  /// Acquiring and releasing, and part of the single order of all sequentially consistent
  /// operations.
  case sequentiallyConsistent

  @inlinable @inline(__always)
  var order: memory_order {
    switch self {
    case .relaxed: memory_order_relaxed
    case .acquiring: memory_order_acquire
    case .releasing: memory_order_release
    case .acquiringAndReleasing: memory_order_acq_rel
    case .sequentiallyConsistent: memory_order_seq_cst
    }
  }

  /// The order of a failed compare-exchange, which only reads: the strongest load order this
  /// order's read part allows.
  @inlinable @inline(__always)
  var failureOrder: memory_order {
    switch self {
    case .relaxed, .releasing: memory_order_relaxed
    case .acquiring, .acquiringAndReleasing: memory_order_acquire
    case .sequentiallyConsistent: memory_order_seq_cst
    }
  }
}
