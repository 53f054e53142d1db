// ReactiveKit 3.21 operators whose job a Tether operator does with a different shape or slightly
// different semantics. They are unavailable, so the compiler stops at each call and its message
// (or the `renamed:` fix-it) says what to write; the bodies show the replacement and never run.

extension SignalProtocol {
  /// ReactiveKit's side-effect operator; use ``handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)``.
  ///
  /// `start` becomes `receiveSubscription`, `next` becomes `receiveOutput`, `failed` and
  /// `completed` are one `receiveCompletion`, and `disposed` becomes `receiveCancel`, which runs
  /// only when an observation is disposed before the signal ended (ReactiveKit also ran `disposed`
  /// after a completion or failure).
  @available(
    *, unavailable,
    renamed: "handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)",
    message:
      "start -> receiveSubscription, next -> receiveOutput, failed/completed -> receiveCompletion, disposed -> receiveCancel (runs on dispose only, not after a completion)"
  )
  public func doOn(
    next: (@Sendable (Element) -> Void)? = nil,
    start: (@Sendable () -> Void)? = nil,
    failed: (@Sendable (Error) -> Void)? = nil,
    completed: (@Sendable () -> Void)? = nil,
    disposed: (@Sendable () -> Void)? = nil
  ) -> Signal<Element, Error> {
    handleEvents(
      receiveSubscription: start,
      receiveOutput: next,
      receiveCompletion: { completion in
        switch completion {
        case .finished: completed?()
        case .failure(let error): failed?(error)
        }
      },
      receiveCancel: disposed
    )
  }

  /// ReactiveKit's `distinctUntilChanged(_:)`, whose closure says whether two elements are
  /// *distinct*; use ``removeDuplicates(by:)``, whose closure says whether they are *equal*.
  @available(
    *, unavailable, renamed: "removeDuplicates(by:)",
    message: "the closure now returns true when the elements are equal (the opposite of areDistinct)"
  )
  public func distinctUntilChanged(
    _ areDistinct: @escaping @Sendable (Element, Element) -> Bool
  ) -> Signal<Element, Error> {
    removeDuplicates { !areDistinct($0, $1) }
  }

  /// ReactiveKit's older `distinct(areDistinct:)`; use ``removeDuplicates(by:)`` with the
  /// opposite closure.
  @available(
    *, unavailable, renamed: "removeDuplicates(by:)",
    message: "the closure now returns true when the elements are equal (the opposite of areDistinct)"
  )
  public func distinct(areDistinct: @escaping @Sendable (Element, Element) -> Bool) -> Signal<Element, Error> {
    removeDuplicates { !areDistinct($0, $1) }
  }

  /// ReactiveKit's `replaceElements(with:)`; `map` says it.
  @available(*, unavailable, message: "use map { _ in element }")
  public func replaceElements<Replacement: Sendable>(with element: Replacement) -> Signal<Replacement, Error> {
    map { _ in element }
  }

  /// ReactiveKit's `eraseType()`; `map` says it.
  @available(*, unavailable, message: "use map { _ in }")
  public func eraseType() -> Signal<Void, Error> {
    map { _ in }
  }

  /// ReactiveKit's `feedNext(into:)`; a one-line ``handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)``.
  @available(*, unavailable, message: "use handleEvents(receiveOutput: { listener.send($0) })")
  public func feedNext<Listener: SubjectProtocol & Sendable>(into listener: Listener) -> Signal<Element, Error>
  where Listener.Element == Element {
    handleEvents(receiveOutput: { listener.send($0) })
  }

  /// ReactiveKit's `feedError(into:)`; a one-line ``handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)``.
  @available(
    *, unavailable,
    message: "use handleEvents(receiveCompletion: { if case .failure(let error) = $0 { listener.send(error) } })"
  )
  public func feedError<Listener: SubjectProtocol & Sendable>(into listener: Listener) -> Signal<Element, Error>
  where Listener.Element == Error {
    handleEvents(receiveCompletion: { completion in
      if case .failure(let error) = completion { listener.send(error) }
    })
  }

  /// ReactiveKit's `feedActivity(into:)`; ``handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)``
  /// sends `true` on subscription and `false` on completion and cancel.
  @available(
    *, unavailable,
    message:
      "use handleEvents(receiveSubscription: { listener.send(true) }, receiveCompletion: { _ in listener.send(false) }, receiveCancel: { listener.send(false) })"
  )
  public func feedActivity<Listener: SubjectProtocol & Sendable>(into listener: Listener) -> Signal<Element, Error>
  where Listener.Element == Bool {
    handleEvents(
      receiveSubscription: { listener.send(true) },
      receiveCompletion: { _ in listener.send(false) },
      receiveCancel: { listener.send(false) }
    )
  }

  /// ReactiveKit's `toErrorSignal()`; ``materialize()`` exposes the failure as an element.
  @available(*, unavailable, message: "use materialize().compactMap { $0.error }")
  public func toErrorSignal() -> Signal<Error, Never> {
    materialize().compactMap { $0.error }
  }

  /// ReactiveKit's `branchOutError()`; ``materialize()`` and ``share()`` split a signal into its
  /// elements and its failure.
  @available(
    *, unavailable,
    message:
      "let events = signal.materialize().share(); use events.compactMap { $0.element } and events.compactMap { $0.error }"
  )
  public func branchOutError() -> (Signal<Element, Never>, Signal<Error, Never>) {
    let events = materialize().share()
    return (events.compactMap { $0.element }, events.compactMap { $0.error })
  }

  /// ReactiveKit's `suppressAndFeedError(into:logging:)`; ``handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)``
  /// then ``suppressError(logging:file:line:)``.
  @available(
    *, unavailable,
    message:
      "use handleEvents(receiveCompletion: { if case .failure(let error) = $0 { listener.send(error) } }).suppressError(logging:)"
  )
  public func suppressAndFeedError<Listener: SubjectProtocol & Sendable>(
    into listener: Listener,
    logging: Bool = true
  ) -> Signal<Element, Never> where Listener.Element == Error {
    handleEvents(receiveCompletion: { completion in
      if case .failure(let error) = completion { listener.send(error) }
    })
    .suppressError(logging: logging)
  }
}

extension SignalProtocol where Element: Sequence {
  /// ReactiveKit's `flattenElements()`; `flatMapConcat(_:)` with ``Signal/init(sequence:)``.
  @available(*, unavailable, message: "use flatMapConcat { Signal(sequence: $0) }")
  public func flattenElements() -> Signal<Element.Element, Error> {
    flatMapConcat { Signal<Element.Element, Error>(sequence: Array($0)) }
  }

  /// ReactiveKit's older `unwrap()` of sequences; `flatMapConcat(_:)` with
  /// ``Signal/init(sequence:)``.
  @available(*, unavailable, message: "use flatMapConcat { Signal(sequence: $0) }")
  public func unwrap() -> Signal<Element.Element, Error> {
    flatMapConcat { Signal<Element.Element, Error>(sequence: Array($0)) }
  }
}

extension SignalProtocol {
  /// ReactiveKit's `mapWrapped(_:)`; `map` over the optional says it.
  @available(*, unavailable, message: "use map { $0.map(transform) }")
  public func mapWrapped<Wrapped, NewWrapped>(
    _ transform: @escaping @Sendable (Wrapped) -> NewWrapped
  ) -> Signal<NewWrapped?, Error> where Element == Wrapped? {
    map { $0.map(transform) }
  }
}
