import Synchronization

/// State guarded by a `Synchronization.Mutex`, for state holding elements that need not be
/// `Sendable`.
///
/// `Mutex` asks for values moved in and out of it to be `sending`, which generic, possibly
/// non-Sendable elements handed over by callers cannot prove. Tether does not require elements to
/// be `Sendable` (see ``Signal``), so the state is wrapped in an unchecked box; the mutex still
/// serializes every access.
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

  @inlinable
  internal init(_ state: State) {
    mutex = Mutex(Box(state: state))
  }

  /// Runs `body` with exclusive access to the state. `body` must not call user code.
  @inlinable
  internal borrowing func withLock<Result, Failure: Swift.Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock { (box) throws(Failure) -> Result in try body(&box.state) }
  }
}
