extension SignalProtocol {
  /// Emits each element as `.success` and a failure as a last `.failure` element, then completes.
  ///
  /// Same as ReactiveKit. The result cannot fail: it completes when the receiver completes, and
  /// right after the `.failure` element when the receiver fails.
  @inlinable
  public func mapToResult() -> Signal<Result<Element, Error>, Never> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        switch event {
        case .next(let element):
          observer(.next(.success(element)))
        case .failed(let error):
          observer(.next(.failure(error)))
          observer(.completed)
        case .completed:
          observer(.completed)
        }
      }
    })
  }

  /// Maps each element to a `Result`, emitting a success's value and failing with a failure's error.
  ///
  /// Same as ReactiveKit: `map(transform).getValues()`. Completes when the receiver completes;
  /// fails when the receiver fails or at the first `.failure`, which also stops observing the
  /// receiver.
  @inlinable
  public func tryMap<NewElement>(
    _ transform: @escaping @Sendable (Element) -> Result<NewElement, Error>
  ) -> Signal<NewElement, Error> {
    map(transform).getValues()
  }

  /// Emits the values of `.success` elements and fails with the error of the first `.failure`.
  ///
  /// Same as ReactiveKit. Completes when the receiver completes; fails when the receiver fails or
  /// at the first `.failure` element, which also stops observing the receiver.
  @inlinable
  public func getValues<Value>() -> Signal<Value, Error> where Element == Result<Value, Error> {
    let upstream = UncheckedSendable(toSignal())
    // The public initializer's observer drops what follows the failure and ends the observation.
    return Signal { observer in
      upstream.observe { event in
        switch event {
        case .next(.success(let value)): observer.receive(value)
        case .next(.failure(let error)): observer.receive(completion: .failure(error))
        case .failed(let error): observer.receive(completion: .failure(error))
        case .completed: observer.receive(completion: .finished)
        }
      }
    }
  }
}

extension SignalProtocol where Error == Never {
  /// Maps each element to a `Result`, emitting a success's value and failing with a failure's error.
  ///
  /// Same as ReactiveKit: a signal that cannot fail becomes one that fails with the results' error
  /// type. Completes when the receiver completes; fails at the first `.failure`, which also stops
  /// observing the receiver.
  @inlinable
  public func tryMap<NewElement, Failure: Swift.Error>(
    _ transform: @escaping @Sendable (Element) -> Result<NewElement, Failure>
  ) -> Signal<NewElement, Failure> {
    map(transform).getValues()
  }

  /// Emits the values of `.success` elements and fails with the error of the first `.failure`.
  ///
  /// Same as ReactiveKit: a signal of results that cannot fail itself becomes one that fails with
  /// the results' error type. Completes when the receiver completes; fails at the first `.failure`
  /// element, which also stops observing the receiver.
  @inlinable
  public func getValues<Value, Failure: Swift.Error>() -> Signal<Value, Failure>
  where Element == Result<Value, Failure> {
    (castError() as Signal<Element, Failure>).getValues()
  }
}
