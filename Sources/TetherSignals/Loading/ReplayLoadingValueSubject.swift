import TetherSynchronization

/// A subject of loading states that replays what a late observer needs to show: nothing before
/// the first state, `.loading` while the first load runs, then the last `bufferSize` loaded values
/// (or the last failure), and its terminal event if it has ended.
///
/// After a value was loaded, a later `.loading` state is delivered to the observers of the moment
/// but not replayed: a new observer sees the values loaded so far. A `.failed` state replaces the
/// replayed values. These are ReactiveKit's rules; delivery, thread safety and misuse are those of
/// ``ReplaySubject`` (ReactiveKit sends under its lock; this subject never does).
///
/// ```swift
/// let results = ReplayLoadingValueSubject<[Item], APIError, Never>(bufferSize: 1)
/// results.send(.loading)
/// results.send(.loaded(items))
/// results.observeNext { print($0) }  // loaded(items)
/// ```
public final class ReplayLoadingValueSubject<Val, LoadingError: Swift.Error, Error: Swift.Error>: SubjectProtocol {
  /// The type of the elements: loading states.
  public typealias Element = LoadingState<Val, LoadingError>

  /// What a joining observer is replayed, kept with every delivered state so that it is always
  /// the one as of the observer's place in the serial delivery order.
  fileprivate struct Frame {
    enum Phase {
      case notStarted
      case loading
      case settled
    }
    var phase = Phase.notStarted
    var values: [Element] = []
    /// The state this frame delivers; `nil` only for the initial frame.
    var latest: Element?
    /// Set on the copy handed to a joining observer.
    var isReplay = false

    var replayed: [Element] {
      switch phase {
      case .notStarted: return []
      case .loading: return [.loading]
      case .settled: return values
      }
    }
  }

  /// The number of loaded values replayed to a new observer.
  public let bufferSize: Int
  private let core: SubjectCore<Frame, Error>

  /// Creates a subject replaying up to `bufferSize` loaded values (all of them by default).
  public init(bufferSize: Int = Int.max) {
    tetherPrecondition(bufferSize >= 0, "A replay buffer size must not be negative (got \(bufferSize))")
    self.bufferSize = bufferSize
    core = SubjectCore(
      bufferSize: 1,
      current: Frame(),
      joinTransform: { frame in
        var replay = frame
        replay.isReplay = true
        return replay
      }
    )
  }

  deinit {
    core.detachAll()
  }

  /// Sends an event to every observer and records what later observers are replayed.
  ///
  /// - Complexity: O(b) for a `.loaded` state with b values buffered (the buffer is copied, since
  ///   the previous one may still be being replayed).
  public func on(_ event: Signal<Element, Error>.Event) {
    switch event {
    case .next(let state):
      let bufferSize = self.bufferSize
      core.modifyCurrent(notify: true) { frame in
        switch state {
        case .loading:
          if frame.phase == .notStarted { frame.phase = .loading }
        case .loaded:
          frame.phase = .settled
          frame.values.append(state)
          if frame.values.count > bufferSize { frame.values.removeFirst(frame.values.count - bufferSize) }
        case .failed:
          frame.phase = .settled
          frame.values = [state]
        }
        frame.latest = state
      }
    case .failed(let error):
      core.send(.failed(error))
    case .completed:
      core.send(.completed)
    }
  }

  /// Registers an observer: it receives the replayed states (see the type's description), the
  /// terminal event if any, then every later event.
  public func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
    let core = self.core
    // The atomic observer stops a replay of several states as soon as the observation is disposed.
    return Signal<Element, Error> { observer in
      core.observe { event in
        switch event {
        case .next(let frame):
          if frame.isReplay {
            for state in frame.replayed { observer.receive(state) }
          } else if let latest = frame.latest {
            observer.receive(latest)
          }
        case .failed(let error):
          observer.receive(completion: .failure(error))
        case .completed:
          observer.receive(completion: .finished)
        }
      }
    }
    .observe(with: observer)
  }

  /// Blocks until every event sent so far (by any thread) has been delivered to the observers
  /// (see ``ReplaySubject/waitUntilDelivered()``).
  public func waitUntilDelivered() {
    core.waitUntilDelivered()
  }
}

/// The subject is `Sendable` when its values are, like the other subjects.
extension ReplayLoadingValueSubject: @unchecked Sendable where Val: Sendable {
  // Safe: the only stored properties are immutable: the buffer size and the core, which guards its own state.
}
