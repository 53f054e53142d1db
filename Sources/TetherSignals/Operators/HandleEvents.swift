extension SignalProtocol {
  /// Runs side effects for the events of each observation, then forwards the events unchanged.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Runs when an observation starts, before the receiver is observed.
  ///   - receiveOutput: Runs for each element, before it is forwarded.
  ///   - receiveCompletion: Runs for the completion or failure, before it is forwarded.
  ///   - receiveCancel: Runs when the observation is disposed before the signal ended.
  ///
  /// The closures of one observation run one at a time, never under a lock.
  public func handleEvents(
    receiveSubscription: (@Sendable () -> Void)? = nil,
    receiveOutput: (@Sendable (Element) -> Void)? = nil,
    receiveCompletion: (@Sendable (Subscribers.Completion<Error>) -> Void)? = nil,
    receiveCancel: (@Sendable () -> Void)? = nil
  ) -> Signal<Element, Error> {
    let upstream = toSignal()
    return Signal(unsafeSubscribe: { observer in
      receiveSubscription?()
      let hasEnded = LockedBox(false)
      let observation = upstream.observe { event in
        switch event {
        case .next(let element):
          receiveOutput?(element)
        case .failed, .completed:
          hasEnded.withLock { $0 = true }
          if let receiveCompletion, let completion = event.completion { receiveCompletion(completion) }
        }
        observer(event)
      }
      return BlockDisposable {
        let endedBefore = hasEnded.withLock { hasEnded in
          defer { hasEnded = true }
          return hasEnded
        }
        if !endedBefore { receiveCancel?() }
        observation.dispose()
      }
    })
  }
}
