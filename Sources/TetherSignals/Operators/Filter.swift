extension SignalProtocol {
  /// Keeps only the elements for which `isIncluded` returns `true`.
  ///
  /// Emits the elements that pass; fails or completes when the receiver does.
  @inlinable
  public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        switch event {
        case .next(let element):
          if isIncluded(element) { observer(event) }
        case .failed, .completed:
          observer(event)
        }
      }
    })
  }
}
