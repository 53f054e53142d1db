import Foundation
import TetherChangesets

/// A change to the bins of a ``DiffCollection``: the bins after it, as a
/// ``DiffCollectionSnapshot``, with the change as a sectioned diff and as a patch.
///
/// Sections are the bins and never change (there is one per filter), so every diff and patch
/// entry is an *item* path of length 2, `[section, row]` — Tether's sectioned convention. The
/// diff follows batch-update semantics: deletes and updates in the bins before the change,
/// inserts in the bins after it (a ``DiffCollectionResult`` maps to it one to one). Patch
/// operations each apply to the bins right before them.
///
/// A ``reload(_:)`` changeset (``isReload`` is `true`) says "show these bins from scratch"; its
/// diff and patch are empty. An ``ObservableDiffCollection`` starts every observation with one.
public struct DiffCollectionChangeset<Element>: ChangesetProtocol {
  /// The diff form: item paths, deletes and updates before the change, inserts after it.
  public typealias Diff = OrderedCollectionDiff<IndexPath>

  /// One step of the patch form, at an item path of the bins right before it.
  public typealias Operation = OrderedCollectionOperation<Element, IndexPath>

  /// The bins after the change.
  public let collection: DiffCollectionSnapshot<Element>

  /// The change in batch-update form; empty for a reload.
  public let diff: Diff

  /// The change as operations applied in order to the bins before it; empty for a reload.
  public let patch: [Operation]

  /// Whether this changeset shows the bins from scratch; its diff and patch are then empty.
  public let isReload: Bool

  /// Creates a changeset from both forms, trusting that they describe the same change.
  public init(collection: DiffCollectionSnapshot<Element>, patch: [Operation], diff: Diff) {
    self.collection = collection
    self.patch = patch
    self.diff = diff
    self.isReload = false
  }

  /// Creates a changeset from the bins after the change and the patch that produced them.
  ///
  /// The diff is derived at once: per section, with the flat conversion of `TetherChangesets`. A
  /// move between two sections becomes a delete and an insert in the diff.
  ///
  /// - Precondition: Every path has length 2 and is in range for the state it applies to.
  /// - Complexity: O(k log k) for k operations.
  public init(collection: DiffCollectionSnapshot<Element>, patch: [Operation]) {
    self.init(collection: collection, patch: patch, diff: Self.diff(of: patch, finalCounts: collection.itemCounts))
  }

  /// Creates a changeset from the bins after the change and the diff that describes it.
  ///
  /// The patch is derived at once: updates, then deletes from the last path down, then inserts
  /// from the first path up, reading new elements from `collection`. A move becomes a delete and
  /// an insert in the patch.
  ///
  /// - Precondition: The diff is valid for `collection` (item paths only).
  /// - Complexity: O(k log k) for a diff with k entries, plus reading k elements.
  public init(collection: DiffCollectionSnapshot<Element>, diff: Diff) {
    self.init(collection: collection, patch: Self.patch(for: diff, to: collection), diff: diff)
  }

  /// Creates a reload changeset: show `collection` from scratch.
  public init(reloading collection: DiffCollectionSnapshot<Element>) {
    self.collection = collection
    self.patch = []
    self.diff = Diff()
    self.isReload = true
  }

  /// A reload changeset: show `collection` from scratch. Never an empty diff.
  public static func reload(_ collection: DiffCollectionSnapshot<Element>) -> Self {
    Self(reloading: collection)
  }

  /// The changeset of one ``DiffCollection`` mutation, from its result and the bins after it.
  ///
  /// - Complexity: O(log(*n* / 512)) per changed path, to read the new elements.
  public init(result: DiffCollectionResult, collection: DiffCollectionSnapshot<Element>) {
    // At most one path of each kind, so the order below is a valid patch: the update first (its
    // path is the same before and after), then the delete (old bins), then the insert (new bins).
    var patch: [Operation] = []
    for path in result.updated { patch.append(.update(at: path, newElement: collection[itemAt: path])) }
    for path in result.deleted.sorted(by: >) { patch.append(.delete(at: path)) }
    for path in result.added.sorted() { patch.append(.insert(collection[itemAt: path], at: path)) }
    self.init(collection: collection, patch: patch, diff: result.diff)
  }
}

extension DiffCollectionChangeset: Sendable where Element: Sendable {}

extension DiffCollectionChangeset: CustomStringConvertible {
  /// A readable description, such as `reload [...]` or `diff D[[0, 1]] I[[2, 0]] U[] M[]`.
  public var description: String {
    if isReload { return "reload \(collection)" }
    return "diff \(diff) -> \(collection)"
  }
}
