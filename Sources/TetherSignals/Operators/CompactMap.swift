extension SignalProtocol {
  /// Transforms each element with `transform` and emits the non-`nil` results.
  ///
  /// Fails or completes when the receiver does.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping @Sendable (Element) -> Result?) -> Signal<Result, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      upstream.observe { event in
        switch event {
        case .next(let element):
          if let result = transform(element) { observer(.next(result)) }
        case .failed(let error): observer(.failed(error))
        case .completed: observer(.completed)
        }
      }
    })
  }

  /// Emits the wrapped value of each non-`nil` element and drops the `nil` ones.
  ///
  /// Fails or completes when the receiver does.
  @inlinable
  public func ignoreNils<Wrapped>() -> Signal<Wrapped, Error> where Element == Wrapped? {
    compactMap { $0 }
  }

  /// Emits each element, with `nil` replaced by `replacement`.
  ///
  /// Fails or completes when the receiver does.
  @inlinable
  public func replaceNils<Wrapped>(with replacement: Wrapped) -> Signal<Wrapped, Error> where Element == Wrapped? {
    let replacement = UncheckedSendable(replacement)
    return map { $0 ?? replacement.value }
  }
}
