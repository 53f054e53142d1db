import Dispatch

extension SignalProtocol where Element: Sendable {
  /// Fails with `error` if `interval` seconds pass without an element; otherwise mirrors the
  /// receiver.
  ///
  /// The wait starts when the observation starts and restarts with every element, as in
  /// ReactiveKit. Completes or fails when the receiver does; on a timeout it stops observing the
  /// receiver. (Combine's `timeout` finishes normally unless given a custom error; this one always
  /// fails with `error`, as ReactiveKit's does.)
  ///
  /// - Parameters:
  ///   - interval: The longest wait allowed, measured on `queue`'s clock.
  ///   - error: The error to fail with.
  ///   - queue: Where the wait is timed and the failure emitted; any ``Scheduler``, by default a new
  ///     serial queue (never the main one). Tests pass a virtual-time scheduler.
  ///
  /// The elements must be `Sendable`: they are delivered on another thread or queue.
  @inlinable
  public func timeout(
    after interval: Double,
    with error: Error,
    on queue: any Scheduler = DispatchQueue(label: "Tether.timeout")
  ) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    let error = UncheckedSendable(error)
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(TimeoutMachine<Element, Error>(), observer: observer)
      @Sendable func startWait(_ armed: (generation: Int, replaced: (any Disposable)?)) {
        armed.replaced?.dispose()
        storage.scheduleTimer(
          on: queue,
          after: interval,
          fire: { machine, outbox in machine.fire(armed.generation, error: error.value, &outbox) },
          attach: { machine, timer in machine.timer.attach(timer, generation: armed.generation) })
      }
      if let armed = storage.update({ machine, _ in machine.timer.arm() }) { startWait(armed) }
      storage.add(
        upstream.observe { event in
          guard let armed = storage.update({ machine, outbox in machine.receive(event, &outbox) }), let armed
          else { return }
          startWait(armed)
        })
      return storage.handle
    })
  }
}

/// The state of timeout: the running wait.
@usableFromInline
internal struct TimeoutMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var timer = TimerSlot()

  @inlinable
  init() {}

  /// Forwards the event; returns the new wait to schedule after an element.
  @inlinable
  mutating func receive(
    _ event: Signal<Element, Error>.Event,
    _ outbox: inout Outbox<Element, Error>
  ) -> (generation: Int, replaced: (any Disposable)?)? {
    outbox.send(event)
    guard case .next = event else { return nil }
    return timer.arm()
  }

  @inlinable
  mutating func fire(_ generation: Int, error: Error, _ outbox: inout Outbox<Element, Error>) {
    guard timer.fire(generation) else { return }
    outbox.fail(error)
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    timer.cancel().map { [$0] } ?? []
  }
}
