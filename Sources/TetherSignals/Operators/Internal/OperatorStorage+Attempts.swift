/// The state of an operator that observes its receiver again and again (`repeat(when:)`,
/// `retry(when:if:)`): each observation is an attempt, numbered from 1.
@usableFromInline
internal protocol AttemptStateMachine: OperatorStateMachine {
  /// The current attempt (0 before the first one).
  var attempt: Int { get set }

  /// Keeps the observation of attempt `id`, or returns it if that attempt is no longer wanted
  /// (a newer one replaced it, or it already ended).
  mutating func attach(_ observation: any Disposable, attempt id: Int) -> (any Disposable)?
}

extension AttemptStateMachine {
  /// Starts the first attempt and returns it.
  @inlinable
  internal mutating func beginFirstAttempt() -> Int {
    attempt = 1
    return attempt
  }
}

extension OperatorStorage where Machine: AttemptStateMachine {
  /// Observes `upstream` once per attempt, starting with the first: the re-subscription loop of
  /// `repeat(when:)` and `retry(when:if:)`.
  ///
  /// `receive` gets each event of an attempt's observation with the attempt, and the function
  /// that observes `upstream` again for a new attempt (for ``observe(_:receive:keep:restart:)``).
  /// Each observation is handed to the machine's `attach(_:attempt:)` as ``attach(_:_:)`` does.
  @inlinable
  internal func observeAttempts(
    of upstream: UncheckedSendable<Signal<Element, Error>>,
    receive:
      @escaping @Sendable (
        _ event: Signal<Element, Error>.Event, _ attempt: Int, _ restart: @escaping @Sendable (Int) -> Void
      ) -> Void
  ) {
    @Sendable func observeAttempt(_ id: Int) {
      let observation = upstream.observe { event in receive(event, id, observeAttempt) }
      attach(observation) { machine, observation in machine.attach(observation, attempt: id) }
    }
    if let first = update({ machine, _ in machine.beginFirstAttempt() }) { observeAttempt(first) }
  }
}

extension OperatorStorage {
  /// Observes `signal`, an input whose events may start a new observation of the operator's
  /// receiver (the signal made from `repeat(when:)`'s latest element, `retry(when:if:)`'s trigger).
  ///
  /// Each event of `signal` goes to `receive` under the lock; when it returns an attempt, the
  /// observation it returns with it (the one the attempt replaces) is disposed and `restart` is
  /// called with the attempt, both outside the lock. The observation of `signal` is handed to
  /// `keep` as ``attach(_:_:)`` does.
  @inlinable
  internal func observe<Input, InputError>(
    _ signal: Signal<Input, InputError>,
    receive:
      @escaping @Sendable (
        inout Machine, Signal<Input, InputError>.Event, inout Outbox<Element, Error>
      ) -> (attempt: Int, stop: (any Disposable)?)?,
    keep: (inout Machine, any Disposable) -> (any Disposable)?,
    restart: @escaping @Sendable (Int) -> Void
  ) {
    let observation = signal.observe { event in
      let restarting = self.update { machine, outbox in receive(&machine, event, &outbox) }
      guard let restarting, let (attempt, stop) = restarting else { return }
      stop?.dispose()
      restart(attempt)
    }
    attach(observation, keep)
  }
}
