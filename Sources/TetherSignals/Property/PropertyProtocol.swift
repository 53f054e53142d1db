/// An observable value: it always has a current value, and observing it emits that value first,
/// then every change.
public protocol PropertyProtocol<Value>: SignalProtocol where Element == Value, Error == Never {
  /// The type of the value.
  associatedtype Value

  /// The current value.
  var value: Value { get }
}
