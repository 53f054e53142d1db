/// A change to an unordered collection (a set, a dictionary): the collection in its final state
/// with the change as a diff and as a patch, addressed by `Collection.Index`.
///
/// Hashed collections move elements between buckets when others are removed and rehash when they
/// grow, so their indices cannot be replayed one operation at a time the way offsets can. An
/// unordered patch therefore uses the same index spaces as the diff: deletes and updates address
/// the *source* collection, inserts the *final* one, and the order of the operations carries no
/// meaning. `Set.apply(_:)` and `Dictionary.apply(_:)` resolve every index against the source
/// before changing anything.
///
/// Prefer ``init(collection:patch:)``: a patch carries the new elements, so the derived diff is
/// exact. A patch derived from a diff (``init(collection:diff:)``) reads each update's new element
/// from `collection` at the update's index, which is right only when the updated element keeps its
/// index (true for in-place value updates without removals in the same changeset).
///
/// A changeset made with ``reload(_:)`` says "everything was replaced": ``isReload`` is `true`,
/// its diff and patch are empty, and consumers reload from ``collection``. A reload is never an
/// empty diff.
public struct UnorderedCollectionChangeset<Collection: Swift.Collection>: ChangesetProtocol {
  /// The diff form, addressed by the collection's own indices.
  public typealias Diff = UnorderedCollectionDiff<Collection.Index>

  /// One step of the patch form, addressed by the collection's own indices.
  public typealias Operation = UnorderedCollectionOperation<Collection.Element, Collection.Index>

  /// The collection in its final state.
  public let collection: Collection

  /// Whether this changeset replaces the whole collection; its diff and patch are then empty.
  public let isReload: Bool

  private let cache: ChangesetCache<Diff, Operation>

  /// Creates a changeset from the final collection and the patch that produced it.
  ///
  /// - Complexity: O(1); the diff is derived on first use in O(k) for k operations.
  public init(collection: Collection, patch: [Operation]) {
    self.collection = collection
    self.isReload = false
    self.cache = ChangesetCache(diff: nil, patch: patch)
  }

  /// Creates a changeset from the final collection and the diff that describes the change.
  ///
  /// - Complexity: O(1); the patch is derived on first use in O(k) for a diff with k entries.
  public init(collection: Collection, diff: Diff) {
    self.collection = collection
    self.isReload = false
    self.cache = ChangesetCache(diff: diff, patch: nil)
  }

  /// Creates a changeset from both forms, trusting that they describe the same change.
  public init(collection: Collection, patch: [Operation], diff: Diff) {
    self.collection = collection
    self.isReload = false
    self.cache = ChangesetCache(diff: diff, patch: patch)
  }

  /// Creates a reload changeset: the whole collection was replaced by `collection`.
  ///
  /// Its ``isReload`` is `true` and its diff and patch are empty. A reload is never an empty diff.
  public init(reloading collection: Collection) {
    self.collection = collection
    self.isReload = true
    self.cache = ChangesetCache(diff: Diff(), patch: [])
  }

  /// A reload changeset: the whole collection was replaced by `collection`. A reload is never an
  /// empty diff.
  ///
  /// - Complexity: O(1).
  public static func reload(_ collection: Collection) -> Self {
    Self(reloading: collection)
  }

  /// The change as a diff; empty for a reload.
  ///
  /// - Complexity: O(1) after the first read; O(k) once when created from a patch.
  public var diff: Diff {
    cache.diff { [cache] in Diff(from: cache.patch { [] }) }
  }

  /// The change as a patch; empty for a reload.
  ///
  /// - Complexity: O(1) after the first read; O(k) once when created from a diff.
  public var patch: [Operation] {
    cache.patch { [cache, collection] in cache.diff { Diff() }.generatePatch(to: collection) }
  }
}

extension UnorderedCollectionChangeset: Sendable
where Collection: Sendable, Collection.Element: Sendable, Collection.Index: Sendable {}

extension UnorderedCollectionChangeset: Equatable where Collection: Equatable {
  /// Two changesets are equal when both are reloads of equal collections, or neither is a reload,
  /// their collections are equal and their diffs are equal once each part is sorted.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.isReload == rhs.isReload, lhs.collection == rhs.collection else { return false }
    if lhs.isReload { return true }
    let (left, right) = (lhs.diff, rhs.diff)
    return left.inserts.sorted() == right.inserts.sorted() && left.deletes.sorted() == right.deletes.sorted()
      && left.updates.sorted() == right.updates.sorted()
  }
}

extension UnorderedCollectionChangeset: Hashable where Collection: Hashable, Collection.Index: Hashable {
  /// Hashes what `==` compares: whether it is a reload, the collection and the diff's parts as
  /// sets of indices.
  ///
  /// - Complexity: O(n + k); reading the diff may derive it once.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(isReload)
    hasher.combine(collection)
    guard !isReload else { return }
    let diff = self.diff
    hasher.combine(Set(diff.inserts))
    hasher.combine(Set(diff.deletes))
    hasher.combine(Set(diff.updates))
  }
}

extension UnorderedCollectionChangeset: CustomStringConvertible {
  /// A readable description: the collection, then the counts of each kind of change and the
  /// patch's elements (hashed indices are opaque, so they are not printed).
  ///
  /// Elements and operations are listed sorted by their descriptions: a set's or a dictionary's
  /// order changes from one process to the next, and playground transcripts must not.
  public var description: String {
    let elements = collection.map { String(describing: $0) }.sorted().joined(separator: ", ")
    if isReload { return "reload [\(elements)]" }
    var parts: [String] = []
    for operation in patch {
      switch operation {
      case .insert(let element, _): parts.append("insert(\(element))")
      case .delete: parts.append("delete")
      case .update(_, let element): parts.append("update(\(element))")
      }
    }
    let diff = self.diff
    return "[\(elements)] diff D\(diff.deletes.count) I\(diff.inserts.count) U\(diff.updates.count)"
      + " patch [\(parts.sorted().joined(separator: ", "))]"
  }
}
