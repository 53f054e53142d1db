import Dispatch

extension SignalProtocol {
  /// Every `interval` seconds, emits the latest element received during that period, if any.
  ///
  /// Same as ReactiveKit: the periods start when the signal is observed and repeat; a period in
  /// which no element arrived emits nothing, and an element is emitted at most once. Completes or
  /// fails at once when the receiver does, dropping an element not sampled yet.
  ///
  /// - Parameters:
  ///   - interval: The sampling period, measured on `queue`'s clock.
  ///   - queue: Where the periods are timed and the sampled elements are emitted; any ``Scheduler``,
  ///     by default a new serial queue (never the main one). Tests pass a virtual-time scheduler.
  @inlinable
  public func sample(
    interval: Double,
    on queue: any Scheduler = DispatchQueue(label: "Tether.sample")
  ) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(SampleMachine<Element, Error>(), observer: observer)
      let timer = SerialDisposable()
      storage.add(timer)
      // The ticks hold the storage weakly: once the receiver no longer holds its callback, nothing
      // can arrive to be sampled, and the ticks must not keep the observer alive.
      @Sendable func tick(_ storage: OperatorStorage<SampleMachine<Element, Error>, Element, Error>?) {
        guard let storage, storage.update({ machine, outbox in machine.tick(&outbox) }) != nil else { return }
        timer.otherDisposable = queue.schedule(after: interval) { [weak storage] in tick(storage) }
      }
      timer.otherDisposable = queue.schedule(after: interval) { [weak storage] in tick(storage) }
      storage.add(
        upstream.observe { event in
          storage.update { machine, outbox in machine.receive(event, &outbox) }
        })
      return storage.handle
    })
  }

  /// Emits the latest element of the receiver each time `trigger` emits, if the receiver emitted
  /// since the previous sample.
  ///
  /// ReactiveKit 3.21 has no such operator; this is Rx's `sample(_:)`. An element is emitted at
  /// most once; a trigger element with nothing new emits nothing. Completes when the receiver or
  /// `trigger` completes (an element not sampled yet is dropped); fails when the receiver fails.
  /// Events from both are delivered one at a time.
  @inlinable
  public func sample<Trigger: SignalProtocol>(with trigger: Trigger) -> Signal<Element, Error>
  where Trigger.Error == Never {
    let upstream = UncheckedSendable(toSignal())
    let trigger = UncheckedSendable(trigger)
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(SampleMachine<Element, Error>(), observer: observer)
      storage.add(
        trigger.observe { event in
          storage.update { machine, outbox in
            switch event {
            case .next: machine.tick(&outbox)
            case .completed: outbox.complete()
            }
          }
        })
      storage.add(
        upstream.observe { event in
          storage.update { machine, outbox in machine.receive(event, &outbox) }
        })
      return storage.handle
    })
  }
}

/// The state of sample: the latest element not sampled yet.
@usableFromInline
internal struct SampleMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var latest: Element?

  @inlinable
  init() {}

  /// Returns the element not sampled that the event replaces or drops, to release after the lock.
  @inlinable
  mutating func receive(_ event: Signal<Element, Error>.Event, _ outbox: inout Outbox<Element, Error>) -> Element? {
    let replaced = latest.take()
    switch event {
    case .next(let element): latest = element
    case .failed, .completed: outbox.send(event)
    }
    return replaced
  }

  @inlinable
  mutating func tick(_ outbox: inout Outbox<Element, Error>) {
    if let element = latest.take() { outbox.next(element) }
  }

}
