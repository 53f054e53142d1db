extension SignalProtocol {
  /// Emits the first element, then each element that is not a duplicate of the element before it.
  ///
  /// `areDuplicates(previous, next)` decides; `next` is dropped when it returns `true`. Fails or
  /// completes when the receiver does.
  ///
  /// Like ReactiveKit, each element is compared with the element received just before it, whether
  /// or not that one was emitted (Combine compares with the last emitted one). The two agree when
  /// `areDuplicates` is an equivalence relation.
  @inlinable
  public func removeDuplicates(
    by areDuplicates: @escaping @Sendable (Element, Element) -> Bool
  ) -> Signal<Element, Error> {
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
          if let before, areDuplicates(before, element) { return }
          observer(event)
        case .failed, .completed:
          _ = previous.withLock { $0.take() }
          observer(event)
        }
      }
    })
  }
}

extension SignalProtocol where Element: Equatable {
  /// Emits the first element, then each element that differs from the element before it.
  ///
  /// `1, 1, 2, 2, 1` becomes `1, 2, 1`. Fails or completes when the receiver does.
  @inlinable
  public func removeDuplicates() -> Signal<Element, Error> {
    removeDuplicates(by: ==)
  }
}
