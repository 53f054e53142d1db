extension SignalProtocol {
  /// Maps each element to a signal and emits the events of the latest one only.
  ///
  /// When a new element arrives, the signal made from the previous one is no longer observed
  /// (even if it has not finished). Completes when the receiver and the latest inner signal have
  /// both completed; fails as soon as the receiver or the current inner signal fails. Events of
  /// the receiver and the inner signals are delivered one at a time.
  @inlinable
  public func flatMapLatest<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Error> where Inner.Error == Error {
    flattenLatest(map { transform($0).toSignal() })
  }

  /// Maps each element to a signal that cannot fail and emits the events of the latest one only;
  /// see `flatMapLatest(_:)`.
  @inlinable
  public func flatMapLatest<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Error> where Inner.Error == Never {
    flattenLatest(map { transform($0).castError() })
  }
}

extension SignalProtocol where Error == Never {
  /// Maps each element to a signal and emits the events of the latest one only; the result fails
  /// when an inner signal fails. See `flatMapLatest(_:)`.
  @inlinable
  public func flatMapLatest<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Inner.Error> {
    flattenLatest(map { transform($0).toSignal() }.castError())
  }
}

extension SignalProtocol where Element: SignalProtocol, Element.Error == Error {
  /// Emits the events of the latest signal the receiver emitted; see `flatMapLatest(_:)`.
  @inlinable
  public func switchToLatest() -> Signal<Element.Element, Error> {
    flattenLatest(map { $0.toSignal() })
  }
}

@inlinable
internal func flattenLatest<Element, Error>(_ outer: Signal<Signal<Element, Error>, Error>) -> Signal<Element, Error> {
  let outer = UncheckedSendable(outer)
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(FlattenLatestMachine<Element, Error>(), observer: observer)
    storage.add(
      outer.observe { event in
        guard case .next(let inner) = event else {
          storage.update { machine, outbox in machine.receiveOuterEnd(event, &outbox) }
          return
        }
        guard let (id, replaced) = storage.update({ machine, _ in machine.beginInner() }) else { return }
        replaced?.dispose()
        let observation = inner.observe { event in
          storage.update { machine, outbox in machine.receiveInner(event, id: id, &outbox) }
        }
        storage.attach(observation) { machine, observation in machine.attach(observation, id: id) }
      })
    return storage.handle
  })
}

/// The state of flatMapLatest: which inner signal is the latest, and whether the outer one ended.
@usableFromInline
internal struct FlattenLatestMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var latest = 0
  @usableFromInline var isInnerActive = false
  @usableFromInline var inner: (any Disposable)?
  @usableFromInline var isOuterDone = false

  @inlinable
  init() {}

  /// Makes a new inner signal the latest; returns its id and the replaced one's observation.
  @inlinable
  mutating func beginInner() -> (id: Int, replaced: (any Disposable)?) {
    latest += 1
    isInnerActive = true
    defer { inner = nil }
    return (latest, inner)
  }

  /// Keeps the observation of inner signal `id`, or returns it if that signal is done or replaced.
  @inlinable
  mutating func attach(_ observation: any Disposable, id: Int) -> (any Disposable)? {
    guard id == latest, isInnerActive else { return observation }
    inner = observation
    return nil
  }

  @inlinable
  mutating func receiveInner(_ event: Signal<Element, Error>.Event, id: Int, _ outbox: inout Outbox<Element, Error>) {
    guard id == latest else { return }
    switch event {
    case .next, .failed:
      outbox.send(event)
    case .completed:
      isInnerActive = false
      inner = nil
      if isOuterDone { outbox.complete() }
    }
  }

  @inlinable
  mutating func receiveOuterEnd(
    _ event: Signal<Signal<Element, Error>, Error>.Event, _ outbox: inout Outbox<Element, Error>
  ) {
    switch event {
    case .next: break
    case .failed(let error): outbox.fail(error)
    case .completed:
      isOuterDone = true
      if !isInnerActive { outbox.complete() }
    }
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    defer { inner = nil }
    return inner.map { [$0] } ?? []
  }
}
