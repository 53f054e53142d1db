/// The elements of a signal as an `AsyncSequence`: `for await` (or `for try await` when the signal
/// can fail) over ``SignalProtocol/values``.
///
/// Each iterator starts its own observation when it is made and buffers the events that arrive
/// before they are awaited (the buffer is unbounded: a fast producer and a slow consumer grow it).
/// The sequence ends when the signal completes, throws the signal's error when it fails, and ends
/// early, disposing the observation, when the awaiting task is cancelled or the iterator is
/// dropped.
public struct SignalValues<Element, Failure: Swift.Error>: AsyncSequence, Sendable {
  private let signal: Signal<Element, Failure>

  internal init(signal: Signal<Element, Failure>) {
    self.signal = signal
  }

  /// Starts an observation of the signal and returns an iterator over its elements.
  public func makeAsyncIterator() -> Iterator {
    Iterator(buffer: ValuesBuffer(signal: signal))
  }

  /// The iterator of ``SignalValues``.
  public struct Iterator: AsyncIteratorProtocol {
    private let buffer: ValuesBuffer<Element, Failure>

    internal init(buffer: ValuesBuffer<Element, Failure>) {
      self.buffer = buffer
    }

    /// The next element; `nil` once the signal completed or the task was cancelled.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> Element? {
      let event = await buffer.next()
      switch event {
      case .next(let element)?: return element
      case .failed(let error)?: throw error
      case .completed?, nil: return nil
      }
    }

    /// The next element; `nil` once the signal completed or the task was cancelled.
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension SignalProtocol {
  /// The elements as an `AsyncSequence`; it throws the signal's error (so `for try await`), unless
  /// the signal cannot fail (then `for await`). See ``SignalValues``.
  public var values: SignalValues<Element, Error> {
    SignalValues(signal: toSignal())
  }
}
