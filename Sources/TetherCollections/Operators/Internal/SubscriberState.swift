import TetherSignals
import TetherSynchronization

/// The state of one observation of a collection operator (one subscriber), created inside the
/// operator's producer so that no two observations ever share it.
///
/// The upstream delivers one event at a time, possibly from different threads, and the operators
/// call user code (`isIncluded`, comparators, transforms) while updating their state. User code
/// must not run under a lock, so an event takes the state out (``take()``), updates it unlocked,
/// and puts it back (``put(_:)``) before emitting. The mutex only orders those hand-overs between
/// threads; taking the value out also keeps its copy-on-write buffers uniquely referenced.
final class SubscriberState<State>: @unchecked Sendable {
  // Safe: `state` is only reached inside the mutex; the value held may contain non-Sendable
  // elements, which Tether allows (see `Signal`): they cross threads only where the user sends them.
  private struct Box: @unchecked Sendable {  // Safe: only accessed under the mutex.
    var state: State?
  }

  private let mutex: Locked<Box>

  init(_ state: State? = nil) {
    mutex = Locked(Box(state: state))
  }

  /// Takes the state out, leaving nothing; `nil` if there is none yet (or it was dropped).
  func take() -> State? {
    mutex.withLock { box -> Box in
      defer { box.state = nil }
      return Box(state: box.state)
    }.state
  }

  /// Stores the state for the next event.
  func put(_ state: State?) {
    let transfer = Box(state: state)
    mutex.withLock { $0 = transfer }
  }
}

extension SubscriberState {
  /// Runs `body` on the state taken out of the box, outside the lock, then puts the state back.
  ///
  /// The operators' upstreams never overlap deliveries, so the state is always there; a fresh one
  /// from `makeState` keeps a broken upstream from crashing (its first changeset becomes a reload).
  func update<Output>(orMake makeState: () -> State, _ body: (inout State) -> Output) -> Output {
    var state = take() ?? makeState()
    let output = body(&state)
    put(state)
    return output
  }

  /// Drops the state, the observation being over, and ends `observer` with `completion`.
  func end<Output, Failure>(
    _ observer: AtomicObserver<Output, Failure>, with completion: Subscribers.Completion<Failure>
  ) {
    // The state (and the elements it holds) is released after the lock.
    _ = take()
    observer.receive(completion: completion)
  }
}
