extension Signal {
  /// A signal that emits `element`, then completes.
  public init(just element: Element) {
    let box = UncheckedSendable(element)
    self.init(unsafeSubscribe: { observer in
      observer(.next(box.value))
      observer(.completed)
      return NonDisposable.instance
    })
  }

  /// A signal that emits every element of `sequence`, synchronously and in order, then completes.
  ///
  /// The sequence is iterated anew for every observer.
  public init<S: Sequence>(sequence: S) where S.Element == Element {
    // Erasing the sequence type keeps its metatype out of the @Sendable producer.
    let makeIterator = UncheckedSendable({ AnyIterator(sequence.makeIterator()) })
    self.init({ observer in
      for element in IteratorSequence(makeIterator.value()) {
        guard !observer.isDisposed else { break }
        observer.receive(element)
      }
      observer.on(.completed)
      return NonDisposable.instance
    })
  }

  /// A signal that runs `body` for each observer, as it subscribes, and emits the success value
  /// then completes, or fails with the failure (ReactiveKit's `Signal(evaluating:)`).
  public init(evaluating body: @escaping @Sendable () -> Result<Element, Error>) {
    self.init(unsafeSubscribe: { observer in
      switch body() {
      case .success(let element):
        observer(.next(element))
        observer(.completed)
      case .failure(let error):
        observer(.failed(error))
      }
      return NonDisposable.instance
    })
  }

  /// A signal that emits the success value of `result` then completes, or fails with its failure
  /// (ReactiveKit's `Signal(result:)`).
  public init(result: Result<Element, Error>) {
    let box = UncheckedSendable(result)
    self.init(evaluating: { box.value })
  }

  /// A signal that calls `makeSignal` for each observer, as it subscribes, and forwards the events
  /// of the signal it returns (ReactiveKit's `Signal(deferring:)`).
  ///
  /// Ends when the made signal ends.
  public init<Other: SignalProtocol>(deferring makeSignal: @escaping @Sendable () -> Other)
  where Other.Element == Element, Other.Error == Error {
    self.init(unsafeSubscribe: { observer in makeSignal().observe(with: observer) })
  }

  /// A signal that completes at once without emitting anything.
  public static func completed() -> Signal<Element, Error> {
    Signal(unsafeSubscribe: { observer in
      observer(.completed)
      return NonDisposable.instance
    })
  }

  /// A signal that fails at once with `error`.
  public static func failed(_ error: Error) -> Signal<Element, Error> {
    Signal(unsafeSubscribe: { observer in
      observer(.failed(error))
      return NonDisposable.instance
    })
  }

  /// A signal that never emits anything and never ends.
  public static func never() -> Signal<Element, Error> {
    Signal(unsafeSubscribe: { _ in NonDisposable.instance })
  }
}

extension Signal where Error == Never {
  /// A signal that runs `body` for each observer, synchronously as it subscribes, and emits its
  /// result then completes (ReactiveKit's non-failing `Signal(performing:)`). An `async` body runs
  /// in a task instead (see the async form).
  public init(performing body: @escaping @Sendable () -> Element) {
    self.init(unsafeSubscribe: { observer in
      observer(.next(body()))
      observer(.completed)
      return NonDisposable.instance
    })
  }
}

extension Signal where Error == any Swift.Error {
  /// A signal that runs `body` for each observer and emits its result then completes, or fails
  /// with the error it throws.
  public init(performing body: @escaping @Sendable () throws -> Element) {
    self.init(unsafeSubscribe: { observer in
      do {
        let element = try body()
        observer(.next(element))
        observer(.completed)
      } catch {
        observer(.failed(error))
      }
      return NonDisposable.instance
    })
  }
}
