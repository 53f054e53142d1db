/// A signal you can send events into: every observer receives them.
///
/// Adopted by ``PassthroughSubject``, ``ReplaySubject``, ``ReplayOneSubject`` and ``Property``.
public protocol SubjectProtocol<Element, Error>: SignalProtocol, ObserverProtocol {}

extension SubjectProtocol {
  /// Sends an element to every observer.
  @inlinable
  public func send(_ element: Element) {
    on(.next(element))
  }

  /// Ends the subject: every observer receives the terminal event for `completion`.
  ///
  /// Later sends, and later completions, are ignored.
  @inlinable
  public func send(completion: Subscribers.Completion<Error>) {
    on(Signal<Element, Error>.Event(completion: completion))
  }

  /// Sends an element, then completes.
  @inlinable
  public func send(lastElement element: Element) {
    on(.next(element))
    on(.completed)
  }
}

extension SubjectProtocol where Element == Void {
  /// Sends an empty element.
  @inlinable
  public func send() {
    on(.next(()))
  }
}
