/// Carries a value into a `@Sendable` closure without requiring its type to be `Sendable`.
///
/// Tether does not require elements to be `Sendable` (see ``Signal``): an element captured by a
/// maker or operator crosses threads only where the user sends it across, and then must be safe to
/// share. Use it only for values that are immutable once captured.
///
/// Operators also carry their upstream signals in it: a signal's own state is `@Sendable` closures
/// (its sources guard theirs with locks), so only its elements' sendability is in question, and the
/// signal an operator makes is `Sendable` only when its elements are.
@usableFromInline
package struct UncheckedSendable<Value>: @unchecked Sendable {  // Safe: see above; immutable once made.
  @usableFromInline package let value: Value

  @inlinable
  package init(_ value: Value) {
    self.value = value
  }
}

extension UncheckedSendable where Value: SignalProtocol {
  /// Observes the carried signal: see ``SignalProtocol/observe(with:)``.
  @inlinable
  package func observe(
    with observer: @escaping @Sendable (Signal<Value.Element, Value.Error>.Event) -> Void
  ) -> any Disposable {
    value.observe(with: observer)
  }
}

/// Carries a weak reference into a `@Sendable` closure without requiring the object to be
/// `Sendable`: for a binding's target, reached from the closure of a signal that is itself
/// `Sendable` only when its elements are, like the target.
@usableFromInline
package struct UncheckedWeakReference<Object: AnyObject>: @unchecked Sendable {
  // Safe: set once, at init; weak loads are atomic.
  @usableFromInline package weak var object: Object?

  @inlinable
  package init(_ object: Object) {
    self.object = object
  }
}
