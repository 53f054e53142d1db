import TetherSynchronization

/// A disposable that forwards `dispose()` to a replaceable inner disposable.
///
/// As in ReactiveKit, replacing `otherDisposable` does not dispose the previous one; setting it
/// after the serial disposable was disposed disposes the new one immediately.
public final class SerialDisposable: Disposable {
  private struct State {
    var other: (any Disposable)?
    var isDisposed = false
  }
  private let state: Locked<State>

  /// Creates a serial disposable, optionally wrapping `otherDisposable`.
  public init(otherDisposable: (any Disposable)? = nil) {
    state = Locked(State(other: otherDisposable))
  }

  /// Whether the serial disposable has been disposed.
  public var isDisposed: Bool {
    state.withLock { $0.isDisposed }
  }

  /// The inner disposable that `dispose()` disposes.
  public var otherDisposable: (any Disposable)? {
    get { state.withLock { $0.other } }
    set {
      // The replaced disposable is released after the lock: what its handler captures may be
      // an object whose deinitializer disposes this one.
      let (disposeNow, _) = state.withLock { state -> (Bool, (any Disposable)?) in
        if state.isDisposed { return (true, nil) }
        defer { state.other = newValue }
        return (false, state.other)
      }
      if disposeNow { newValue?.dispose() }
    }
  }

  /// Disposes the inner disposable (outside the lock) and any set later.
  public func dispose() {
    let other = state.withLock { state in
      state.isDisposed = true
      let other = state.other
      state.other = nil
      return other
    }
    other?.dispose()
  }
}
