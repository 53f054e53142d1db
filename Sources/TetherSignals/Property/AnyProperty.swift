/// A read-only view of a property: it can be read and observed, not changed.
public final class AnyProperty<Value>: PropertyProtocol {
  private let property: Property<Value>

  /// Creates a read-only view of `property`; the view keeps the property alive.
  public init(property: Property<Value>) {
    self.property = property
  }

  /// The current value of the underlying property.
  public var value: Value {
    property.value
  }

  /// Registers an observer: it receives the current value, then every change.
  public func observe(with observer: @escaping @Sendable (Signal<Value, Never>.Event) -> Void) -> any Disposable {
    property.observe(with: observer)
  }
}

/// A read-only property is `Sendable` when its value is, like ``Property``.
extension AnyProperty: Sendable where Value: Sendable {}
