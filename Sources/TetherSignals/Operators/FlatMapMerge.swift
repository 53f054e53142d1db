import TetherSynchronization

extension SignalProtocol {
  /// Maps each element to a signal and emits the events of all of them as they arrive.
  ///
  /// Every inner signal is observed until it ends. Events of the receiver and of all inner signals
  /// are delivered one at a time, even from different threads. Completes when the receiver and
  /// every inner signal have completed; fails as soon as any of them fails.
  @inlinable
  public func flatMapMerge<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Error> where Inner.Error == Error {
    flattenMerge(map { transform($0).toSignal() })
  }

  /// Maps each element to a signal that cannot fail and merges them; see
  /// `flatMapMerge(_:)`.
  @inlinable
  public func flatMapMerge<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Error> where Inner.Error == Never {
    flattenMerge(map { transform($0).castError() })
  }

  /// Maps each element to a signal and emits their events one signal after another: each inner
  /// signal is observed only once the previous one has completed.
  ///
  /// Inner signals made meanwhile wait in a queue (`transform` runs when the element arrives).
  /// Completes when the receiver and every inner signal have completed; fails as soon as the
  /// receiver or the current inner signal fails. Inner signals that complete synchronously are
  /// chained in a loop, not recursively.
  @inlinable
  public func flatMapConcat<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Error> where Inner.Error == Error {
    flattenConcat(map { transform($0).toSignal() })
  }

  /// Maps each element to a signal that cannot fail and concatenates them; see
  /// `flatMapConcat(_:)`.
  @inlinable
  public func flatMapConcat<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Error> where Inner.Error == Never {
    flattenConcat(map { transform($0).castError() })
  }
}

extension SignalProtocol where Error == Never {
  /// Maps each element to a signal and merges them; the result fails when an inner signal fails.
  /// See `flatMapMerge(_:)`.
  @inlinable
  public func flatMapMerge<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Inner.Error> {
    flattenMerge(map { transform($0).toSignal() }.castError())
  }

  /// Maps each element to a signal and concatenates them; the result fails when an inner signal
  /// fails. See `flatMapConcat(_:)`.
  @inlinable
  public func flatMapConcat<Inner: SignalProtocol>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Inner.Error> {
    flattenConcat(map { transform($0).toSignal() }.castError())
  }
}

@inlinable
internal func flattenMerge<Element, Error>(_ outer: Signal<Signal<Element, Error>, Error>) -> Signal<Element, Error> {
  let outer = UncheckedSendable(outer)
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(FlattenMergeMachine<Element, Error>(), observer: observer)
    storage.add(
      outer.observe { event in
        guard case .next(let inner) = event else {
          storage.update { machine, outbox in machine.receiveOuterEnd(event, &outbox) }
          return
        }
        guard let id = storage.update({ machine, _ in machine.beginInner() }) else { return }
        let observation = inner.observe { event in
          storage.update { machine, outbox in machine.receiveInner(event, id: id, &outbox) }
        }
        storage.attach(observation) { machine, observation in machine.attach(observation, id: id) }
      })
    return storage.handle
  })
}

/// The state of flatMapMerge: the running inner signals and whether the outer one ended.
@usableFromInline
internal struct FlattenMergeMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var nextID = 0
  @usableFromInline var active: Set<Int> = []
  @usableFromInline var observations: [Int: any Disposable] = [:]
  @usableFromInline var isOuterDone = false

  @inlinable
  init() {}

  @inlinable
  mutating func beginInner() -> Int {
    nextID += 1
    active.insert(nextID)
    return nextID
  }

  /// Keeps the observation of inner signal `id`, or returns it if that signal already ended.
  @inlinable
  mutating func attach(_ observation: any Disposable, id: Int) -> (any Disposable)? {
    guard active.contains(id) else { return observation }
    observations[id] = observation
    return nil
  }

  @inlinable
  mutating func receiveInner(_ event: Signal<Element, Error>.Event, id: Int, _ outbox: inout Outbox<Element, Error>) {
    switch event {
    case .next, .failed:
      outbox.send(event)
    case .completed:
      active.remove(id)
      observations[id] = nil
      if isOuterDone && active.isEmpty { outbox.complete() }
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
      if active.isEmpty { outbox.complete() }
    }
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    defer {
      observations = [:]
      active = []
    }
    return Array(observations.values)
  }
}

