extension SignalProtocol where Element: LoadingStateProtocol, Error == Never {
  /// A loading signal that emits `.loading` and completes.
  public static func loading() -> LoadingSignal<Element.LoadingValue, Element.LoadingError> {
    Signal(just: .loading)
  }

  /// A loading signal that emits `value` as `.loaded` and completes.
  public static func loaded(_ value: Element.LoadingValue) -> LoadingSignal<Element.LoadingValue, Element.LoadingError>
  {
    Signal(just: .loaded(value))
  }

  /// A loading signal that emits `error` as `.failed` and completes.
  public static func failed(_ error: Element.LoadingError) -> LoadingSignal<Element.LoadingValue, Element.LoadingError>
  {
    Signal(just: .failed(error))
  }

  /// The loaded values: `.loaded` states become elements, `.loading` and `.failed` ones are
  /// dropped.
  public func value() -> Signal<Element.LoadingValue, Never> {
    compactMap { $0.value }
  }

  /// Transforms the loaded values; loading and failed states pass through.
  public func mapValue<NewValue>(
    _ transform: @escaping @Sendable (Element.LoadingValue) -> NewValue
  ) -> LoadingSignal<NewValue, Element.LoadingError> {
    map { state in
      switch state.asLoadingState {
      case .loading: return .loading
      case .loaded(let value): return .loaded(transform(value))
      case .failed(let error): return .failed(error)
      }
    }
  }

  /// Transforms the errors of failed states; loading and loaded states pass through.
  public func mapLoadingError<NewError: Swift.Error>(
    _ transform: @escaping @Sendable (Element.LoadingError) -> NewError
  ) -> LoadingSignal<Element.LoadingValue, NewError> {
    map { state in
      switch state.asLoadingState {
      case .loading: return .loading
      case .loaded(let value): return .loaded(value)
      case .failed(let error): return .failed(transform(error))
      }
    }
  }

