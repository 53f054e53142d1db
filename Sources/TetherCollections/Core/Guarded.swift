import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// State guarded by a `Synchronization.Mutex`, for state holding elements that need not be
/// `Sendable`.
///
/// `Mutex` asks for values moved in and out of it to be `sending`, which generic, possibly
/// non-Sendable collections cannot prove. Tether does not require elements to be `Sendable` (see
/// `Signal`), so the state is wrapped in an unchecked box; the mutex still serializes every access.
///
/// On Linux `Mutex` is built on raw futex system calls, which ThreadSanitizer does not see, so a
/// sanitized run reports every access under the lock as a race. When the ThreadSanitizer runtime
/// is present, each lock hold is announced to it as an acquire and a release of this state
/// (``ThreadSanitizerHooks``); otherwise that costs one branch.
@usableFromInline
struct Guarded<State>: ~Copyable, @unchecked Sendable {
  // Safe: `State` is reachable only inside `withLock`, under the mutex; see above for elements.
  @usableFromInline
  struct Box: @unchecked Sendable {  // Safe: only ever accessed under the mutex.
    @usableFromInline var state: State

    @inlinable init(state: State) {
      self.state = state
    }
  }

  @usableFromInline let mutex: Mutex<Box>
  /// A unique address naming this lock to ThreadSanitizer.
  @usableFromInline let token: SynchronizationToken

  @inlinable
  init(_ state: State) {
    mutex = Mutex(Box(state: state))
    token = SynchronizationToken()
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable
  borrowing func withLock<Result, Failure: Swift.Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock { (box) throws(Failure) -> Result in
      guard let hooks = ThreadSanitizerHooks.shared else { return try body(&box.state) }
      let address = UnsafeRawPointer(Unmanaged.passUnretained(token).toOpaque())
      hooks.acquire(address)
      defer { hooks.release(address) }
      return try body(&box.state)
    }
  }
}

/// An object whose address names one lock to ThreadSanitizer.
@usableFromInline
final class SynchronizationToken: Sendable {
  @usableFromInline init() {}
}

/// ThreadSanitizer's annotation entry points, found at run time so that unsanitized builds need
/// not link them: `nil` unless the process runs under ThreadSanitizer.
@usableFromInline
struct ThreadSanitizerHooks: Sendable {
  @usableFromInline typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void

  @usableFromInline let acquire: Hook
  @usableFromInline let release: Hook

  @usableFromInline
  static let shared: ThreadSanitizerHooks? = {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    guard let process = dlopen(nil, RTLD_NOW),
      let acquire = dlsym(process, "__tsan_acquire"),
      let release = dlsym(process, "__tsan_release")
    else { return nil }
    return ThreadSanitizerHooks(
      acquire: unsafeBitCast(acquire, to: Hook.self),
      release: unsafeBitCast(release, to: Hook.self)
    )
    #else
    return nil
    #endif
  }()

  @usableFromInline init(acquire: Hook, release: Hook) {
    self.acquire = acquire
    self.release = release
  }
}
