extension SignalProtocol {
  /// Emits a pair of the latest elements of the receiver and `other` whenever either emits, once
  /// both have emitted at least once.
  ///
  /// Events are handled one at a time even when the signals emit on different threads, and the
  /// last pair emitted is always the pair of the latest elements. Completes when both have
  /// completed (as in ReactiveKit and Combine); fails as soon as either fails.
  @inlinable
  public func combineLatest<Other: SignalProtocol>(with other: Other) -> Signal<(Element, Other.Element), Error>
  where Other.Error == Error {
    combineLatestPair(toSignal(), other.toSignal())
  }

  /// Emits `combine` of the latest elements of the receiver and `other` whenever either emits,
  /// once both have emitted; see `combineLatest(with:)`.
  @inlinable
  public func combineLatest<Other: SignalProtocol, Result>(
    with other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Error> where Other.Error == Error {
    combineLatestPair(toSignal(), other.toSignal()).map(combine)
  }
}

/// Emits a tuple of the latest elements of `a` and `b` whenever either emits, once both have
/// emitted; see `combineLatest(with:)`.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol>(
  _ a: A,
  _ b: B
) -> Signal<(A.Element, B.Element), A.Error> where A.Error == B.Error {
  combineLatestPair(a.toSignal(), b.toSignal())
}

/// Emits `combine` of the latest elements of `a` and `b` whenever either emits, once both have
/// emitted; see `combineLatest(with:)`.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, Result>(
  _ a: A,
  _ b: B,
  combine: @escaping @Sendable (A.Element, B.Element) -> Result
) -> Signal<Result, A.Error> where A.Error == B.Error {
  combineLatestPair(a.toSignal(), b.toSignal()).map(combine)
}

/// Emits a tuple of the latest elements of `a`, `b` and `c` whenever one emits, once all have
/// emitted; completes when all have completed, fails as soon as one fails.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol>(
  _ a: A,
  _ b: B,
  _ c: C
) -> Signal<(A.Element, B.Element, C.Element), A.Error> where A.Error == B.Error, A.Error == C.Error {
  combineLatestPair(combineLatestPair(a.toSignal(), b.toSignal()), c.toSignal()).map { ($0.0, $0.1, $1) }
}

/// Emits `combine` of the latest elements of `a`, `b` and `c` whenever one emits, once all have
/// emitted; completes when all have completed, fails as soon as one fails.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, Result>(
  _ a: A,
  _ b: B,
  _ c: C,
  combine: @escaping @Sendable (A.Element, B.Element, C.Element) -> Result
) -> Signal<Result, A.Error> where A.Error == B.Error, A.Error == C.Error {
  combineLatestPair(combineLatestPair(a.toSignal(), b.toSignal()), c.toSignal()).map { combine($0.0, $0.1, $1) }
}

/// Emits a tuple of the latest elements of `a`, `b`, `c` and `d` whenever one emits, once all
/// have emitted; completes when all have completed, fails as soon as one fails.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol>(
  _ a: A,
  _ b: B,
  _ c: C,
  _ d: D
) -> Signal<(A.Element, B.Element, C.Element, D.Element), A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error {
  combineLatestPair(combineLatestPair(a.toSignal(), b.toSignal()), combineLatestPair(c.toSignal(), d.toSignal()))
    .map { ($0.0, $0.1, $1.0, $1.1) }
}

/// Emits `combine` of the latest elements of `a`, `b`, `c` and `d` whenever one emits, once all
/// have emitted; completes when all have completed, fails as soon as one fails.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, Result>(
  _ a: A,
  _ b: B,
  _ c: C,
  _ d: D,
  combine: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element) -> Result
) -> Signal<Result, A.Error> where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error {
  combineLatestPair(combineLatestPair(a.toSignal(), b.toSignal()), combineLatestPair(c.toSignal(), d.toSignal()))
    .map { combine($0.0, $0.1, $1.0, $1.1) }
}

