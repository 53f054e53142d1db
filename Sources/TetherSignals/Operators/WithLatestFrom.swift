extension SignalProtocol {
  /// Emits each of the receiver's elements paired with the latest element of `other`.
  ///
  /// The receiver's elements that arrive before `other` has emitted anything are dropped. `other`
  /// is observed first, so a signal that replays its current value (a ``Property``, a
  /// ``ReplayOneSubject``) is ready for the receiver's first element. Completes when the receiver
  /// completes (`other` completing changes nothing); fails as soon as either fails, as in
  /// ReactiveKit.
  @inlinable
  public func with<Other: SignalProtocol>(latestFrom other: Other) -> Signal<(Element, Other.Element), Error>
  where Other.Error == Error {
    let upstream = UncheckedSendable(toSignal())
    let other = UncheckedSendable(other)
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(WithLatestFromMachine<Element, Other.Element, Error>(), observer: observer)
      storage.add(other.observe { event in storage.update { machine, outbox in machine.receiveOther(event, &outbox) } })
      guard !storage.isDisposed else { return storage.handle }
      storage.add(upstream.observe { event in storage.update { machine, outbox in machine.receive(event, &outbox) } })
      return storage.handle
    })
  }

  /// Emits `combine` of each of the receiver's elements and the latest element of `other`; see
  /// `with(latestFrom:)`.
  @inlinable
  public func with<Other: SignalProtocol, Result>(
    latestFrom other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Error> where Other.Error == Error {
    with(latestFrom: other).map(combine)
  }
}

/// The state of `with(latestFrom:)`: the latest element of the other signal.
@usableFromInline
internal struct WithLatestFromMachine<Element, Latest, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var latest: Latest?

  @inlinable
  init() {}

  @inlinable
  mutating func receive(_ event: Signal<Element, Error>.Event, _ outbox: inout Outbox<(Element, Latest), Error>) {
    switch event {
    case .next(let element):
      if let latest { outbox.next((element, latest)) }
    case .failed(let error):
      outbox.fail(error)
    case .completed:
      outbox.complete()
    }
  }

  /// Returns the latest element a new one replaces, to release after the lock.
  @inlinable
  mutating func receiveOther(
    _ event: Signal<Latest, Error>.Event,
    _ outbox: inout Outbox<(Element, Latest), Error>
  ) -> Latest? {
    switch event {
    case .next(let element):
      let replaced = latest.take()
      latest = element
      return replaced
    case .failed(let error): outbox.fail(error)
    case .completed: break
    }
    return nil
  }
}
