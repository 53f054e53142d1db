extension Signal {
  /// One event of a signal: an element, a failure, or the completion.
  ///
  /// `.failed` and `.completed` are terminal: nothing follows them.
  public enum Event {
    /// An element.
    case next(Element)
    /// The signal failed with an error; terminal.
    case failed(Error)
    /// The signal finished successfully; terminal.
    case completed

    /// Whether the event ends the signal (`.failed` or `.completed`).
    @inlinable
    public var isTerminal: Bool {
      switch self {
      case .next: return false
      case .failed, .completed: return true
      }
    }

    /// The element of a `.next` event, otherwise `nil`.
    @inlinable
    public var element: Element? {
      if case .next(let element) = self { return element }
      return nil
    }

    /// The error of a `.failed` event, otherwise `nil`.
    @inlinable
    public var error: Error? {
      if case .failed(let error) = self { return error }
      return nil
    }

    /// The completion a terminal event stands for; `nil` for `.next`.
    @inlinable
    public var completion: Subscribers.Completion<Error>? {
      switch self {
      case .next: return nil
      case .failed(let error): return .failure(error)
      case .completed: return .finished
      }
    }

    /// Creates the terminal event for a completion.
    @inlinable
    public init(completion: Subscribers.Completion<Error>) {
      switch completion {
      case .finished: self = .completed
      case .failure(let error): self = .failed(error)
      }
    }
  }
}

extension Signal.Event: Equatable where Element: Equatable, Error: Equatable {}

extension Signal.Event: Sendable where Element: Sendable {}

extension Signal.Event: CustomStringConvertible {
  /// `next(1)`, `failed(error)` or `completed`.
  public var description: String {
    switch self {
    case .next(let element): return "next(\(element))"
    case .failed(let error): return "failed(\(error))"
    case .completed: return "completed"
    }
  }
}
