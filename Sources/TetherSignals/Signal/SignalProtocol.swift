/// A type that can be observed as a stream of events: ``Signal``, subjects, ``Property`` and the
/// observable collections.
///
/// Operators are extensions on this protocol, so `subject.map`, `property.filter` and
/// `array.filterCollection` work without converting with `toSignal()` first.
///
/// The protocol does not require `Sendable`: Tether's signals, subjects, properties and containers
/// are `Sendable` only when their elements are, so that one of non-`Sendable` elements stays in the
/// isolation domain that made it. A conforming type must still accept `observe(with:)` from any
/// thread (Tether's own keep their state behind a lock), as operators observe it from wherever
/// their result is observed.
public protocol SignalProtocol<Element, Error>: SendableMetatype {
  /// The type of the elements.
  associatedtype Element
  /// The type of the error that can end the signal; `Never` for signals that cannot fail.
  associatedtype Error: Swift.Error

  /// Starts an observation; `observer` receives every event. Dispose the result to stop.
  ///
  /// Events are delivered one at a time, never after a terminal event, and none starts after the
  /// returned disposable's `dispose()` returns.
  func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable
}

extension SignalProtocol {
  /// The receiver as a plain ``Signal``.
  ///
  /// The signal of a ``PassthroughSubject``, ``ReplaySubject`` or ``ReplayOneSubject`` does not
  /// keep the subject alive (nobody could send to it through the signal anyway). When the subject
  /// goes away, the signal's observers, like the subject's, receive what was sent before and are
  /// then released: no completion is sent. An observer that subscribes to the signal after that
  /// receives what the subject would replay (its buffered elements, then its terminal event if it
  /// had ended), and its observation then ends. The signal of any other receiver, a ``Property``
  /// included, holds the receiver.
  @inlinable
  public func toSignal() -> Signal<Element, Error> {
    if let signal = self as? Signal<Element, Error> { return signal }
    if let subject = self as? any SubjectCoreSignalSource, let signal = subject.coreSignal as? Signal<Element, Error> {
      return signal
    }
    // A container's signal forwards its observations unchanged, so it keeps their detaching.
    // The box lets a receiver of non-`Sendable` elements be observed through the signal; the
    // signal is `Sendable` only when the elements are (see ``SignalProtocol``'s thread rules).
    let receiver = UncheckedSendable(self)
    return Signal(unsafeSubscribe: { observer in receiver.value.observe(with: observer) }, detaching: hopDetaching)
  }

  /// Observes only the elements.
  @inlinable
  @discardableResult
  public func observeNext(with observer: @escaping @Sendable (Element) -> Void) -> any Disposable {
    observe { event in
      if case .next(let element) = event { observer(element) }
    }
  }

  /// Observes only a failure, if the signal fails.
  @inlinable
  @discardableResult
  public func observeFailed(with observer: @escaping @Sendable (Error) -> Void) -> any Disposable {
    observe { event in
      if case .failed(let error) = event { observer(error) }
    }
  }

  /// Observes only a successful completion.
  @inlinable
  @discardableResult
  public func observeCompleted(with observer: @escaping @Sendable () -> Void) -> any Disposable {
    observe { event in
      if case .completed = event { observer() }
    }
  }
}
