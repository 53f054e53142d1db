import TetherSynchronization

/// A disposable that disposes a group of disposables together.
///
/// Adding to an already disposed composite disposes the new disposable at once.
public final class CompositeDisposable: Disposable {
  private struct State {
    var disposables: [any Disposable]
    var isDisposed = false
  }
  private let state: Locked<State>

  /// Creates a composite holding `disposables`.
  public init(_ disposables: [any Disposable] = []) {
    state = Locked(State(disposables: disposables))
  }

  /// Whether the composite has been disposed.
  public var isDisposed: Bool {
    state.withLock { $0.isDisposed }
  }

  /// Adds a disposable; disposes it immediately if the composite is already disposed.
  public func add(_ disposable: any Disposable) {
    let added = state.withLock { state in
      guard !state.isDisposed else { return false }
      state.disposables.append(disposable)
      return true
    }
    if !added { disposable.dispose() }
  }

  /// Adds a disposable to the composite.
  public static func += (left: CompositeDisposable, right: any Disposable) {
    left.add(right)
  }

  /// Disposes every disposable in the group (outside the lock) and all added later.
  public func dispose() {
    let disposables = state.withLock { state in
      state.isDisposed = true
      let all = state.disposables
      state.disposables = []
      return all
    }
    for disposable in disposables { disposable.dispose() }
  }
}