/// Emits an array of the latest elements of all `signals` (in the order of `signals`) whenever
/// one emits, once all have emitted.
///
/// Completes when all have completed, and at once, without emitting, for an empty array (as
/// ReactiveKit's `Signal(combiningLatest:)`); fails as soon as one fails.
@inlinable
public func combineLatest<S: SignalProtocol>(_ signals: [S]) -> Signal<[S.Element], S.Error> {
  guard !signals.isEmpty else { return .completed() }
  let signals = UncheckedSendable(signals.map { $0.toSignal() })
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(
      CombineLatestManyMachine<S.Element, S.Error>(count: signals.value.count), observer: observer)
    for (index, signal) in signals.value.enumerated() {
      guard !storage.isDisposed else { break }
      storage.add(
        signal.observe { event in storage.update { machine, outbox in machine.receive(event, at: index, &outbox) } })
    }
    return storage.handle
  })
}

/// Emits `combine` of the latest elements of all `signals` whenever one emits, once all have
/// emitted; see `combineLatest(_:)`.
@inlinable
public func combineLatest<S: SignalProtocol, Result>(
  _ signals: [S],
  combine: @escaping @Sendable ([S.Element]) -> Result
) -> Signal<Result, S.Error> {
  combineLatest(signals).map(combine)
}

extension Signal {
  /// A signal emitting `combine` of the latest elements of all `signals` whenever one emits, once
  /// all have emitted: ReactiveKit's spelling of `combineLatest(_:combine:)`.
  @inlinable
  public init<S: SignalProtocol>(
    combiningLatest signals: [S],
    combine: @escaping @Sendable ([S.Element]) -> Element
  ) where S.Error == Error {
    self = TetherSignals.combineLatest(signals).map(combine)
  }
}

@inlinable
internal func combineLatestPair<A, B, Error>(
  _ a: Signal<A, Error>,
  _ b: Signal<B, Error>
) -> Signal<(A, B), Error> {
  let a = UncheckedSendable(a)
  let b = UncheckedSendable(b)
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(CombineLatestPairMachine<A, B, Error>(), observer: observer)
    storage.add(a.observe { event in storage.update { machine, outbox in machine.receiveFirst(event, &outbox) } })
    guard !storage.isDisposed else { return storage.handle }
    storage.add(b.observe { event in storage.update { machine, outbox in machine.receiveSecond(event, &outbox) } })
    return storage.handle
  })
}

/// The state of a two-input combineLatest: the latest element of each and which have completed.
@usableFromInline
internal struct CombineLatestPairMachine<A, B, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var first: A?
  @usableFromInline var second: B?
  @usableFromInline var isFirstDone = false
  @usableFromInline var isSecondDone = false

  @inlinable
  init() {}

  /// Returns the element a new first element replaces, to release after the lock.
  @inlinable
  mutating func receiveFirst(_ event: Signal<A, Error>.Event, _ outbox: inout Outbox<(A, B), Error>) -> A? {
    switch event {
    case .next(let element):
      let replaced = first.take()
      first = element
      if let second { outbox.next((element, second)) }
      return replaced
    case .failed(let error):
      outbox.fail(error)
    case .completed:
      isFirstDone = true
      if isSecondDone { outbox.complete() }
    }
    return nil
  }

  /// Returns the element a new second element replaces, to release after the lock.
  @inlinable
  mutating func receiveSecond(_ event: Signal<B, Error>.Event, _ outbox: inout Outbox<(A, B), Error>) -> B? {
    switch event {
    case .next(let element):
      let replaced = second.take()
      second = element
      if let first { outbox.next((first, element)) }
      return replaced
    case .failed(let error):
      outbox.fail(error)
    case .completed:
      isSecondDone = true
      if isFirstDone { outbox.complete() }
    }
    return nil
  }
}

/// The state of an n-input combineLatest.
@usableFromInline
internal struct CombineLatestManyMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var latest: [Element?]
  @usableFromInline var missing: Int
  @usableFromInline var active: Int

  @inlinable
  init(count: Int) {
    latest = Array(repeating: nil, count: count)
    missing = count
    active = count
  }

  /// Returns the element a new one at `index` replaces, to release after the lock.
  @inlinable
  mutating func receive(
    _ event: Signal<Element, Error>.Event,
    at index: Int,
    _ outbox: inout Outbox<[Element], Error>
  ) -> Element? {
    switch event {
    case .next(let element):
      let replaced = latest[index].take()
      if replaced == nil { missing -= 1 }
      latest[index] = element
      if missing == 0 { outbox.next(latest.map { $0! }) }
      return replaced
    case .failed(let error):
      outbox.fail(error)
    case .completed:
      active -= 1
      if active == 0 { outbox.complete() }
    }
    return nil
  }
}
