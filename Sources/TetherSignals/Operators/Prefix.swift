import TetherSynchronization

extension SignalProtocol {
  /// Drops the first `count` elements and emits the rest.
  ///
  /// Fails or completes when the receiver does.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Signal<Element, Error> {
    tetherPrecondition(count >= 0, "dropFirst(_:) requires a non-negative count (got \(count))")
    guard count > 0 else { return toSignal() }
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let remaining = LockedBox(count)
      return upstream.observe { event in
        if case .next = event {
          let drop = remaining.withLock { remaining in
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
          }
          if drop { return }
        }
        observer(event)
      }
    })
  }

  /// Emits the first `maxLength` elements, then completes and stops observing the receiver.
  ///
  /// Completes earlier if the receiver does, and fails if it fails first. `prefix(maxLength: 0)`
  /// completes at once without observing the receiver.
  ///
  /// As in ReactiveKit there is no backpressure: a receiver that emits synchronously while being
  /// observed (such as `Signal(sequence:)`) runs to its end before it can be stopped, so an infinite
  /// synchronous sequence never returns.
  @inlinable
  public func prefix(maxLength: Int) -> Signal<Element, Error> {
    tetherPrecondition(maxLength >= 0, "prefix(maxLength:) requires a non-negative maxLength (got \(maxLength))")
    guard maxLength > 0 else { return .completed() }
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let remaining = LockedBox(maxLength)
      return upstream.observe { event in
        guard case .next(let element) = event else { return observer.on(event) }
        let left = remaining.withLock { remaining -> Int? in
          guard remaining > 0 else { return nil }
          remaining -= 1
          return remaining
        }
        guard let left else { return }
        observer.receive(element)
        if left == 0 { observer.receive(completion: .finished) }
      }
    }
  }

  /// Emits the first element, then completes and stops observing the receiver.
  ///
  /// Completes without emitting if the receiver completes empty; fails if it fails first.
  @inlinable
  public func first() -> Signal<Element, Error> {
    prefix(maxLength: 1)
  }

  /// Emits only the element at `index` (counting from zero), then completes and stops observing
  /// the receiver.
  ///
  /// Completes without emitting if the receiver completes before producing that many elements;
  /// fails if it fails first.
  @inlinable
  public func output(at index: Int) -> Signal<Element, Error> {
    tetherPrecondition(index >= 0, "output(at:) requires a non-negative index (got \(index))")
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let toSkip = LockedBox(index)
      return upstream.observe { event in
        guard case .next(let element) = event else { return observer.on(event) }
        let isTarget = toSkip.withLock { toSkip in
          defer { toSkip -= 1 }
          return toSkip == 0
        }
        guard isTarget else { return }
        observer.receive(lastElement: element)
      }
    }
  }

  /// Emits the receiver's events until `other` sends any event, then completes and stops observing
  /// both.
  ///
  /// Follows ReactiveKit: any event of `other` ends the signal, its completion or failure included
  /// (Combine's `prefix(untilOutputFrom:)` only reacts to an element). `other` is observed first,
  /// so one that emits at once ends the signal before the receiver is observed. Fails or completes
  /// earlier when the receiver does.
  @inlinable
  public func prefix<Other: SignalProtocol>(untilOutputFrom other: Other) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    let other = UncheckedSendable(other)
    return Signal { observer in
      let disposables = CompositeDisposable()
      disposables += other.observe { _ in observer.receive(completion: .finished) }
      guard !observer.isDisposed else { return disposables }
      disposables += upstream.observe { event in observer.on(event) }
      return disposables
    }
  }
}
