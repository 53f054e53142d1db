import TetherSynchronization

/// The derived-form cache shared by copies of one changeset.
///
/// A changeset is created from either its diff or its patch; the other form is computed on first
/// use and stored here. The box is a reference so that copies of a changeset share the work, and
/// its state lives behind a lock so that copies read on several threads never race.
///
/// The derivation runs outside the lock (it may be long and it reads the collection); when two
/// threads derive at once, the first stored result wins and both return it.
@usableFromInline
final class ChangesetCache<Diff, Operation>: Sendable {
  private let storage: Locked<Transfer<(diff: Diff?, patch: [Operation]?)>>
  /// The forms the changeset was created with (the others are derived from them).
  let givenForms: ChangesetGivenForms

  @usableFromInline
  init(diff: Diff?, patch: [Operation]?) {
    storage = Locked(Transfer((diff, patch)))
    givenForms = diff == nil ? .patch : patch == nil ? .diff : .both
  }

  /// The diff, derived with `derive` and stored if it was not known yet.
  @usableFromInline
  func diff(deriving derive: () -> Diff) -> Diff {
    if let known = storage.withLock({ Transfer($0.value.diff) }).value { return known }
    let derived = Transfer(derive())
    return storage.withLock { state -> Transfer<Diff> in
      if let raced = state.value.diff { return Transfer(raced) }
      state.value.diff = derived.value
      return derived
    }.value
  }

  /// The patch, derived with `derive` and stored if it was not known yet.
  @usableFromInline
  func patch(deriving derive: () -> [Operation]) -> [Operation] {
    if let known = storage.withLock({ Transfer($0.value.patch) }).value { return known }
    let derived = Transfer(derive())
    return storage.withLock { state -> Transfer<[Operation]> in
      if let raced = state.value.patch { return Transfer(raced) }
      state.value.patch = derived.value
      return derived
    }.value
  }
}

/// Carries a cached value across the lock's boundary.
///
/// The cached values are immutable once stored and are shared across threads only when the
/// owning changeset is `Sendable`, which requires its element type to be `Sendable`.
// @unchecked: values cross threads only inside a changeset that is itself (conditionally) Sendable.
struct Transfer<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
