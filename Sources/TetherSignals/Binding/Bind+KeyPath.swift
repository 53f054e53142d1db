extension SignalProtocol where Error == Never, Element: Sendable {
  /// Binds the elements to the property of `target` at `keyPath`, written on `context`.
  ///
  /// The target is held weakly; the binding ends when it goes away (at once if it is a
  /// ``DisposeBagProvider``, else at the next element), when the signal completes or when the
  /// returned disposable is disposed. See ``bind(to:context:setter:)``.
  ///
  /// ```swift
  /// store.temperature.bind(to: thermostat, keyPath: \.target, context: .immediate)
  /// ```
  @discardableResult
  public func bind<Target: AnyObject & Sendable>(
    to target: Target,
    keyPath: ReferenceWritableKeyPath<Target, Element> & Sendable,
    context: ExecutionContext
  ) -> any Disposable {
    bind(to: target, context: context) { target, element in target[keyPath: keyPath] = element }
  }

  /// Binds the elements to the property of a main-actor `target` at `keyPath`, written on the main
  /// actor: at once for an element sent on the main thread, from the main queue otherwise, in order.
  ///
  /// The target is held weakly, as in `bind(to:setter:)`. ReactiveKit's `bind(to:keyPath:)`
  /// uses the target's binding execution context, which for objects is `.immediateOnMain`, the
  /// same.
  ///
  /// ```swift
  /// store.title.bind(to: viewModel, keyPath: \.title)
  /// ```
  @discardableResult
  public func bind<Target: AnyObject & Sendable>(
    to target: Target,
    keyPath: ReferenceWritableKeyPath<Target, Element>
  ) -> any Disposable {
    let keyPath = UncheckedSendable(keyPath)  // key paths are immutable
    return bind(to: target) { target, element in target[keyPath: keyPath.value] = element }
  }
}

extension SignalProtocol where Error == Never {
  /// Binds the elements of a signal used on the main actor to the property of a main-actor
  /// `target` at `keyPath`: the overload for elements that are not `Sendable`, such as a class
  /// model's (see `bind(to:setter:)`).
  @MainActor
  @discardableResult
  public func bind<Target: AnyObject & Sendable>(
    to target: Target,
    keyPath: ReferenceWritableKeyPath<Target, Element>
  ) -> any Disposable {
    let keyPath = UncheckedSendable(keyPath)  // key paths are immutable
    return bind(to: target) { target, element in target[keyPath: keyPath.value] = element }
  }
}
