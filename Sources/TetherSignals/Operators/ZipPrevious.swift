extension SignalProtocol {
  /// Emits each element paired with the element before it: `(nil, first)`, then
  /// `(previous, current)` for every later element.
  ///
  /// `1, 2, 3` becomes `(nil, 1), (1, 2), (2, 3)`. Fails or completes when the receiver does.
  @inlinable
  public func zipPrevious() -> Signal<(Element?, Element), Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let previous = LockedBox<Element?>(nil)
      return upstream.observe { event in
        switch event {
        case .next(let element):
          let before = previous.withLock { previous in
            defer { previous = element }
            return previous.take()
          }
          observer(.next((before, element)))
        case .failed(let error):
          _ = previous.withLock { $0.take() }
          observer(.failed(error))
        case .completed:
          _ = previous.withLock { $0.take() }
          observer(.completed)
        }
      }
    })
  }
}
