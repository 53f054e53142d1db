extension ReactiveExtensions where Base: AnyObject & Sendable {
  /// A signal of the events of a main-actor object that calls handlers, such as a control's
  /// actions or a gesture recognizer's targets.
  ///
  /// Each observation calls `register` on the main actor with a handler that sends an element, and
  /// `unregister` with what `register` returned when it is disposed (on the main actor, at once when
  /// disposed on the main thread). The object is held weakly; the signal completes when it goes
  /// away, if that can be heard (a ``DisposeBagProvider``, or any `NSObject` on Apple platforms).
  ///
  /// ```swift
  /// extension ReactiveExtensions where Base: Stepper {
  ///   var stepped: Signal<Int, Never> {
  ///     events(
  ///       register: { stepper, send in stepper.addHandler { send($0) } },
  ///       unregister: { stepper, token in stepper.removeHandler(token) })
  ///   }
  /// }
  /// ```
  public func events<Element, Registration>(
    register: @escaping @MainActor (Base, _ send: @escaping @MainActor (Element) -> Void) -> Registration,
    unregister: @escaping @MainActor (Base, Registration) -> Void
  ) -> Signal<Element, Never> {
    let ended = lifetimeBag(of: base)?.deallocated ?? .never()
    return Signal<Element, Never> { [weak base] observer in
      let registration = RegistrationBox<Registration>()
      ExecutionContext.immediateOnMain.execute {
        MainActor.assumeIsolated {
          guard !registration.isDisposed, let base else { return }
          registration.value = register(base) { element in observer.on(.next(element)) }
        }
      }
      return BlockDisposable {
        ExecutionContext.immediateOnMain.execute {
          MainActor.assumeIsolated {
            registration.isDisposed = true
            guard let value = registration.value else { return }
            registration.value = nil
            if let base { unregister(base, value) }
          }
        }
      }
    }
    .prefix(untilOutputFrom: ended)
  }
}

/// What one observation of ``ReactiveExtensions/events(register:unregister:)`` registered.
private final class RegistrationBox<Value>: @unchecked Sendable {
  // Safe: read and written only on the main actor (in `MainActor.assumeIsolated` blocks).
  var value: Value?
  var isDisposed = false
}
