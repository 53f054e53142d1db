extension OperatorStorage {
  /// Observes `signal`, an input whose events may start a new observation of the operator's
  /// receiver: the re-subscription step of `repeat(when:)` and `retry(when:if:)`.
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
