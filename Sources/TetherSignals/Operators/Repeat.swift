extension SignalProtocol {
  /// Emits the receiver's elements and observes the receiver again each time the signal made from
  /// its latest element emits.
  ///
  /// Same as ReactiveKit: for each element, `other(element)` is observed in place of the signal
  /// made from the previous one; each of its elements disposes the current observation of the
  /// receiver and starts a new one (the signal made from the element keeps being observed, so it
  /// can repeat again). Fails when the receiver fails. Completes once the receiver's current
  /// observation has completed and the signal made from its latest element (if any) has
  /// completed too; ReactiveKit never completes when the first observation completes without
  /// elements. `other` runs outside any lock.
  ///
  /// The observation holds the receiver to observe it again, but not a subject behind it: when a
  /// subject's owner lets it go without ending it, the observer is released. A receiver and signals
  /// from `other` that both act synchronously repeat recursively, one stack frame per repetition.
  ///
  /// - Parameter other: Makes, from each element, the signal whose elements repeat the receiver.
  @inlinable
  public func `repeat`<Other: SignalProtocol>(
    when other: @escaping @Sendable (Element) -> Other
  ) -> Signal<Element, Error> where Other.Error == Never {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(RepeatMachine<Element, Error>(), observer: observer)
      storage.observeAttempts(of: upstream) { event, id, observeAttempt in
        let inner = storage.update { machine, outbox in machine.receive(event, attempt: id, &outbox) }
        guard let inner, let (generation, replaced) = inner else { return }
        replaced?.dispose()
        guard case .next(let element) = event else { return }
        storage.observe(
          other(element).toSignal(),
          receive: { machine, event, outbox in
            machine.receiveInner(isElement: event.element != nil, generation: generation, &outbox)
          },
          keep: { machine, observation in machine.attachInner(observation, generation: generation) },
          restart: observeAttempt
        )
      }
      return storage.handle
    })
  }
}

/// The state of `repeat(when:)`: the current observation of the receiver and the signal made from
/// its latest element.
@usableFromInline
internal struct RepeatMachine<Element, Error: Swift.Error>: AttemptStateMachine {
  @usableFromInline var attempt = 0
  @usableFromInline var current: (any Disposable)?
  @usableFromInline var attemptCompleted = false
  /// Counts the elements; the signal made from the latest one is the only one listened to.
  @usableFromInline var generation = 0
  @usableFromInline var inner: (any Disposable)?
  @usableFromInline var innerCompleted = true

  @inlinable
  init() {}

  /// Keeps the observation of attempt `id`, or returns it if a newer attempt replaced it.
  @inlinable
  mutating func attach(_ observation: any Disposable, attempt id: Int) -> (any Disposable)? {
    guard id == attempt else { return observation }
    current = observation
    return nil
  }

  /// For an element of the current attempt, returns the generation of the signal to make from it
  /// and the observation of the previous one, to dispose.
  @inlinable
  mutating func receive(
    _ event: Signal<Element, Error>.Event,
    attempt id: Int,
    _ outbox: inout Outbox<Element, Error>
  ) -> (generation: Int, replaced: (any Disposable)?)? {
    guard id == attempt else { return nil }
    switch event {
    case .next(let element):
      outbox.next(element)
      generation += 1
      innerCompleted = false
      defer { inner = nil }
      return (generation, inner)
    case .failed:
      outbox.send(event)
    case .completed:
      attemptCompleted = true
      if innerCompleted { outbox.complete() }
    }
    return nil
  }

  /// Keeps the observation of the signal of `generation`, or returns it if no longer wanted.
  @inlinable
  mutating func attachInner(_ observation: any Disposable, generation id: Int) -> (any Disposable)? {
    guard id == generation, !innerCompleted else { return observation }
    inner = observation
    return nil
  }

  /// On an element of the latest signal, returns the attempt to start and the observation of the
  /// receiver to dispose; on its completion, completes if the receiver's attempt has.
  @inlinable
  mutating func receiveInner(
    isElement: Bool,
    generation id: Int,
    _ outbox: inout Outbox<Element, Error>
  ) -> (attempt: Int, stop: (any Disposable)?)? {
    guard id == generation else { return nil }
    guard isElement else {
      innerCompleted = true
      inner = nil
      if attemptCompleted { outbox.complete() }
      return nil
    }
    attempt += 1
    attemptCompleted = false
    defer { current = nil }
    return (attempt, current)
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    defer {
      current = nil
      inner = nil
    }
    return [current, inner].compactMap { $0 }
  }
}
