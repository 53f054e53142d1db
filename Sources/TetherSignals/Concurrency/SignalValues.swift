import TetherSynchronization

/// The elements of a signal as an `AsyncSequence`: `for await` (or `for try await` when the signal
/// can fail) over ``SignalProtocol/values``.
///
/// Each iterator starts its own observation when it is made and buffers the elements that arrive
/// before they are awaited, as its ``BufferingPolicy`` says: ``SignalProtocol/values`` keeps them
/// all (a fast producer and a slow consumer grow the buffer), and
/// ``SignalProtocol/values(bufferingPolicy:)`` can keep only the oldest or the newest few, as
/// `AsyncStream` does. The signal's completion or failure is always kept, after the elements.
/// The sequence ends when the signal completes, throws the signal's error when it fails, and ends
/// early, disposing the observation, when the awaiting task is cancelled or the iterator is
/// dropped.
public struct SignalValues<Element, Failure: Swift.Error>: AsyncSequence {
  /// Which elements an iterator keeps when they arrive faster than they are awaited (see
  /// ``SignalValuesBufferingPolicy``).
  public typealias BufferingPolicy = SignalValuesBufferingPolicy

  private let signal: Signal<Element, Failure>
  private let bufferingPolicy: BufferingPolicy

  internal init(signal: Signal<Element, Failure>, bufferingPolicy: BufferingPolicy = .unbounded) {
    switch bufferingPolicy {
    case .unbounded: break
    case .bufferingOldest(let limit), .bufferingNewest(let limit):
      if limit < 0 { tetherPreconditionFailure("A buffering limit cannot be negative; got \(limit)") }
    }
    self.signal = signal
    self.bufferingPolicy = bufferingPolicy
  }

  /// Starts an observation of the signal and returns an iterator over its elements.
  public func makeAsyncIterator() -> Iterator {
    Iterator(buffer: ValuesBuffer(signal: signal, bufferingPolicy: bufferingPolicy))
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

  /// The elements as an `AsyncSequence` that buffers, for a consumer slower than the signal, only
  /// what `bufferingPolicy` keeps (see ``SignalValuesBufferingPolicy``), like an `AsyncStream`
  /// made with that policy.
  ///
  /// ```swift
  /// // A progress bar needs only the latest value.
  /// for await progress in download.progress.values(bufferingPolicy: .bufferingNewest(1)) {
  ///   bar.show(progress)
  /// }
  /// ```
  ///
  /// - Precondition: A `bufferingOldest` or `bufferingNewest` limit is not negative.
  public func values(bufferingPolicy: SignalValuesBufferingPolicy) -> SignalValues<Element, Error> {
    SignalValues(signal: toSignal(), bufferingPolicy: bufferingPolicy)
  }
}

/// The sequence is `Sendable` when its elements are, like its ``Signal``.
extension SignalValues: Sendable where Element: Sendable {}

/// Which elements an iterator keeps when they arrive faster than they are awaited, as
/// `AsyncStream.Continuation.BufferingPolicy`; also spelled `SignalValues.BufferingPolicy`.
///
/// It is not nested in the generic ``SignalValues``, so one policy value serves every element and
/// failure type.
///
/// An element that arrives while the consumer is already waiting is handed over at once and is
/// never dropped; the signal's completion or failure is never dropped.
public enum SignalValuesBufferingPolicy: Sendable, Hashable {
  /// Keeps every element until it is awaited.
  case unbounded
  /// Keeps at most `limit` elements; an element that arrives when the buffer is full is
  /// dropped (the oldest are kept).
  case bufferingOldest(Int)
  /// Keeps at most `limit` elements; when the buffer is full, the oldest buffered element is
  /// dropped to make room (the newest are kept).
  case bufferingNewest(Int)
}
