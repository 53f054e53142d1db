/// A type that signals can be bound to, such as ``Property``.
public protocol BindableProtocol<Element> {
  /// The type of the elements it accepts.
  associatedtype Element

  /// Establishes a binding: the receiver takes in every element of `signal` until the returned
  /// disposable is disposed, the signal ends, or the receiver goes away.
  func bind(signal: Signal<Element, Never>) -> any Disposable
}
