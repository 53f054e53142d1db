extension SignalProtocol {
  /// Observes the signal with one closure for the elements and one for how it ended, and returns an
  /// ``AnyCancellable`` that ends the observation when disposed or deinitialized.
  ///
  /// Same as ReactiveKit: there is no demand, every element is delivered. `receiveCompletion` is
  /// called once, with `.finished` or `.failure`, when the signal completes or fails; never if the
  /// observation is cancelled first. Keep the result, for example with `store(in:)`: dropping it
  /// cancels the observation.
  public func sink(
    receiveCompletion: @escaping @Sendable (Subscribers.Completion<Error>) -> Void,
    receiveValue: @escaping @Sendable (Element) -> Void
  ) -> AnyCancellable {
    AnyCancellable(
      observe { event in
        switch event {
        case .next(let element): receiveValue(element)
        case .failed(let error): receiveCompletion(.failure(error))
        case .completed: receiveCompletion(.finished)
        }
      })
  }
}

extension SignalProtocol where Error == Never {
  /// Observes the elements of a signal that cannot fail, and returns an ``AnyCancellable`` that ends
  /// the observation when disposed or deinitialized; see ``sink(receiveCompletion:receiveValue:)``.
  public func sink(receiveValue: @escaping @Sendable (Element) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
