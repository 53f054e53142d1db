extension SignalProtocol {
  /// Forwards the receiver's elements only while the latest element of `other` is `true`.
  ///
  /// Same as ReactiveKit: elements pass until `other` first emits `false`; an element arriving while
  /// paused is dropped, not delivered later. Completes or fails when the receiver does (even while
  /// paused); `other` ending, or failing, leaves the last state in place and ends nothing.
  @inlinable
  public func pausable<Other: SignalProtocol>(by other: Other) -> Signal<Element, Error>
  where Other.Element == Bool {
    let upstream = UncheckedSendable(toSignal())
    let other = UncheckedSendable(other)
    return Signal { observer in
      let isAllowed = LockedBox(true)
      let disposables = CompositeDisposable()
      disposables += other.observe { event in
        if case .next(let allowed) = event { isAllowed.withLock { $0 = allowed } }
      }
      disposables += upstream.observe { event in
        if case .next = event, !isAllowed.withLock({ $0 }) { return }
        observer.on(event)
      }
      return disposables
    }
  }
}
