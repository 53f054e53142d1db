extension SignalProtocol {
  /// Drops elements while `predicate` holds for them, then emits the first one for which it does
  /// not and every later element.
  ///
  /// `predicate` is not called once an element has passed. ReactiveKit 3.21 has no such operator;
  /// this is Combine's `drop(while:)` (Rx's `skipWhile`). Completes or fails when the receiver does.
  @inlinable
  public func drop(while predicate: @escaping @Sendable (Element) -> Bool) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let isDropping = LockedBox(true)
      return upstream.observe { event in
        if case .next(let element) = event, isDropping.withLock({ $0 }) {
          guard !predicate(element) else { return }
          isDropping.withLock { $0 = false }
        }
        observer(event)
      }
    })
  }
}
