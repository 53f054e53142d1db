import TetherSynchronization

extension SignalProtocol {
  /// Pairs the receiver's elements with `other`'s by position: the first with the first, the
  /// second with the second, and so on.
  ///
  /// Elements wait in a buffer until their partner arrives. Completes as soon as one signal has
  /// completed and every element it sent has been paired (no further pair is possible); fails as
  /// soon as either fails.
  @inlinable
  public func zip<Other: SignalProtocol>(with other: Other) -> Signal<(Element, Other.Element), Error>
  where Other.Error == Error {
    zipPair(toSignal(), other.toSignal())
  }

  /// Emits `combine` of the receiver's and `other`'s elements paired by position; see
  /// `zip(with:)`.
  @inlinable
  public func zip<Other: SignalProtocol, Result>(
    with other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Error> where Other.Error == Error {
    zipPair(toSignal(), other.toSignal()).map(combine)
  }
}

/// Pairs the elements of `a` and `b` by position; see `zip(with:)`.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol>(_ a: A, _ b: B) -> Signal<(A.Element, B.Element), A.Error>
where A.Error == B.Error {
  zipPair(a.toSignal(), b.toSignal())
}

/// Emits `combine` of the elements of `a` and `b` paired by position; see
/// `zip(with:)`.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol, Result>(
  _ a: A,
  _ b: B,
  combine: @escaping @Sendable (A.Element, B.Element) -> Result
) -> Signal<Result, A.Error> where A.Error == B.Error {
  zipPair(a.toSignal(), b.toSignal()).map(combine)
}

/// Groups the elements of `a`, `b` and `c` by position; completes once one input has completed and
/// all its elements are grouped, fails as soon as one fails.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol>(
  _ a: A,
  _ b: B,
  _ c: C
) -> Signal<(A.Element, B.Element, C.Element), A.Error> where A.Error == B.Error, A.Error == C.Error {
  zipPair(zipPair(a.toSignal(), b.toSignal()), c.toSignal()).map { ($0.0, $0.1, $1) }
}

/// Emits `combine` of the elements of `a`, `b` and `c` grouped by position.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, Result>(
  _ a: A,
  _ b: B,
  _ c: C,
  combine: @escaping @Sendable (A.Element, B.Element, C.Element) -> Result
) -> Signal<Result, A.Error> where A.Error == B.Error, A.Error == C.Error {
  zipPair(zipPair(a.toSignal(), b.toSignal()), c.toSignal()).map { combine($0.0, $0.1, $1) }
}

/// Groups the elements of `a`, `b`, `c` and `d` by position; completes once one input has
/// completed and all its elements are grouped, fails as soon as one fails.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol>(
  _ a: A,
  _ b: B,
  _ c: C,
  _ d: D
) -> Signal<(A.Element, B.Element, C.Element, D.Element), A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error {
  zipPair(zipPair(a.toSignal(), b.toSignal()), zipPair(c.toSignal(), d.toSignal()))
    .map { ($0.0, $0.1, $1.0, $1.1) }
}

/// Emits `combine` of the elements of `a`, `b`, `c` and `d` grouped by position.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, Result>(
  _ a: A,
  _ b: B,
  _ c: C,
  _ d: D,
  combine: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element) -> Result
) -> Signal<Result, A.Error> where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error {
  zipPair(zipPair(a.toSignal(), b.toSignal()), zipPair(c.toSignal(), d.toSignal()))
    .map { combine($0.0, $0.1, $1.0, $1.1) }
}

/// Groups the elements of all `signals` by position into arrays (in the order of `signals`).
///
/// Completes once one input has completed and all its elements are grouped, and at once for an
/// empty array; fails as soon as one fails.
@inlinable
public func zip<S: SignalProtocol>(_ signals: [S]) -> Signal<[S.Element], S.Error> {
  guard !signals.isEmpty else { return .completed() }
  let signals = UncheckedSendable(signals.map { $0.toSignal() })
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(ZipManyMachine<S.Element, S.Error>(count: signals.value.count), observer: observer)
    for (index, signal) in signals.value.enumerated() {
      guard !storage.isDisposed else { break }
      storage.add(
        signal.observe { event in storage.update { machine, outbox in machine.receive(event, at: index, &outbox) } })
    }
    return storage.handle
  })
}

@inlinable
internal func zipPair<A, B, Error>(_ a: Signal<A, Error>, _ b: Signal<B, Error>) -> Signal<(A, B), Error> {
  let a = UncheckedSendable(a)
  let b = UncheckedSendable(b)
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(ZipPairMachine<A, B, Error>(), observer: observer)
    storage.add(a.observe { event in storage.update { machine, outbox in machine.receiveFirst(event, &outbox) } })
    guard !storage.isDisposed else { return storage.handle }
    storage.add(b.observe { event in storage.update { machine, outbox in machine.receiveSecond(event, &outbox) } })
    return storage.handle
  })
}

/// The state of a two-input zip: the elements waiting for a partner, and which inputs completed.
@usableFromInline
internal struct ZipPairMachine<A, B, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var firsts = FIFOQueue<A>()
  @usableFromInline var seconds = FIFOQueue<B>()
  @usableFromInline var isFirstDone = false
  @usableFromInline var isSecondDone = false

  @inlinable
  init() {}

  @inlinable
  mutating func receiveFirst(_ event: Signal<A, Error>.Event, _ outbox: inout Outbox<(A, B), Error>) {
    switch event {
    case .next(let element):
      if let second = seconds.popFirst() {
        outbox.next((element, second))
      } else {
        firsts.append(element)
      }
    case .failed(let error):
      outbox.fail(error)
    case .completed:
      isFirstDone = true
    }
    completeIfExhausted(&outbox)
  }

  @inlinable
  mutating func receiveSecond(_ event: Signal<B, Error>.Event, _ outbox: inout Outbox<(A, B), Error>) {
    switch event {
    case .next(let element):
      if let first = firsts.popFirst() {
        outbox.next((first, element))
      } else {
        seconds.append(element)
      }
    case .failed(let error):
      outbox.fail(error)
    case .completed:
      isSecondDone = true
    }
    completeIfExhausted(&outbox)
  }

  @inlinable
  func completeIfExhausted(_ outbox: inout Outbox<(A, B), Error>) {
    if (isFirstDone && firsts.isEmpty) || (isSecondDone && seconds.isEmpty) { outbox.complete() }
  }
}

/// The state of an n-input zip.
@usableFromInline
internal struct ZipManyMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var buffers: [FIFOQueue<Element>]
  @usableFromInline var isDone: [Bool]

  @inlinable
  init(count: Int) {
    buffers = Array(repeating: FIFOQueue(), count: count)
    isDone = Array(repeating: false, count: count)
  }

  @inlinable
  mutating func receive(_ event: Signal<Element, Error>.Event, at index: Int, _ outbox: inout Outbox<[Element], Error>)
  {
    switch event {
    case .next(let element):
      buffers[index].append(element)
      if buffers.allSatisfy({ !$0.isEmpty }) {
        outbox.next(buffers.indices.map { buffers[$0].popFirst()! })
      }
    case .failed(let error):
      outbox.fail(error)
    case .completed:
      isDone[index] = true
    }
    if buffers.indices.contains(where: { isDone[$0] && buffers[$0].isEmpty }) { outbox.complete() }
  }
}
