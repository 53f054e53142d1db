extension SignalProtocol {
  /// Emits every event of the receiver, its terminal event included, as an element; then
  /// completes after the receiver's terminal event.
  ///
  /// The result cannot fail: a failure arrives as a `.failed` element. Undo with
  /// ``dematerialize()``.
  @inlinable
  public func materialize() -> Signal<Signal<Element, Error>.Event, Never> {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      upstream.observe { event in
        observer.on(.next(event))
        if event.isTerminal { observer.on(.completed) }
      }
    }
  }

  /// Turns a signal of events back into the signal they describe: emits each `.next` element,
  /// and ends with the first `.completed` or `.failed` element, then stops observing the receiver.
  ///
  /// Also completes if the receiver completes first. The inverse of ``materialize()``.
  @inlinable
  public func dematerialize<Value, Failure>() -> Signal<Value, Failure>
  where Element == Signal<Value, Failure>.Event, Error == Never {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      upstream.observe { event in
        switch event {
        case .next(let inner): observer.on(inner)
        case .completed: observer.on(.completed)
        }
      }
    }
  }
}
