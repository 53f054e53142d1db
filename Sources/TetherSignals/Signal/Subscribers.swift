/// A namespace for subscriber-related types, named as in ReactiveKit.
public enum Subscribers {
  /// How a signal ended: finished normally or failed with an error.
  ///
  /// Passed to `send(completion:)` and `receive(completion:)`.
  public enum Completion<Failure: Swift.Error> {
    /// The signal finished normally.
    case finished
    /// The signal failed with an error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}

extension Subscribers.Completion: Sendable {}
