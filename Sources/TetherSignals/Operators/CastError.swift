extension SignalProtocol where Error == Never {
  /// The receiver typed as able to fail with `NewError` (it never does), so it can be combined
  /// with signals that can (ReactiveKit's `castError()`).
  ///
  /// Emits what the receiver emits and completes when it completes; never fails.
  @inlinable
  public func castError<NewError: Swift.Error>() -> Signal<Element, NewError> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        switch event {
        case .next(let element): observer(.next(element))
        case .completed: observer(.completed)
        }
      }
    })
  }
}