  /// A regular signal of the loaded values that fails with the error of the first `.failed`
  /// state; `.loading` states are dropped. It completes when the receiver completes.
  public func dematerializeLoadingState() -> Signal<Element.LoadingValue, Element.LoadingError> {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      upstream.observe { event in
        switch event {
        case .next(let state):
          switch state.asLoadingState {
          case .loading: break
          case .loaded(let value): observer.receive(value)
          case .failed(let error): observer.receive(completion: .failure(error))
          }
        case .completed:
          observer.receive(completion: .finished)
        }
      }
    }
  }

  /// Applies regular signal operators to the loaded values: `transform` receives them as a
  /// signal (that completes when the receiver does) and its elements become `.loaded` states,
  /// its failure a `.failed` one; the receiver's `.loading` and `.failed` states pass through.
  /// As in ReactiveKit, the result starts with a `.loading` state of its own.
  ///
  /// ```swift
  /// results.liftValue { $0.dropFirst(1).map { $0.count } }
  /// ```
  public func liftValue<NewValue>(
    _ transform:
      @escaping @Sendable (Signal<Element.LoadingValue, Element.LoadingError>) -> Signal<
        NewValue, Element.LoadingError
      >
  ) -> LoadingSignal<NewValue, Element.LoadingError> {
    liftValue { values -> LoadingSignal<NewValue, Element.LoadingError> in
      transform(values).toLoadingSignal()
    }
  }

  /// Applies operators to the loaded values like the other `liftValue(_:)`, with a `transform`
  /// that itself makes a loading signal.
  public func liftValue<NewValue>(
    _ transform:
      @escaping @Sendable (Signal<Element.LoadingValue, Element.LoadingError>) -> LoadingSignal<
        NewValue, Element.LoadingError
      >
  ) -> LoadingSignal<NewValue, Element.LoadingError> {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let values = UncheckedSendable(PassthroughSubject<Element.LoadingValue, Element.LoadingError>())
      let lifted = transform(values.value.toSignal()).observe { event in observer.on(event) }
      let source = upstream.observe { event in
        switch event {
        case .next(let state):
          switch state.asLoadingState {
          case .loading: observer.receive(.loading)
          case .loaded(let value): values.value.send(value)
          case .failed(let error): observer.receive(.failed(error))
          }
        case .completed:
          values.value.send(completion: .finished)
        }
      }
      return CompositeDisposable([lifted, source])
    }
  }

  /// Maps each loaded value to a loading signal and emits the states of the latest one;
  /// `.loading` and `.failed` states of the receiver pass through.
  ///
  /// ReactiveKit's `flatMapValue(_:transfrom:)` takes a flatten strategy; this one always
  /// switches to the latest inner signal (ReactiveKit's default, `.latest`).
  public func flatMapValue<NewValue>(
    _ transform: @escaping @Sendable (Element.LoadingValue) -> LoadingSignal<NewValue, Element.LoadingError>
  ) -> LoadingSignal<NewValue, Element.LoadingError> {
    flatMapLatest { state -> LoadingSignal<NewValue, Element.LoadingError> in
      switch state.asLoadingState {
      case .loading: return Signal(just: .loading)
      case .loaded(let value): return transform(value)
      case .failed(let error): return Signal(just: .failed(error))
      }
    }
  }

  /// The states as an observer sees them: a `.loading` state after a value was loaded becomes
  /// `.reloading`, and repeated `.loading` states are emitted once.
  ///
  /// - Parameter loadsAgainOnFailure: Whether a `.loading` state after a `.failed` one stays
  ///   `.loading` (the default) rather than becoming `.reloading`.
  ///
  /// Unlike ReactiveKit, whose state is shared by every observation of the returned signal, each
  /// observation starts afresh.
  public func deriveObservedLoadingState(
    loadsAgainOnFailure: Bool = true
  ) -> Signal<ObservedLoadingState<Element.LoadingValue, Element.LoadingError>, Never> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      // (the previous state was `.loading`, a value or an error has been shown since the last load)
      let seen = LockedBox((previousWasLoading: false, hasShownResult: false))
      return upstream.observe { event in
        switch event {
        case .next(let state):
          let observed: ObservedLoadingState<Element.LoadingValue, Element.LoadingError>?
          switch state.asLoadingState {
          case .loading:
            observed = seen.withLock { seen in
              defer { seen.previousWasLoading = true }
              if seen.previousWasLoading { return nil }
              return seen.hasShownResult ? .reloading : .loading
            }
          case .loaded(let value):
            seen.withLock { $0 = (false, true) }
            observed = .loaded(value)
          case .failed(let error):
            seen.withLock { $0 = (false, !loadsAgainOnFailure) }
            observed = .failed(error)
          }
          if let observed { observer(.next(observed)) }
        case .completed:
          observer(.completed)
        }
      }
    })
  }
}

extension SignalProtocol {
  /// The receiver as a loading signal: `.loading` first, then each element as `.loaded`, and a
  /// failure as a `.failed` state after which the loading signal completes.
  public func toLoadingSignal() -> LoadingSignal<Element, Error> {
    map { LoadingState<Element, Error>.loaded($0) }
      .flatMapError { error in Signal<LoadingState<Element, Error>, Never>(just: .failed(error)) }
      .prepend(.loading)
  }

  /// Holds each element back until `property` has reloaded (with `reload()`), then emits it;
  /// fails if the reload fails. A new element cancels the reload still running for the previous one.
  public func reloading<LoadingValue: Sendable>(
    _ property: LoadingProperty<LoadingValue, Error>
  ) -> Signal<Element, Error> {
    flatMapLatest { element -> Signal<Element, Error> in
      let element = UncheckedSendable(element)
      return property.reload().dematerializeLoadingState().map { _ in element.value }
    }
  }
}

extension SignalProtocol where Element: LoadingStateProtocol, Error == Never {
  /// Holds each loaded value back until `property` has reloaded (with `reload()`), then emits it
  /// as `.loaded`; the reload's `.loading` and `.failed` states are emitted meanwhile.
  public func reloading<OtherValue: Sendable>(
    _ property: LoadingProperty<OtherValue, Element.LoadingError>
  ) -> LoadingSignal<Element.LoadingValue, Element.LoadingError> {
    flatMapValue { value -> LoadingSignal<Element.LoadingValue, Element.LoadingError> in
      let value = UncheckedSendable(value)
      return property.reload().mapValue { _ in value.value }
    }
  }
}
