import TetherSignals

extension SignalProtocol {
  /// A signal that transforms each element with a state owned by the observation.
  ///
  /// `makeState` runs once per observation, inside the producer, so every subscriber has its own
  /// state (Bond shared one index map between all subscribers of a `filterCollection`). `receive`
  /// runs for each element, outside any lock, with the state taken out of its box; its result is
  /// emitted once the state is back. Failures and the completion are forwarded.
  func withSubscriberState<State, Output>(
    _ makeState: @escaping @Sendable () -> State,
    receive: @escaping @Sendable (inout State, Element) -> Output
  ) -> Signal<Output, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let box = SubscriberState<State>(makeState())
      return upstream.observe { event in
        switch event {
        case .next(let element):
          observer.receive(box.update(orMake: makeState) { receive(&$0, element) })
        case .failed(let error):
          box.end(observer, with: .failure(error))
        case .completed:
          box.end(observer, with: .finished)
        }
      }
    }
  }
}
