/// A description of one change to a collection, in two equivalent forms.
///
/// A changeset carries the collection in its final state together with the change that
/// produced it, both as a ``diff`` (batch-update form: deletes, updates and move sources in the
/// source index space; inserts and move targets in the final index space) and as a ``patch``
/// (operations that, applied in order to the source collection, produce ``collection``).
///
/// Conforming types derive whichever form they were not given on first use, thread-safely.
///
/// A changeset whose ``isReload`` is `true` says "the whole collection was replaced": it has
/// no meaningful diff or patch, and consumers such as binders must reload everything. An empty
/// diff on a changeset that is not a reload always means "nothing changed".
public protocol ChangesetProtocol {
  /// The diff form of the change.
  associatedtype Diff
  /// One step of the patch form of the change.
  associatedtype Operation
  /// The changed collection type.
  associatedtype Collection

  /// The change as a diff, in batch-update index spaces.
  var diff: Diff { get }

  /// The change as a sequence of operations applied in order to the source collection.
  var patch: [Operation] { get }

  /// The collection in its final state.
  var collection: Collection { get }

  /// Whether this changeset replaces the whole collection (the receiver must reload).
  var isReload: Bool { get }

  /// Creates a changeset from the final collection and the patch that produced it.
  init(collection: Collection, patch: [Operation])

  /// Creates a changeset from the final collection and the diff that describes the change.
  init(collection: Collection, diff: Diff)
}
