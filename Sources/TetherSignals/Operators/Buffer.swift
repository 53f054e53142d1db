import TetherSynchronization

extension SignalProtocol {
  /// Groups the elements into arrays of `size` and emits each array when it is full.
  ///
  /// Follows ReactiveKit: when the receiver completes, the elements of an incomplete last group
  /// are dropped (Combine's `collect(_:)` emits them as a shorter array). Fails when the receiver
  /// fails.
  @inlinable
  public func buffer(size: Int) -> Signal<[Element], Error> {
    tetherPrecondition(size > 0, "buffer(size:) requires a positive size (got \(size))")
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let buffer = LockedBox<[Element]>([])
      return upstream.observe { event in
        switch event {
        case .next(let element):
          let full = buffer.withLock { buffer -> [Element]? in
            if buffer.isEmpty { buffer.reserveCapacity(size) }
            buffer.append(element)
            guard buffer.count == size else { return nil }
            defer { buffer = [] }
            return buffer
          }
          if let full { observer(.next(full)) }
        case .failed(let error):
          _ = buffer.withLock { buffer in
            defer { buffer = [] }
            return buffer
          }
          observer(.failed(error))
        case .completed:
          _ = buffer.withLock { buffer in
            defer { buffer = [] }
            return buffer
          }
          observer(.completed)
        }
      }
    })
  }
}
