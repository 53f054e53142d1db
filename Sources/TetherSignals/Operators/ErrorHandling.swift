import TetherSynchronization

extension SignalProtocol {
  /// Emits the receiver's elements and, if it fails, fails with `transform(error)` instead.
  ///
  /// Completes when the receiver completes.
  @inlinable
  public func mapError<NewError: Swift.Error>(
    _ transform: @escaping @Sendable (Error) -> NewError
  ) -> Signal<Element, NewError> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        switch event {
        case .next(let element): observer(.next(element))
        case .failed(let error): observer(.failed(transform(error)))
        case .completed: observer(.completed)
        }
      }
    })
  }

  /// Emits the receiver's elements and, if it fails, emits `element` and completes instead.
  ///
  /// Completes when the receiver completes. The result cannot fail.
  @inlinable
  public func replaceError(with element: Element) -> Signal<Element, Never> {
    let upstream = UncheckedSendable(toSignal())
    let element = UncheckedSendable(element)
    return Signal { observer in
      upstream.observe { event in
        switch event {
        case .next(let element):
          observer.on(.next(element))
        case .failed:
          observer.on(.next(element.value))
          observer.on(.completed)
        case .completed:
          observer.on(.completed)
        }
      }
    }
  }

  /// Emits the receiver's elements and completes, rather than fails, if it fails.
  ///
  /// As in ReactiveKit, with `logging` the suppressed error is printed with the call site's
  /// `file` and `line`. The result cannot fail.
  @inlinable
  public func suppressError(
    logging: Bool = true,
    file: String = #fileID,
    line: Int = #line
  ) -> Signal<Element, Never> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        switch event {
        case .next(let element):
          observer(.next(element))
        case .failed(let error):
          if logging { print("Signal at \(file):\(line) encountered an error: \(error)") }
          observer(.completed)
        case .completed:
          observer(.completed)
        }
      }
    })
  }

  /// Emits the receiver's elements and, if it fails, continues with the signal `recover` makes
  /// from the error.
  ///
  /// Completes when the receiver completes, or when the recovery signal ends; fails only if the
  /// recovery signal fails.
  @inlinable
  public func flatMapError<Recovery: SignalProtocol>(
    _ recover: @escaping @Sendable (Error) -> Recovery
  ) -> Signal<Element, Recovery.Error> where Recovery.Element == Element {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let disposables = CompositeDisposable()
      disposables += upstream.observe { event in
        switch event {
        case .next(let element):
          observer.receive(element)
        case .completed:
          observer.receive(completion: .finished)
        case .failed(let error):
          let recovery = recover(error)
          disposables += recovery.observe { event in observer.on(event) }
        }
      }
      return disposables
    }
  }

  /// Observes the receiver again, up to `times` more times, each time it fails.
  ///
  /// Emits the elements of every attempt. Completes when an attempt completes; fails with the last
  /// attempt's error once the retries are used up. `retry(0)` is the receiver unchanged.
  /// Attempts that fail synchronously are retried in a loop, not recursively.
  ///
  /// The observation holds the receiver in order to observe it again, but not a subject behind it
  /// (see ``toSignal()``): when a subject's owner lets it go without ending it, the observer is
  /// released even if the observation's disposable was dropped without being disposed.
  @inlinable
  public func retry(_ times: Int) -> Signal<Element, Error> {
    tetherPrecondition(times >= 0, "retry(_:) requires a non-negative number of retries (got \(times))")
    guard times > 0 else { return toSignal() }
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(RetryMachine<Element, Error>(remaining: times), observer: observer)
      @Sendable func observeAttempts() {
        var attempt = storage.update { machine, _ in machine.beginSubscribing() }
        while let id = attempt {
          let observation = upstream.observe { event in
            let retry = storage.update { machine, outbox in machine.receive(event, attempt: id, outbox: &outbox) }
            if retry == true { observeAttempts() }
          }
          switch storage.update({ machine, _ in machine.endSubscribing(observation, attempt: id) }) {
          case .none:
            observation.dispose()
            attempt = nil
          case .some(let next):
            attempt = next
          }
        }
      }
      observeAttempts()
      return storage.handle
    })
  }

  /// Observes the receiver again, up to `times` more times, each time it fails.
  ///
  /// The ReactiveKit spelling of ``retry(_:)``.
  @inlinable
  public func retry(times: Int) -> Signal<Element, Error> {
    retry(times)
  }
}

/// The state of ``SignalProtocol/retry(_:)``: the current attempt and the retries left.
@usableFromInline
internal struct RetryMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var remaining: Int
  @usableFromInline var attempt = 0
  @usableFromInline var current: (any Disposable)?
  /// An `observe` call for `attempt` is running; a failure meanwhile is retried by that loop.
  @usableFromInline var isSubscribing = false
  @usableFromInline var retryAfterSubscribing = false

  @inlinable
  init(remaining: Int) {
    self.remaining = remaining
  }

  @inlinable
  mutating func beginSubscribing() -> Int {
    isSubscribing = true
    return attempt
  }

  /// Called once `observe` returned; returns the next attempt to observe if this one already failed.
  @inlinable
  mutating func endSubscribing(_ observation: any Disposable, attempt id: Int) -> Int? {
    isSubscribing = false
    if retryAfterSubscribing {
      retryAfterSubscribing = false
      isSubscribing = true
      return attempt
    }
    if id == attempt { current = observation }
    return nil
  }

  /// Returns whether the caller must observe the receiver again.
  @inlinable
  mutating func receive(
    _ event: Signal<Element, Error>.Event,
    attempt id: Int,
    outbox: inout Outbox<Element, Error>
  ) -> Bool {
    guard id == attempt else { return false }
    guard case .failed = event, remaining > 0 else {
      outbox.send(event)
      return false
    }
    remaining -= 1
    attempt += 1
    current = nil
    if isSubscribing {
      retryAfterSubscribing = true
      return false
    }
    return true
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    defer { current = nil }
    return current.map { [$0] } ?? []
  }
}
