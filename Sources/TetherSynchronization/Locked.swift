import CTetherAtomics

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
/// A lock that many threads take at once for short sections (a container's, which every producer
/// thread takes per mutation) can be made *spinning* (``init(_:reentryMessage:spinning:)``): with
/// glibc its mutex is of the adaptive kind (`PTHREAD_MUTEX_ADAPTIVE_NP`), so a thread finding it
/// taken retries for a short, bounded while (glibc's own limit, about a hundred tries) before it
/// sleeps in the kernel. A container's critical sections are a few hundred nanoseconds, far
/// shorter than a futex sleep and wake-up, so on a machine whose cores really run at once the
/// waiter usually gets the lock without a system call: four threads appending to one array took
/// 2.0x one thread's time instead of 2.6 to 3.4x (snapshots suite). The retries are bounded, unlike
/// a hand-written spin tried before, which held a waiter for about 10 µs when the lock's holder had
/// been preempted. Other locks stay plain: the adaptive kind's extra checks cost an uncontended
/// lock and unlock about a nanosecond, a few percent of a subject's send.
///
/// The lock is `Sendable` when its state is, as a class holding it with `let` would be. A type
/// whose locked state holds values that are not `Sendable` (elements, which Tether does not
/// require to be) says why it may still be shared, with its own `@unchecked Sendable`.
///
/// `body` closures passed to ``withLock(_:)`` must not call user code: callers copy what they need
/// out of the lock and call observers afterwards. Where a lock must run user code (an element's
/// `hash(into:)`, a `Property.modify` body, a bins filter), that code touching the same object
/// would take the lock again on the thread that holds it. Instead of deadlocking, that traps with
/// the lock's `reentryMessage`: the lock records its owner thread and checks it before locking (an
/// error-checking pthread mutex would do it too on Linux, but makes each lock and unlock about 4 ns
/// slower in glibc; the owner word costs a fraction of a nanosecond).
@usableFromInline
package struct Locked<State>: ~Copyable {
  @usableFromInline package let storage: LockedStorage<State>

  /// Creates a lock guarding `state`.
  ///
  /// - Parameter reentryMessage: The trap message when the thread holding the lock takes it
  ///   again; name the misuse (what user code touched what).
  ///   - spinning: Whether a thread finding the lock taken retries a short, bounded while before it
  ///     sleeps (glibc's adaptive mutex; elsewhere the platform lock as it is), for locks many
  ///     threads take at once for short sections.
  @inlinable
  package init(_ state: State, reentryMessage: StaticString = Locked.defaultReentryMessage, spinning: Bool = false) {
    storage = LockedStorage.make(state, reentryMessage: reentryMessage, spinning: spinning)
  }

  /// Runs `body` with exclusive access to the state and returns its result.
  ///
  /// Traps with the lock's re-entry message if the calling thread already holds the lock.
  ///
  /// - Complexity: O(1) plus the cost of `body`.
  @inlinable
  package borrowing func withLock<Result, Failure: Swift.Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try storage.withLock(body)
  }
}

// Safe: the state is reachable only inside `withLock`, while the lock is held, and is `Sendable`.
extension Locked: @unchecked Sendable where State: Sendable {}

extension Locked {
  /// Whether the calling thread holds the lock: it is running code under ``withLock(_:)``, such
  /// as a deinitializer run by a value the locked code dropped.
  ///
  /// - Complexity: O(1): one relaxed atomic load.
  @inlinable
  package var isHeldByCurrentThread: Bool {
    storage.isHeldByCurrentThread
  }
}

extension Locked {
  /// The trap message of a lock created without one.
  @usableFromInline package static var defaultReentryMessage: StaticString {
    """
    A Tether lock was taken again by the thread holding it: code run under the lock (an element's \
    ==, hash(into:) or a closure given to the object) touched the same object \
    (re-entrant access would deadlock)
    """
  }
}

