// Epoxy's `isDiffableItemEqual(to:)` takes the other item as `any Diffable`. Making that
// existential for a model larger than three words (every model that stores its `AnyHashable`
// identifier, as Epoxy's models store their `dataID`) allocates a heap box per call and frees it
// after, which cost about as much as the rest of the diff for each matched pair. One container is
// made per diff instead and its box reused: each call overwrites the value in place. A model that
// keeps the argument keeps a second reference to the box, and Swift copies a shared box before
// writing to it (existentials are copy-on-write), so what a model was given never changes.

/// The `any Diffable` argument of every `isDiffableItemEqual(to:)` call of one diff.
@usableFromInline
internal struct _DiffableArgument<Value: Diffable> {
  @usableFromInline
  internal let slot: UnsafeMutablePointer<any Diffable>

  /// Creates the container, holding `first` until the first call; ``release()`` frees it.
  @inlinable
  internal init(_ first: Value) {
    slot = UnsafeMutablePointer<any Diffable>.allocate(capacity: 1)
    slot.initialize(to: first)
  }

  @inlinable
  internal func release() {
    slot.deinitialize(count: 1)
    slot.deallocate()
  }

  /// Whether `item` equals `other` by `item.isDiffableItemEqual(to: other)`.
  @inlinable
  internal func isDiffableItemEqual(_ item: some Diffable, to other: Value) -> Bool {
    withUnsafePointer(to: other) { other in
      Self.overwrite(&slot.pointee, with: other)
      return item.isDiffableItemEqual(to: slot.pointee)
    }
  }

  /// Whether the item at `item` equals the value at `other`, neither of them copied: the value is
  /// copied straight into the argument (a copy and a destroy of the model fewer per call).
  @inlinable
  @inline(__always)
  internal func isDiffableItemEqual<Item: Diffable>(
    _ item: UnsafePointer<Item>,
    to other: UnsafePointer<Value>
  ) -> Bool {
    Self.overwrite(&slot.pointee, with: other)
    return item.pointee.isDiffableItemEqual(to: slot.pointee)
  }

  /// Stores the value at `value` in the opened existential `boxed`, which holds a `Value` (it was
  /// made from one and is only ever given `Value`s).
  @inlinable
  @inline(__always)
  internal static func overwrite<Boxed: Diffable>(_ boxed: inout Boxed, with value: UnsafePointer<Value>) {
    assert(Boxed.self == Value.self, "The reused argument holds a \(Boxed.self), not a \(Value.self)")
    store(value, at: &boxed)
  }

  /// Assigns the value at `value` to the `Value` at `address`. Through a pointer rather than
  /// `withUnsafeMutablePointer(to:)`, which is not inlined for an opened type and cost a call.
  @inlinable
  @inline(__always)
  internal static func store<Boxed>(_ value: UnsafePointer<Value>, at address: UnsafeMutablePointer<Boxed>) {
    UnsafeMutableRawPointer(address).assumingMemoryBound(to: Value.self).pointee = value.pointee
  }
}
