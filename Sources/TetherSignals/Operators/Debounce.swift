import Dispatch

extension SignalProtocol where Element: Sendable {
  /// Emits an element only once `seconds` have passed without another element arriving.
  ///
  /// Each element restarts the wait; the element emitted is the last one received. When the
  /// receiver completes, a waiting element is emitted at once (on the receiver's thread), then the
  /// signal completes, as in ReactiveKit. (ReactiveKit forgets to complete when no element is
  /// waiting; this one always completes.) A failure is forwarded at once and drops the waiting
  /// element.
  ///
  /// - Parameters:
  ///   - seconds: The quiet period, measured on `queue`'s clock.
  ///   - queue: Where the waits are timed and debounced elements are emitted; any ``Scheduler``,
  ///     by default a new serial queue (never the main one). Tests pass a virtual-time scheduler.
  ///
  /// The elements must be `Sendable`: they are delivered on another thread or queue.
  @inlinable
  public func debounce(
    for seconds: Double,
    queue: any Scheduler = DispatchQueue(label: "Tether.debounce")
  ) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(DebounceMachine<Element, Error>(), observer: observer)
      storage.add(
        upstream.observe { event in
          guard let (armed, _) = storage.update({ machine, outbox in machine.receive(event, &outbox) }),
            let (generation, replaced) = armed
          else { return }
          replaced?.dispose()
          storage.scheduleTimer(
            on: queue,
            after: seconds,
            fire: { machine, outbox in machine.fire(generation, &outbox) },
            attach: { machine, timer in machine.timer.attach(timer, generation: generation) })
        })
      return storage.handle
    })
  }
}

/// The state of debounce: the element waiting for a quiet period, and its timer.
@usableFromInline
internal struct DebounceMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var pending: Element?
  @usableFromInline var timer = TimerSlot()

  @inlinable
  init() {}

  /// Returns the timer to schedule for a new element, and the waiting element it replaces or a
  /// failure drops, to release after the lock.
  @inlinable
  mutating func receive(
    _ event: Signal<Element, Error>.Event,
    _ outbox: inout Outbox<Element, Error>
  ) -> (timer: (generation: Int, replaced: (any Disposable)?)?, released: Element?) {
    switch event {
    case .next(let element):
      let replaced = pending.take()
      pending = element
      return (timer.arm(), replaced)
    case .failed:
      outbox.send(event)
      return (nil, pending.take())
    case .completed:
      if let element = pending.take() { outbox.next(element) }
      outbox.complete()
      return (nil, nil)
    }
  }

  @inlinable
  mutating func fire(_ generation: Int, _ outbox: inout Outbox<Element, Error>) {
    guard timer.fire(generation), let element = pending.take() else { return }
    outbox.next(element)
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    timer.cancel().map { [$0] } ?? []
  }
}
