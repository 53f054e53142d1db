extension SignalProtocol {
  /// Runs side effects for the events of each observation, then forwards the events unchanged.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Runs when an observation starts, before the receiver is observed.
  ///   - receiveOutput: Runs for each element, before it is forwarded.
  ///   - receiveCompletion: Runs for the completion or failure, before it is forwarded.
  ///   - receiveCancel: Runs when the observation is disposed before the signal ended.
  ///
  /// The closures run outside any lock; `receiveCancel` runs on the thread that disposes. Of
  /// `receiveCompletion` and `receiveCancel`, at most one runs per observation: when a dispose on
  /// one thread races the receiver's end on another, whichever comes first wins, and a terminal
  /// event arriving after the dispose is neither handled nor forwarded.
  @inlinable
  public func handleEvents(
    receiveSubscription: (@Sendable () -> Void)? = nil,
    receiveOutput: (@Sendable (Element) -> Void)? = nil,
    receiveCompletion: (@Sendable (Subscribers.Completion<Error>) -> Void)? = nil,
    receiveCancel: (@Sendable () -> Void)? = nil
  ) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      receiveSubscription?()
      let hasEnded = LockedBox(false)
      let observation = upstream.observe { event in
        switch event {
        case .next(let element):
          receiveOutput?(element)
        case .failed, .completed:
          let endedBefore = hasEnded.withLock { hasEnded in
            defer { hasEnded = true }
            return hasEnded
          }
          // Disposed first, on another thread, while this event was on its way: the observation
          // was cancelled, and of the two handlers only `receiveCancel` runs (as in Combine).
          guard !endedBefore else { return }
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
