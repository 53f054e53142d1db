extension SignalProtocol where Element: Sendable {
  /// Starts each observation (runs the receiver's producer) on `scheduler`.
  ///
  /// Schedules one action per observation, as ReactiveKit and Combine do: the action starts it.
  /// Events are not hopped: it emits what the receiver emits, on whatever thread its producer
  /// sends from (a producer that sends synchronously sends them all inside that one action; use
  /// ``receive(on:)`` to deliver each on the scheduler), and ends when the receiver does.
  /// Disposing before the observation started cancels it.
  ///
  /// The elements must be `Sendable`: the observation starts, and may emit, on `scheduler`.
  public func subscribe<S: Scheduler>(on scheduler: S) -> Signal<Element, Error> {
    if let context = scheduler as? ExecutionContext, context.isImmediate { return toSignal() }
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let serial = SerialDisposable()
      scheduler.schedule {
        guard !serial.isDisposed else { return }
        serial.otherDisposable = upstream.observe { event in
          guard !serial.isDisposed else { return }
          observer(event)
        }
      }
      return serial
    })
  }
}
