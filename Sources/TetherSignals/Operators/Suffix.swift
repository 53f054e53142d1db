import TetherSynchronization

extension SignalProtocol {
  /// Emits the last element when the receiver completes, then completes.
  ///
  /// Completes without emitting if the receiver completes empty; fails, without emitting, if it
  /// fails.
  @inlinable
  public func last() -> Signal<Element, Error> {
    suffix(maxLength: 1)
  }

  /// Emits the last `maxLength` elements, in order, when the receiver completes, then completes.
  ///
  /// Keeps at most `maxLength` elements while waiting. Fails, without emitting, if the receiver
  /// fails.
  @inlinable
  public func suffix(maxLength: Int) -> Signal<Element, Error> {
    tetherPrecondition(maxLength >= 0, "suffix(maxLength:) requires a non-negative maxLength (got \(maxLength))")
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let buffer = LockedBox(FIFOQueue<Element>())
      return upstream.observe { event in
        switch event {
        case .next(let element):
          guard maxLength > 0 else { return }
          // What the operator lets go of is released after the lock, as everywhere in Tether
          // (see ThreadingAndReentrancy.md): a deinitializer may be user code.
          let evicted = buffer.withLock { buffer -> Element? in
            let evicted = buffer.count == maxLength ? buffer.popFirst() : nil
            buffer.append(element)
            return evicted
          }
          _ = evicted
        case .failed:
          _ = buffer.withLock { $0.takeAll() }
          observer.on(event)
        case .completed:
          let elements = buffer.withLock { buffer in
            defer { buffer.removeAll() }
            return buffer.elements
          }
          for element in elements { observer.on(.next(element)) }
          observer.on(.completed)
        }
      }
    }
  }

  /// Emits every element except the last `count`: each element is emitted once `count` newer ones
  /// have arrived, and the last `count` are dropped when the receiver completes.
  ///
  /// Fails or completes when the receiver does.
  @inlinable
  public func dropLast(_ count: Int = 1) -> Signal<Element, Error> {
    tetherPrecondition(count >= 0, "dropLast(_:) requires a non-negative count (got \(count))")
    guard count > 0 else { return toSignal() }
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let buffer = LockedBox(FIFOQueue<Element>())
      return upstream.observe { event in
        switch event {
        case .next(let element):
          let ready = buffer.withLock { buffer -> Element? in
            buffer.append(element)
            return buffer.count > count ? buffer.popFirst() : nil
          }
          if let ready { observer(.next(ready)) }
        case .failed, .completed:
          _ = buffer.withLock { $0.takeAll() }
          observer(event)
        }
      }
    })
  }
}
