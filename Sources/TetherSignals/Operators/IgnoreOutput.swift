extension SignalProtocol {
  /// Drops every element and forwards only the receiver's completion or failure.
  @inlinable
  public func ignoreOutput() -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        if event.isTerminal { observer(event) }
      }
    })
  }

  /// Forwards every element but neither the completion nor the failure: the signal never ends.
  ///
  /// Use it where an observer must not be ended, such as a binding that should outlive its
  /// source.
  @inlinable
  public func ignoreTerminal() -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        if case .next = event { observer(event) }
      }
    })
  }
}
