// ReactiveKit's older names for subjects and for sending events. The subject names forward (a
// typealias costs nothing); the event methods forward too, since each is exactly one `send` or
// `receive` call.

/// ReactiveKit's older name for ``PassthroughSubject``.
@available(*, deprecated, renamed: "PassthroughSubject")
public typealias PublishSubject<Element, Error: Swift.Error> = PassthroughSubject<Element, Error>

/// ReactiveKit's older name for a ``PassthroughSubject`` that cannot fail.
@available(*, deprecated, renamed: "PassthroughSubject", message: "write PassthroughSubject<Element, Never>")
public typealias SafePublishSubject<Element> = PassthroughSubject<Element, Never>

extension SubjectProtocol {
  /// ReactiveKit's older name for ``send(_:)``.
  @available(*, deprecated, renamed: "send(_:)")
  public func next(_ element: Element) {
    send(element)
  }

  /// ReactiveKit's older spelling of `send(completion: .failure(error))`.
  @available(*, deprecated, message: "use send(completion: .failure(error))")
  public func failed(_ error: Error) {
    send(completion: .failure(error))
  }

  /// ReactiveKit's older spelling of `send(completion: .finished)`.
  @available(*, deprecated, message: "use send(completion: .finished)")
  public func completed() {
    send(completion: .finished)
  }

  /// ReactiveKit's older name for ``send(lastElement:)``.
  @available(*, deprecated, renamed: "send(lastElement:)")
  public func completed(with element: Element) {
    send(lastElement: element)
  }
}

extension AtomicObserver {
  /// ReactiveKit's older name for ``ObserverProtocol/receive(_:)``.
  @available(*, deprecated, renamed: "receive(_:)")
  public func next(_ element: Element) {
    receive(element)
  }

  /// ReactiveKit's older spelling of `receive(completion: .failure(error))`.
  @available(*, deprecated, message: "use receive(completion: .failure(error))")
  public func failed(_ error: Error) {
    receive(completion: .failure(error))
  }

  /// ReactiveKit's older spelling of `receive(completion: .finished)`.
  @available(*, deprecated, message: "use receive(completion: .finished)")
  public func completed() {
    receive(completion: .finished)
  }

  /// ReactiveKit's older name for ``ObserverProtocol/receive(lastElement:)``.
  @available(*, deprecated, renamed: "receive(lastElement:)")
  public func completed(with element: Element) {
    receive(lastElement: element)
  }
}
