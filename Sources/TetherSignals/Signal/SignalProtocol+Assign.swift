extension SignalProtocol where Error == Never {
  /// Assigns each element to the property at `keyPath` of `object`, and returns an
  /// ``AnyCancellable`` that ends the assignments when cancelled or deinitialized.
  ///
  /// Same as ReactiveKit and Combine: `object` is held strongly until the signal completes or the
  /// cancellable ends the observation (keep it, for example with `store(in:)`: dropping it ends the
  /// observation). Each assignment runs on the thread that delivers the element, so `object` must be
  /// safe to write from there; use `bind(to:context:setter:)` to hold the object weakly or to assign
  /// on the main thread.
  public func assign<Root: AnyObject & Sendable>(
    to keyPath: ReferenceWritableKeyPath<Root, Element> & Sendable,
    on object: Root
  ) -> AnyCancellable {
    sink(receiveValue: { object[keyPath: keyPath] = $0 })
  }
}