@inlinable
internal func flattenConcat<Element, Error>(_ outer: Signal<Signal<Element, Error>, Error>) -> Signal<Element, Error> {
  let outer = UncheckedSendable(outer)
  return Signal(unsafeSubscribe: { observer in
    let storage = OperatorStorage(FlattenConcatMachine<Element, Error>(), observer: observer)
    /// Observes inner signals one after another for as long as each completes during its own
    /// `observe` call (a loop, so long runs of synchronous signals do not grow the stack).
    @Sendable func observeInners(from first: (signal: Signal<Element, Error>, id: Int)) {
      var next: (signal: Signal<Element, Error>, id: Int)? = first
      while let (inner, id) = next {
        let observation = inner.observe { event in
          guard let follow = storage.update({ machine, outbox in machine.receiveInner(event, id: id, &outbox) }),
            let follow
          else { return }
          observeInners(from: follow)
        }
        let outcome = storage.update { machine, outbox in machine.endSubscribing(observation, id: id, &outbox) }
        guard let outcome else {
          observation.dispose()
          return
        }
        if !outcome.keep { observation.dispose() }
        next = outcome.next
      }
    }
    storage.add(
      outer.observe { event in
        let start = storage.update { machine, outbox in machine.receiveOuter(event, &outbox) }
        if let start, let start { observeInners(from: start) }
      })
    return storage.handle
  })
}

/// The state of flatMapConcat: the inner signal being observed and those waiting their turn.
@usableFromInline
internal struct FlattenConcatMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline typealias Inner = Signal<Element, Error>

  @usableFromInline var waiting = FIFOQueue<Inner>()
  @usableFromInline var current = 0
  @usableFromInline var isInnerActive = false
  @usableFromInline var inner: (any Disposable)?
  @usableFromInline var isOuterDone = false
  /// An `observe` call for the current inner signal is running.
  @usableFromInline var isSubscribing = false
  /// The current inner signal completed during its `observe` call; that loop moves on.
  @usableFromInline var completedWhileSubscribing = false

  @inlinable
  init() {}

  /// Queues a new inner signal, or returns it to observe now if none is running.
  @inlinable
  mutating func receiveOuter(
    _ event: Signal<Inner, Error>.Event,
    _ outbox: inout Outbox<Element, Error>
  ) -> (signal: Inner, id: Int)? {
    switch event {
    case .next(let signal):
      if isInnerActive {
        waiting.append(signal)
        return nil
      }
      isInnerActive = true
      return start(signal)
    case .failed(let error):
      outbox.fail(error)
    case .completed:
      isOuterDone = true
      if !isInnerActive { outbox.complete() }
    }
    return nil
  }

  /// Handles an inner event; returns the next inner signal to observe when the current one
  /// completed outside its `observe` call.
  @inlinable
  mutating func receiveInner(
    _ event: Signal<Element, Error>.Event,
    id: Int,
    _ outbox: inout Outbox<Element, Error>
  ) -> (signal: Inner, id: Int)? {
    guard id == current else { return nil }
    switch event {
    case .next, .failed:
      outbox.send(event)
      return nil
    case .completed:
      inner = nil
      if isSubscribing {
        completedWhileSubscribing = true
        return nil
      }
      return advance(&outbox)
    }
  }

  /// Called once `observe` returned for inner signal `id`: keeps its observation, or, if it already
  /// completed, returns the next inner signal to observe.
  @inlinable
  mutating func endSubscribing(
    _ observation: any Disposable,
    id: Int,
    _ outbox: inout Outbox<Element, Error>
  ) -> (keep: Bool, next: (signal: Inner, id: Int)?) {
    isSubscribing = false
    if completedWhileSubscribing {
      completedWhileSubscribing = false
      return (false, advance(&outbox))
    }
    inner = observation
    return (true, nil)
  }

  @inlinable
  mutating func advance(_ outbox: inout Outbox<Element, Error>) -> (signal: Inner, id: Int)? {
    if let signal = waiting.popFirst() { return start(signal) }
    isInnerActive = false
    if isOuterDone { outbox.complete() }
    return nil
  }

  @inlinable
  mutating func start(_ signal: Inner) -> (signal: Inner, id: Int) {
    current += 1
    isSubscribing = true
    return (signal, current)
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    defer { inner = nil }
    return inner.map { [$0] } ?? []
  }
}
