import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// State guarded by a `Synchronization.Mutex`, for state holding elements that need not be
/// `Sendable`.
///
/// `Mutex` asks for values moved in and out of it to be `sending`, which generic, possibly
/// non-Sendable elements handed over by callers cannot prove. Tether does not require elements to
/// be `Sendable` (see ``Signal``), so the state is wrapped in an unchecked box; the mutex still
/// serializes every access.
///
/// On Linux, `Mutex` hands a contended lock over through a futex in the uninstrumented
/// Synchronization library, which ThreadSanitizer cannot see: it then reports the accesses the
/// mutex orders as races. When ThreadSanitizer is running, `withLock` adds a release/acquire pair
/// on a side atomic that it can see (see ``threadSanitizerIsRunning``).
@usableFromInline
internal struct Locked<State>: ~Copyable, @unchecked Sendable {
  // Safe: `State` is reachable only inside `withLock`, under the mutex; see above for elements.
  @usableFromInline
  internal struct Box: @unchecked Sendable {  // Safe: only ever accessed under the mutex.
    @usableFromInline internal var state: State

    @inlinable
    internal init(state: State) {
      self.state = state
    }
  }

  @usableFromInline internal let mutex: Mutex<Box>
  @usableFromInline internal let sanitizerSync = Atomic<Int>(0)
  /// ``threadSanitizerIsRunning``, read once here so the hot path reads a field, not a global.
  @usableFromInline internal let annotatesForSanitizer: Bool

  @inlinable
  internal init(_ state: State) {
    mutex = Mutex(Box(state: state))
    annotatesForSanitizer = threadSanitizerIsRunning
  }

  /// Runs `body` with exclusive access to the state. `body` must not call user code.
  @inlinable
  internal borrowing func withLock<Result, Failure: Swift.Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock { (box) throws(Failure) -> Result in
      guard annotatesForSanitizer else { return try body(&box.state) }
      _ = sanitizerSync.load(ordering: .acquiring)
      defer { sanitizerSync.wrappingAdd(1, ordering: .releasing) }
      return try body(&box.state)
    }
  }
}

/// Whether the process runs under ThreadSanitizer (its runtime exports `__tsan_init`).
@usableFromInline
internal let threadSanitizerIsRunning: Bool = {
  #if canImport(Glibc)
  return dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
  #else
  return false  // Darwin's Mutex is built on os_unfair_lock, which ThreadSanitizer understands.
  #endif
}()
