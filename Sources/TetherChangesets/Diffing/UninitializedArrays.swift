/// The capacity to request from `Array(unsafeUninitializedCapacity:initializingWith:)`.
///
/// For a capacity of 0 the standard library hands back its shared empty-array storage and then
/// writes the initialized count (0) into it. The write is benign, but two threads diffing at once
/// both write to that one global object, and ThreadSanitizer reports it as a data race in the
/// app. Asking for at least one element gives every call its own buffer; the initializers here
/// count their own elements, so the spare slot is simply left unused.
@inlinable
internal func _ownedCapacity(_ capacity: Int) -> Int {
  Swift.max(capacity, 1)
}
