extension SignalProtocol {
  /// Emits the elements of the receiver and of `other` as they arrive.
  ///
  /// Events from the two are delivered one at a time, in the order they arrive, even when the
  /// signals emit on different threads. Completes when both have completed; fails as soon as
  /// either fails (and then stops observing the other).
  @inlinable
  public func merge<Other: SignalProtocol>(with other: Other) -> Signal<Element, Error>
  where Other.Element == Element, Other.Error == Error {
    mergeSignals([toSignal(), other.toSignal()])
  }
}

/// Emits the elements of `a` and `b` as they arrive; see `merge(with:)`.
@inlinable
public func merge<A: SignalProtocol, B: SignalProtocol>(_ a: A, _ b: B) -> Signal<A.Element, A.Error>
where A.Element == B.Element, A.Error == B.Error {
  mergeSignals([a.toSignal(), b.toSignal()])
}

/// Emits the elements of `a`, `b` and `c` as they arrive; see `merge(with:)`.
@inlinable
public func merge<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol>(
  _ a: A,
  _ b: B,
  _ c: C
) -> Signal<A.Element, A.Error>
where A.Element == B.Element, A.Element == C.Element, A.Error == B.Error, A.Error == C.Error {
  mergeSignals([a.toSignal(), b.toSignal(), c.toSignal()])
}

/// Emits the elements of `a`, `b`, `c` and `d` as they arrive; see `merge(with:)`.
@inlinable
public func merge<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol>(
  _ a: A,
  _ b: B,
  _ c: C,
  _ d: D
) -> Signal<A.Element, A.Error>
where
  A.Element == B.Element, A.Element == C.Element, A.Element == D.Element,
  A.Error == B.Error, A.Error == C.Error, A.Error == D.Error
{
  mergeSignals([a.toSignal(), b.toSignal(), c.toSignal(), d.toSignal()])
}

/// Emits the elements of all `signals` as they arrive, one at a time.
///
/// Completes when every signal has completed (at once for an empty array); fails as soon as one
/// fails, and then stops observing the others.
@inlinable
public func merge<S: SignalProtocol>(_ signals: [S]) -> Signal<S.Element, S.Error> {
  mergeSignals(signals.map { $0.toSignal() })
}

@inlinable
internal func mergeSignals<Element, Error>(_ signals: [Signal<Element, Error>]) -> Signal<Element, Error> {
  guard !signals.isEmpty else { return .completed() }
  let signals = UncheckedSendable(signals)
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(MergeMachine<Element, Error>(active: signals.value.count), observer: observer)
    for signal in signals.value {
      guard !storage.isDisposed else { break }
      storage.add(signal.observe { event in storage.update { machine, outbox in machine.receive(event, &outbox) } })
    }
    return storage.handle
  })
}

/// The state of a merge: how many inputs are still running.
@usableFromInline
internal struct MergeMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var active: Int

  @inlinable
  init(active: Int) {
    self.active = active
  }

  @inlinable
  mutating func receive(_ event: Signal<Element, Error>.Event, _ outbox: inout Outbox<Element, Error>) {
    switch event {
    case .next, .failed:
      outbox.send(event)
    case .completed:
      active -= 1
      if active == 0 { outbox.complete() }
    }
  }
}
