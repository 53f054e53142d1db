import TetherSynchronization

/// Per-observation state of a single-input operator, shared by its `@Sendable` callbacks.
///
/// The upstream delivers one event at a time, but possibly from different threads; the lock makes
/// each event's view of the state complete. Callers read or change the state inside ``withLock(_:)``
/// and call user code and the observer after it returns.
@usableFromInline
internal final class LockedBox<State>: @unchecked Sendable {
  // Safe: the state is reachable only under the lock; elements in it share the operator's signal's sendability.
  @usableFromInline internal let state: Locked<State>

  @inlinable
  internal init(_ state: State) {
    self.state = Locked(state)
  }

  /// Runs `body` with exclusive access to the state. `body` must not call user code.
  @inlinable
  internal func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock(body)
  }
}
