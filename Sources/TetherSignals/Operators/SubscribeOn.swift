extension SignalProtocol {
  /// Starts each observation (runs the receiver's producer) on `scheduler`.
  ///
  /// Emits what the receiver emits, on whatever thread its producer sends from, and ends when it
  /// does. Disposing before the observation started cancels it.
  public func subscribe<S: Scheduler>(on scheduler: S) -> Signal<Element, Error> {
    if let context = scheduler as? ExecutionContext, context.isImmediate { return toSignal() }
    let upstream = toSignal()
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
