extension SignalProtocol {
  /// Mirrors whichever of the receiver and `other` sends an event first, and stops observing the
  /// other one (the "race" operator).
  ///
  /// Any first event decides, a completion or failure included. The receiver is observed first,
  /// so if it emits as soon as it is observed, `other` is never observed.
  @inlinable
  public func amb<Other: SignalProtocol>(with other: Other) -> Signal<Element, Error>
  where Other.Element == Element, Other.Error == Error {
    ambSignals([toSignal(), other.toSignal()])
  }
}

/// Mirrors whichever of `a` and `b` sends an event first; see `amb(with:)`.
@inlinable
public func amb<A: SignalProtocol, B: SignalProtocol>(_ a: A, _ b: B) -> Signal<A.Element, A.Error>
where A.Element == B.Element, A.Error == B.Error {
  ambSignals([a.toSignal(), b.toSignal()])
}

/// Mirrors whichever of `signals` sends an event first, and stops observing the others; see
/// `amb(with:)`. Completes at once for an empty array.
@inlinable
public func amb<S: SignalProtocol>(_ signals: [S]) -> Signal<S.Element, S.Error> {
  ambSignals(signals.map { $0.toSignal() })
}

@inlinable
internal func ambSignals<Element, Error>(_ signals: [Signal<Element, Error>]) -> Signal<Element, Error> {
  guard !signals.isEmpty else { return .completed() }
  let signals = UncheckedSendable(signals)
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(AmbMachine<Element, Error>(count: signals.value.count), observer: observer)
    for (index, signal) in signals.value.enumerated() {
      let observation = signal.observe { event in
        let losers = storage.update { machine, outbox in machine.receive(event, from: index, &outbox) }
        for loser in losers ?? [] { loser.dispose() }
      }
      switch storage.update({ machine, _ in machine.attach(observation, at: index) }) {
      case .none:
        observation.dispose()
        return storage.handle
      case .some(let keep):
        if !keep { observation.dispose() }
      }
      if storage.update({ machine, _ in machine.winner != nil }) != false { break }
    }
    return storage.handle
  })
}

/// The state of amb: the winning input, once one has sent an event, and the others' observations.
@usableFromInline
internal struct AmbMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var winner: Int?
  @usableFromInline var observations: [(any Disposable)?]

  @inlinable
  init(count: Int) {
    observations = Array(repeating: nil, count: count)
  }

  /// Forwards the winner's events; returns the losers' observations when the race is decided.
  @inlinable
  mutating func receive(
    _ event: Signal<Element, Error>.Event,
    from index: Int,
    _ outbox: inout Outbox<Element, Error>
  ) -> [any Disposable] {
    if winner == nil {
      winner = index
      outbox.send(event)
      var losers: [any Disposable] = []
      for (other, observation) in observations.enumerated() where other != index {
        if let observation { losers.append(observation) }
        observations[other] = nil
      }
      return losers
    }
    if winner == index { outbox.send(event) }
    return []
  }

  /// Keeps the observation of input `index` unless another input has already won.
  @inlinable
  mutating func attach(_ observation: any Disposable, at index: Int) -> Bool {
    guard winner == nil || winner == index else { return false }
    observations[index] = observation
    return true
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    defer { observations = [] }
    return observations.compactMap { $0 }
  }
}
