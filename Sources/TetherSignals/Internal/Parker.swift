#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A one-shot wake-up call: one thread parks in ``wait()`` until another calls ``signal()``.
///
/// Built on a pthread mutex and condition variable (rather than a semaphore from Dispatch or a raw
/// futex) so that ThreadSanitizer sees the hand-over between the two threads. Made only on slow
/// paths: a sender waiting for room, a sender taking over delivery, a `dispose()` or
/// `waitUntilDelivered()` waiting for a deliverer.
@usableFromInline
internal final class Parker: @unchecked Sendable {
  // Safe: `signalled` is only read or written while holding `mutex`.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var signalled = false

  @usableFromInline
  internal init() {
    mutex.initialize(to: pthread_mutex_t())
    condition.initialize(to: pthread_cond_t())
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Blocks until ``signal()`` has been called (returns at once if it already was).
  @usableFromInline
  internal func wait() {
    pthread_mutex_lock(mutex)
    while !signalled { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
  }

  /// Wakes the thread parked in ``wait()``, or lets its next ``wait()`` return at once.
  @usableFromInline
  internal func signal() {
    pthread_mutex_lock(mutex)
    signalled = true
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }
}