/// The platform lock and what the re-entry check needs, stored in the lock's allocation.
@usableFromInline
package struct PlatformLock: ~Copyable {
  #if canImport(Darwin)
  @usableFromInline var lock = os_unfair_lock()
  #else
  @usableFromInline var lock = pthread_mutex_t()
  #endif
  /// The thread holding the lock, or 0. Written only by that thread while it holds the lock, so a
  /// thread reading its own identifier here does hold the lock (relaxed ordering suffices). It is
  /// stored in place (the lock's allocation does not move) and read and written only atomically.
  @usableFromInline var owner = tether_atomic_word()
  @usableFromInline let reentryMessage: StaticString

  @inlinable
  init(reentryMessage: StaticString) {
    self.reentryMessage = reentryMessage
  }
}

/// The calling thread's identifier, never 0, unique among live threads; every Tether module uses
/// this one (see `tether_current_thread()`), so identifiers compare across modules.
@inlinable @inline(__always)
package func currentThreadIdentifier() -> Int {
  Int(bitPattern: tether_current_thread())
}

/// ``currentThreadIdentifier()`` as an unsigned word: what the delivery engines record as a
/// deliverer or batching thread, to tell a thread's own re-entrant calls from other threads'.
@inlinable @inline(__always)
package func currentThreadID() -> UInt {
  UInt(bitPattern: currentThreadIdentifier())
}

/// One allocation holding the state (header) and the platform lock (its single element), so both
/// have stable addresses for the lock's lifetime.
@usableFromInline
package final class LockedStorage<State>: ManagedBuffer<State, PlatformLock> {
  @inlinable
  package static func make(_ state: State, reentryMessage: StaticString, spinning: Bool) -> LockedStorage<State> {
    let buffer = create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { lock in
      lock.initialize(to: PlatformLock(reentryMessage: reentryMessage))
      #if canImport(Glibc)
      // A zeroed mutex is glibc's `PTHREAD_MUTEX_INITIALIZER`; with the adaptive kind set it is
      // `PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP` (see `Locked`), made without the three attribute
      // calls `pthread_mutex_init` would need.
      if spinning { lock.pointee.lock.__data.__kind = Int32(PTHREAD_MUTEX_ADAPTIVE_NP) }
      #elseif !canImport(Darwin)
      let status = pthread_mutex_init(&lock.pointee.lock, nil)
      tetherPrecondition(status == 0, "pthread_mutex_init failed with error \(status)")
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
      let thread = currentThreadIdentifier()
      if _slowPath(tether_atomic_word_load(&lock.pointee.owner, memory_order_relaxed) == thread) {
        reentered(lock.pointee.reentryMessage)
      }
      #if canImport(Darwin)
      os_unfair_lock_lock(&lock.pointee.lock)
      #else
      pthread_mutex_lock(&lock.pointee.lock)
      #endif
      tether_atomic_word_store(&lock.pointee.owner, thread, memory_order_relaxed)
      defer {
        tether_atomic_word_store(&lock.pointee.owner, 0, memory_order_relaxed)
        #if canImport(Darwin)
        os_unfair_lock_unlock(&lock.pointee.lock)
        #else
        pthread_mutex_unlock(&lock.pointee.lock)
        #endif
      }
      return try body(&state.pointee)
    }
  }

  /// See ``Locked/isHeldByCurrentThread``. The owner word holds the calling thread's identifier
  /// only while that thread holds the lock (it writes it after locking and clears it before
  /// unlocking), so a relaxed load suffices.
  @inlinable
  package var isHeldByCurrentThread: Bool {
    withUnsafeMutablePointerToElements { lock in
      tether_atomic_word_load(&lock.pointee.owner, memory_order_relaxed) == currentThreadIdentifier()
    }
  }

  deinit {
    // The header (the state) is a stored property and is destroyed by `ManagedBuffer` itself.
    withUnsafeMutablePointerToElements { lock in
      #if !canImport(Darwin)
      pthread_mutex_destroy(&lock.pointee.lock)
      #endif
      _ = lock.deinitialize(count: 1)
    }
  }
}

/// Traps because the thread holding a lock took it again.
@usableFromInline @inline(never)
func reentered(_ message: StaticString) -> Never {
  fatalError("\(message)")
}
