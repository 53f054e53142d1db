extension SignalProtocol {
  /// Emits the receiver's elements, and emits the latest one again each time `other` emits.
  ///
  /// Same as ReactiveKit (`combineLatest` with `other`): an element of `other` that arrives before
  /// the receiver's first element replays nothing. Fails when the receiver fails. Completes once
  /// both the receiver and `other` have completed, so a receiver that completes keeps replaying
  /// its last element on `other`'s elements until `other` completes too.
  @inlinable
  public func replayLatest<Other: SignalProtocol>(when other: Other) -> Signal<Element, Error>
  where Other.Error == Never {
    let trigger: Signal<Void, Error> = other.scan((), { _, _ in () }).castError()
    return combineLatest(with: trigger) { element, _ in element }
  }
}
