extension SignalProtocol {
  /// Emits each element paired with the one before it, starting from the second element.
  ///
  /// `1, 2, 3` becomes `(1, 2), (2, 3)`; a receiver with fewer than two elements emits nothing.
  /// Same as ReactiveKit; ``zipPrevious()`` also pairs the first element, with `nil`. Completes or
  /// fails when the receiver does.
  @inlinable
  public func pairwise() -> Signal<(Element, Element), Error> {
    zipPrevious().compactMap { previous, current in previous.map { ($0, current) } }
  }
}
