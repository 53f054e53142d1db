extension SignalProtocol {
  /// Emits elements while `predicate` holds for them, then completes and stops observing the
  /// receiver.
  ///
  /// The first element for which `predicate` returns `false` completes the signal; with `inclusive`
  /// it is emitted before the completion (ReactiveKit's `inclusive:`; Combine has no such option).
  /// `predicate` is not called again afterwards. Completes or fails earlier when the receiver does.
  @inlinable
  public func prefix(
    while predicate: @escaping @Sendable (Element) -> Bool,
    inclusive: Bool = false
  ) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let isDone = LockedBox(false)
      return upstream.observe { event in
        guard case .next(let element) = event else { return observer.on(event) }
        guard !isDone.withLock({ $0 }) else { return }
        if predicate(element) { return observer.receive(element) }
        isDone.withLock { $0 = true }
        if inclusive { observer.receive(element) }
        observer.receive(completion: .finished)
      }
    }
  }
}
