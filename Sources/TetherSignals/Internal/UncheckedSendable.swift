/// Carries a value into a `@Sendable` closure without requiring its type to be `Sendable`.
///
/// Tether does not require elements to be `Sendable` (see ``Signal``): an element captured by a
/// maker or operator crosses threads only where the user sends it across, and then must be safe to
/// share. Use it only for values that are immutable once captured.
@usableFromInline
internal struct UncheckedSendable<Value>: @unchecked Sendable {  // Safe: see above; immutable once made.
  @usableFromInline internal let value: Value

  @inlinable
  internal init(_ value: Value) {
    self.value = value
  }
}
