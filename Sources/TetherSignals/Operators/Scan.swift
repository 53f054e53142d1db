extension SignalProtocol {
  /// Emits `initial`, then each running accumulation of the elements.
  ///
  /// Each element is combined into the accumulation with `combine`, and the new accumulation is
  /// emitted. Fails or completes when the receiver does.
  ///
  /// Like ReactiveKit, and unlike Combine, the seed `initial` is emitted first, as soon as the
  /// observation starts: `scan(0, +)` over `1, 2, 3` emits `0, 1, 3, 6`.
  @inlinable
  public func scan<Result>(
    _ initial: Result,
    _ combine: @escaping @Sendable (Result, Element) -> Result
  ) -> Signal<Result, Error> {
    let upstream = UncheckedSendable(toSignal())
    let initial = UncheckedSendable(initial)
    return Signal(unsafeSubscribe: { observer in
      observer(.next(initial.value))
      let accumulator = LockedBox<Result?>(initial.value)
      return upstream.observe { event in
        switch event {
        case .next(let element):
          // Taking the value out keeps a copy-on-write accumulation uniquely referenced.
          let current = accumulator.withLock { value in value.take()! }
          let next = combine(current, element)
          accumulator.withLock { $0 = next }
          observer(.next(next))
        case .failed(let error):
          observer(.failed(error))
        case .completed:
          observer(.completed)
        }
      }
    })
  }

  /// Combines all elements with `combine`, starting from `initial`, and emits the result when the
  /// receiver completes, then completes.
  ///
  /// Emits `initial` if the receiver completes without elements. Fails, without emitting, when the
  /// receiver fails. Same as ReactiveKit's and Combine's `reduce`.
  @inlinable
  public func reduce<Result>(
    _ initial: Result,
    _ combine: @escaping @Sendable (Result, Element) -> Result
  ) -> Signal<Result, Error> {
    let upstream = UncheckedSendable(toSignal())
    let initial = UncheckedSendable(initial)
    return Signal { observer in
      let accumulator = LockedBox<Result?>(initial.value)
      return upstream.observe { event in
        switch event {
        case .next(let element):
          let current = accumulator.withLock { value in value.take()! }
          let next = combine(current, element)
          accumulator.withLock { $0 = next }
        case .failed(let error):
          _ = accumulator.withLock { $0.take() }
          observer.on(.failed(error))
        case .completed:
          let result = accumulator.withLock { value in value.take()! }
          observer.on(.next(result))
          observer.on(.completed)
        }
      }
    }
  }

  /// Collects all elements into an array and emits it when the receiver completes, then completes.
  ///
  /// Emits `[]` if the receiver completes without elements; fails, without emitting, when the
  /// receiver fails.
  @inlinable
  public func collect() -> Signal<[Element], Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let elements = LockedBox<[Element]>([])
      return upstream.observe { event in
        switch event {
        case .next(let element):
          elements.withLock { $0.append(element) }
        case .failed(let error):
          _ = elements.withLock { elements in
            defer { elements = [] }
            return elements
          }
          observer.on(.failed(error))
        case .completed:
          let all = elements.withLock { elements in
            defer { elements = [] }
            return elements
          }
          observer.on(.next(all))
          observer.on(.completed)
        }
      }
    }
  }
}
