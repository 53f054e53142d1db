/// A change to an ordered collection (an array, a list, a 2D array flattened to offsets): the
/// collection in its final state with the change as a diff and as a patch.
///
/// Indices are `Int` offsets from the start of the collection, whatever its `Index` type.
///
/// Create a changeset from either form; the other one is derived the first time it is read
/// (thread-safely, once, shared by every copy of the changeset):
/// - ``init(collection:patch:)``: the operations that produced `collection`, each applying to the
///   state right before it. Deriving the diff costs O(k log k) for k operations.
/// - ``init(collection:diff:)``: the batch-update description of the change. Deriving the patch
///   costs O(k log k) for a diff with k entries and reads inserted and updated elements from
///   `collection`.
///
/// A changeset made with ``reload(_:)`` says "everything was replaced": ``isReload`` is `true`,
/// its diff and patch are empty and carry no meaning, and consumers must reload from
/// ``collection``. A reload is never expressed as an empty diff: a changeset whose ``isReload``
/// is `false` and whose diff is empty means "nothing changed".
///
/// Diff normalization (what a derived diff looks like):
/// - each array is sorted ascending (moves by their source);
/// - an element that is updated and moved is listed in both `moves` (source → target) and
///   `updates` (its *source* index), like every update. UIKit forbids reloading and moving the same
///   row in one batch; an adapter performs the move in the batch and reloads the row at the move
///   target afterwards. Use ``ChangesetValidator`` with `allowsMovedAndUpdated: false` to reject such
///   diffs where that split is not implemented;
/// - an element inserted by the patch and later updated or moved is only an insert (at its final
///   index); an inserted element deleted later does not appear at all; an updated element deleted
///   later is only a delete;
/// - every element moved by the patch that survives is a move, even if it ends up where it started
///   relative to the others: the diff says what the patch did, it does not minimize it.
public struct OrderedCollectionChangeset<Collection: Swift.Collection>: ChangesetProtocol {
  /// The diff form: `Int` offsets in the source (deletes, updates, move sources) and final
  /// (inserts, move targets) collections.
  public typealias Diff = OrderedCollectionDiff<Int>

  /// One step of the patch form, with `Int` offsets into the state right before it.
  public typealias Operation = OrderedCollectionOperation<Collection.Element, Int>

  /// The collection in its final state.
  public let collection: Collection

  /// Whether this changeset replaces the whole collection; its diff and patch are then empty.
  public let isReload: Bool

  /// Both forms when both were given (the common case for container mutations, kept free of any
  /// allocation beyond the arrays), or the shared cache that derives the missing one.
  @usableFromInline
  internal enum Forms {
    case both(Diff, [Operation])
    case deriving(ChangesetCache<Diff, Operation>)
  }

  @usableFromInline internal let forms: Forms

  /// Creates a changeset from the final collection and the patch that produced it.
  ///
  /// - Parameters:
  ///   - collection: The collection after the patch was applied.
  ///   - patch: The operations, each applying to the state right before it.
  /// - Complexity: O(1); the diff is derived on first use.
  @inlinable
  public init(collection: Collection, patch: [Operation]) {
    self.collection = collection
    self.isReload = false
    self.forms = .deriving(ChangesetCache(diff: nil, patch: patch))
  }

  /// Creates a changeset from the final collection and the diff that describes the change.
  ///
  /// - Parameters:
  ///   - collection: The collection after the change.
  ///   - diff: The change in batch-update index spaces.
  /// - Complexity: O(1); the patch is derived on first use.
  @inlinable
  public init(collection: Collection, diff: Diff) {
    self.collection = collection
    self.isReload = false
    self.forms = .deriving(ChangesetCache(diff: diff, patch: nil))
  }

  /// Creates a changeset from both forms, trusting that they describe the same change.
  ///
  /// Use it when both are known (an operator that computed both) to avoid a derivation.
  ///
  /// - Complexity: O(1), with no allocation.
  @inlinable
  public init(collection: Collection, patch: [Operation], diff: Diff) {
    self.collection = collection
    self.isReload = false
    self.forms = .both(diff, patch)
  }

  /// Creates a reload changeset: the whole collection was replaced by `collection`.
  ///
  /// Its ``isReload`` is `true` and its diff and patch are empty. A reload is never an empty diff:
  /// consumers check ``isReload`` first and reload everything from ``collection``.
  @inlinable
  public init(reloading collection: Collection) {
    self.collection = collection
    self.isReload = true
    self.forms = .both(Diff(), [])
  }

  /// A reload changeset: the whole collection was replaced by `collection`.
  ///
  /// Same as ``init(reloading:)``. A reload is never an empty diff.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func reload(_ collection: Collection) -> Self {
    Self(reloading: collection)
  }

  /// The change in batch-update form; empty for a reload.
  ///
  /// - Complexity: O(1) when the changeset was created from a diff or after the first read;
  ///   otherwise O(k log k) once, for k patch operations.
  @inlinable
  public var diff: Diff {
    switch forms {
    case .both(let diff, _): diff
    case .deriving(let cache): derivedDiff(cache)
    }
  }

  @usableFromInline
  internal func derivedDiff(_ cache: ChangesetCache<Diff, Operation>) -> Diff {
    cache.diff { [collection] in
      let patch = cache.patch { [] }
      return Diff(from: patch, finalCount: collection.count)
    }
  }

  /// The change as operations applied in order to the source collection; empty for a reload.
  ///
  /// - Complexity: O(1) when the changeset was created from a patch or after the first read;
  ///   otherwise O(n + k log k) once, for a diff with k entries over a collection of n elements.
  @inlinable
  public var patch: [Operation] {
    switch forms {
    case .both(_, let patch): patch
    case .deriving(let cache): derivedPatch(cache)
    }
  }

  @usableFromInline
  internal func derivedPatch(_ cache: ChangesetCache<Diff, Operation>) -> [Operation] {
    cache.patch { [collection] in
      cache.diff { Diff() }.generatePatch(to: collection)
    }
  }

}

extension OrderedCollectionChangeset: Sendable where Collection: Sendable, Collection.Element: Sendable {}

extension OrderedCollectionChangeset.Forms: Sendable where Collection: Sendable, Collection.Element: Sendable {}

extension OrderedCollectionChangeset: Equatable where Collection: Equatable {
  /// Two changesets are equal when both are reloads of equal collections, or neither is a reload,
  /// their collections are equal and their diffs are equal once each part is sorted.
  ///
  /// Patches are not compared: different patches can describe the same change.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.isReload == rhs.isReload, lhs.collection == rhs.collection else { return false }
    return lhs.isReload || lhs.diff.normalized() == rhs.diff.normalized()
  }
}

extension OrderedCollectionChangeset: CustomStringConvertible {
  /// A readable description, e.g. `reload [a, b]` or
  /// `[a, c] diff D[1] I[] U[] M[] patch [delete(1)]`.
  public var description: String {
    if isReload { return "reload \(Array(collection))" }
    let steps = patch.map(\.shortDescription).joined(separator: ", ")
    return "\(Array(collection)) diff \(diff) patch [\(steps)]"
  }
}
