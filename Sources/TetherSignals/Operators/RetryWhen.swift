extension SignalProtocol {
  /// Observes the receiver again each time it fails and `trigger` then emits an element.
  ///
  /// After a failure for which `shouldRetry` returns `true`, `trigger` is observed until its first
  /// element, which starts a new observation of the receiver; a failure for which it returns `false`
  /// fails the signal. Emits the elements of every attempt and completes when an attempt completes.
  /// If `trigger` completes before emitting, the signal fails with the error waiting for it
  /// (ReactiveKit then never ends). `shouldRetry` runs outside any lock.
  ///
  /// The observation holds the receiver and the trigger in order to observe them again, but not a
  /// subject behind them (see ``toSignal()``): when a subject's owner lets it go without ending it,
  /// the observer is released (ReactiveKit keeps it). A receiver and a trigger that both act
  /// synchronously retry recursively, one stack frame per attempt.
  ///
  /// - Parameters:
  ///   - trigger: Observed anew after each retried failure; its first element retries.
  ///   - shouldRetry: Whether a failure is retried; every failure is by default.
  @inlinable
  public func retry<Trigger: SignalProtocol>(
    when trigger: Trigger,
    if shouldRetry: @escaping @Sendable (Error) -> Bool = { _ in true }
  ) -> Signal<Element, Error> where Trigger.Error == Never {
    let upstream = UncheckedSendable(toSignal())
    let trigger = UncheckedSendable(trigger.toSignal())
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(RetryWhenMachine<Element, Error>(), observer: observer)
      storage.observeAttempts(of: upstream) { event, id, observeAttempt in
        var retrying = false
        if case .failed(let error) = event { retrying = shouldRetry(error) }
        let waits = storage.update { machine, outbox in
          machine.receive(event, attempt: id, retrying: retrying, &outbox)
        }
        guard waits == true else { return }
        storage.observe(
          trigger.value,
          receive: { machine, event, outbox in
            machine.receiveTrigger(isElement: event.element != nil, after: id, &outbox)
          },
          keep: { machine, observation in machine.attachTrigger(observation, after: id) },
          restart: observeAttempt
        )
      }
      return storage.handle
    })
  }
}

/// The state of `retry(when:if:)`: the current attempt, or the failure waiting for the trigger.
@usableFromInline
internal struct RetryWhenMachine<Element, Error: Swift.Error>: AttemptStateMachine {
  @usableFromInline var attempt = 0
  @usableFromInline var current: (any Disposable)?
  /// The attempt whose failure waits for the trigger, if any.
  @usableFromInline var waitingAfter: Int?
  @usableFromInline var pendingError: Error?
  @usableFromInline var trigger: (any Disposable)?

  @inlinable
  init() {}

  /// Keeps the observation of attempt `id`, or returns it if that attempt already ended.
  @inlinable
  mutating func attach(_ observation: any Disposable, attempt id: Int) -> (any Disposable)? {
    guard id == attempt, waitingAfter == nil else { return observation }
    current = observation
    return nil
  }

  /// Returns whether the caller must observe the trigger for attempt `id`'s failure.
  @inlinable
  mutating func receive(
    _ event: Signal<Element, Error>.Event,
    attempt id: Int,
    retrying: Bool,
    _ outbox: inout Outbox<Element, Error>
  ) -> Bool {
    guard id == attempt, waitingAfter == nil else { return false }
    guard case .failed(let error) = event, retrying else {
      outbox.send(event)
      return false
    }
    current = nil
    waitingAfter = id
    pendingError = error
    return true
  }

  /// Keeps the trigger observation for attempt `id`'s failure, or returns it if no longer wanted.
  @inlinable
  mutating func attachTrigger(_ observation: any Disposable, after id: Int) -> (any Disposable)? {
    guard waitingAfter == id else { return observation }
    trigger = observation
    return nil
  }

  /// On the trigger's first element, returns the attempt to start and the trigger observation to
  /// dispose; on its completion, fails with the waiting error.
  @inlinable
  mutating func receiveTrigger(
    isElement: Bool,
    after id: Int,
    _ outbox: inout Outbox<Element, Error>
  ) -> (attempt: Int, stop: (any Disposable)?)? {
    guard waitingAfter == id else { return nil }
    guard isElement else {
      if let error = pendingError.take() { outbox.fail(error) }
      return nil
    }
    waitingAfter = nil
    pendingError = nil
    attempt += 1
    defer { trigger = nil }
    return (attempt, trigger)
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    defer {
      current = nil
      trigger = nil
      pendingError = nil
    }
    return [current, trigger].compactMap { $0 }
  }
}
