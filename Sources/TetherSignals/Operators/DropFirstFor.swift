import Dispatch

extension SignalProtocol {
  /// Drops the elements that arrive in the first `seconds` of each observation, then emits the rest.
  ///
  /// Same as ReactiveKit's `dropFirst(for:)` (formerly `skip(interval:)`): the period starts when the
  /// signal is observed, and an element is emitted only once more than `seconds` have passed on
  /// `clock` (one arriving exactly at the end of the period is still dropped). No timer runs: each
  /// element compares the clock's ``Scheduler/now`` with the start. Completes or fails when the
  /// receiver does, also during the period.
  ///
  /// - Parameters:
  ///   - seconds: How long to drop elements, measured on `clock`.
  ///   - clock: Whose ``Scheduler/now`` measures the period; the wall clock by default. Tests pass a
  ///     virtual-time scheduler.
  @inlinable
  public func dropFirst(for seconds: Double, on clock: any Scheduler = DispatchQueue.global()) -> Signal<Element, Error>
  {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let end = clock.now + seconds
      // Once the period is over it stays over, so the clock is read only until then.
      let isOver = LockedBox(false)
      return upstream.observe { event in
        // Events arrive one at a time, so reading the clock outside the lock races with nothing.
        if case .next = event, !isOver.withLock({ $0 }) {
          guard clock.now > end else { return }
          isOver.withLock { $0 = true }
        }
        observer(event)
      }
    })
  }
}
