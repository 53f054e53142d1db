/// A type that receives signal events: ``AtomicObserver``, subjects and properties.
public protocol ObserverProtocol<Element, Error> {
  /// The type of the elements received.
  associatedtype Element
  /// The type of the error received.
  associatedtype Error: Swift.Error

  /// Receives one event.
  func on(_ event: Signal<Element, Error>.Event)
}

extension ObserverProtocol {
  /// Receives an element (a `.next` event).
  @inlinable
  public func receive(_ element: Element) {
    on(.next(element))
  }

  /// Receives the terminal event for `completion`.
  @inlinable
  public func receive(completion: Subscribers.Completion<Error>) {
    on(Signal<Element, Error>.Event(completion: completion))
  }

  /// Receives an element followed by a successful completion.
  @inlinable
  public func receive(lastElement element: Element) {
    on(.next(element))
    on(.completed)
  }
}

extension ObserverProtocol where Element == Void {
  /// Receives an empty element.
  @inlinable
  public func receive() {
    on(.next(()))
  }
}
