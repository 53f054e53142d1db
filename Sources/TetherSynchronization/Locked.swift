#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Mutable state that one thread at a time may read or change, shared by every Tether module.
///
/// Built directly on the platform lock (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t`
/// elsewhere) instead of `Synchronization.Mutex`. On Linux, `Mutex` parks contended threads with
/// raw futex calls made inside the uninstrumented Synchronization library, so ThreadSanitizer
/// never sees the hand-over and reports every access the mutex orders as a race. The platform
/// locks are intercepted by ThreadSanitizer, so sanitized runs report only real races.
///
/// The state may hold values that are not `Sendable` (Tether does not require elements to be),
/// which is why the type is `@unchecked Sendable`: the lock still serializes every access.
///
/// `body` closures passed to ``withLock(_:)`` must not call user code: callers copy what they need
/// out of the lock and call observers afterwards.
@usableFromInline
package struct Locked<State>: ~Copyable, @unchecked Sendable {
  // Safe: the state is reachable only inside `withLock`, while the lock is held.
  @usableFromInline package let storage: LockedStorage<State>

  /// Creates a lock guarding `state`.
  @inlinable
  package init(_ state: State) {
    storage = LockedStorage.make(state)
  }

  /// Runs `body` with exclusive access to the state and returns its result.
  ///
  /// - Complexity: O(1) plus the cost of `body`.
  @inlinable
  package borrowing func withLock<Result, Failure: Swift.Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try storage.withLock(body)
  }
}

#if canImport(Darwin)
@usableFromInline package typealias PlatformLock = os_unfair_lock
#else
@usableFromInline package typealias PlatformLock = pthread_mutex_t
#endif

/// One allocation holding the state (header) and the platform lock (its single element), so both
/// have stable addresses for the lock's lifetime.
@usableFromInline
package final class LockedStorage<State>: ManagedBuffer<State, PlatformLock> {
  @inlinable
  package static func make(_ state: State) -> LockedStorage<State> {
    let buffer = create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { lock in
      #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock())
      #else
      lock.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(lock, nil)
      precondition(status == 0, "pthread_mutex_init failed with error \(status)")
      #endif
    }
    // `create` returns the dynamic subclass instance; the downcast cannot fail.
    return unsafeDowncast(buffer, to: LockedStorage<State>.self)
  }

  @inlinable
  package func withLock<Result, Failure: Swift.Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeMutablePointers { (state, lock) throws(Failure) -> Result in
      #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
      #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      #endif
      return try body(&state.pointee)
    }
  }

  deinit {
    // The header (the state) is a stored property and is destroyed by `ManagedBuffer` itself.
    withUnsafeMutablePointerToElements { lock in
      #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
      #endif
      _ = lock.deinitialize(count: 1)
    }
  }
}
