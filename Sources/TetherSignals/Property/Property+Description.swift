extension Property: CustomStringConvertible, CustomDebugStringConvertible {
  /// The type, the current value, the number of observers and whether the property has ended,
  /// such as `Property<Int>(value: 3, observers: 2)` or
  /// `Property<String>(value: done, observers: 0, completed)`.
  ///
  /// The state is copied under the property's lock; the value is described after the lock is
  /// released, so its `description` may read the property. Reading it from a ``modify(_:)`` body
  /// traps like reading ``value`` there.
  public var description: String {
    let snapshot = core.debugSnapshot()
    return "\(Self.self)(value: \(String(describing: snapshot.current!)), \(snapshot.fields()))"
  }

  /// Like ``description``, with the value's debug description (strings quoted), such as
  /// `Property<String>(value: "done", observers: 1)`.
  public var debugDescription: String {
    let snapshot = core.debugSnapshot()
    return "\(Self.self)(value: \(String(reflecting: snapshot.current!)), \(snapshot.fields()))"
  }
}
