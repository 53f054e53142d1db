import TetherSynchronization

extension SignalProtocol {
  /// Groups the elements into windows of `size` and emits each window, as a signal, once it is full.
  ///
  /// Follows ReactiveKit: a window is emitted only when its `size` elements have arrived, as a
  /// signal that emits them synchronously to each observer and then completes; when the receiver
  /// completes, an incomplete last window is dropped (as in ``buffer(size:)``). Rx's `window` opens
  /// each window at once and forwards elements live; this one does not. Completes when the receiver
  /// completes; fails when it fails.
  ///
  /// - Precondition: `size` is positive.
  @inlinable
  public func window(ofSize size: Int) -> Signal<Signal<Element, Error>, Error> {
    tetherPrecondition(size > 0, "window(ofSize:) requires a positive size (got \(size))")
    return buffer(size: size).map { Signal<Element, Error>(sequence: $0) }
  }
}
