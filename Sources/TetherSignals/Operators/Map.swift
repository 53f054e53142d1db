extension SignalProtocol {
  /// Transforms each element with `transform`.
  ///
  /// Emits `transform(element)` for every element; fails or completes when the receiver does.
  @inlinable
  public func map<Result>(_ transform: @escaping @Sendable (Element) -> Result) -> Signal<Result, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        switch event {
        case .next(let element): observer(.next(transform(element)))
        case .failed(let error): observer(.failed(error))
        case .completed: observer(.completed)
        }
      }
    })
  }
}
