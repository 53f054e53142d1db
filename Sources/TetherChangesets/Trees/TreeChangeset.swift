import Foundation

/// A change to a tree (a ``TreeArray``, an ``ObjectTreeArray``, an ``Array2D``, any
/// ``TreeProtocol`` type): the tree in its final state with the change as a diff and as a patch,
/// both addressed by `IndexPath`.
///
/// Create a changeset from either form; the other one is derived the first time it is read,
/// thread-safely and once for every copy:
/// - ``init(collection:patch:)``: tree operations, each applying to the tree right before it
///   (see `apply(_:)` on ``RangeReplaceableTreeProtocol``). Deriving the diff costs
///   O(k d log(k d)) for k operations on paths of length d, whatever the size of the tree.
/// - ``init(collection:diff:)``: the batch-update description. Deriving the patch costs about the
///   same and reads inserted and updated nodes from ``collection``.
///
/// Tree diff rules (what a diff means, and what a derived diff looks like):
/// - deletes, updates and move sources are paths in the source tree; inserts and move targets
///   paths in the final tree;
/// - a deleted subtree is listed once, by its root; its descendants go with it except those
///   listed as move sources, which move out first. An inserted subtree is listed once, by its
///   root; nodes moved into it are listed as moves;
/// - a move is one entry even when the node changes parent; nodes carried inside a moved subtree
///   are not listed. Nodes that keep their parent and are not moves keep their relative order;
/// - an update replaces a node's *value* and keeps its children; an updated node that also moves
///   is listed in both (the update at its source path). For an ``Array2D`` a section update
///   changes its metadata only, so item changes inside an updated section are legal (unlike
///   `UITableView`'s `reloadSections`);
/// - a derived diff lists every node the patch moved that survives (it does not minimize moves),
///   sorts each array (moves by source) and never lists a node twice.
///
/// A changeset made with ``init(reloading:)`` says "everything was replaced": ``isReload`` is
/// `true`, its diff and patch are empty, and consumers reload from ``collection``. A reload is
/// never an empty diff.
///
/// For an object tree the ``collection`` holds the live node objects, so it is not a snapshot.
public struct TreeChangeset<Tree: TreeProtocol>: ChangesetProtocol {
  /// The diff form: source paths for deletes, updates and move sources, final paths for inserts
  /// and move targets.
  public typealias Diff = OrderedCollectionDiff<IndexPath>

  /// One step of the patch form; an insert carries a whole subtree.
  public typealias Operation = OrderedCollectionOperation<Tree.ChildNode, IndexPath>

  /// The tree in its final state.
  public let collection: Tree

  /// Whether this changeset replaces the whole tree; its diff and patch are then empty.
  public let isReload: Bool

  let cache: ChangesetCache<Diff, Operation>

  /// Creates a changeset from the final tree and the patch that produced it.
  ///
  /// - Complexity: O(1); the diff is derived on first use.
  public init(collection: Tree, patch: [Operation]) {
    self.collection = collection
    self.isReload = false
    self.cache = ChangesetCache(diff: nil, patch: patch)
  }

  /// Creates a changeset from the final tree and the diff that describes the change.
  ///
  /// - Complexity: O(1); the patch is derived on first use.
  public init(collection: Tree, diff: Diff) {
    self.collection = collection
    self.isReload = false
    self.cache = ChangesetCache(diff: diff, patch: nil)
  }

  /// Creates a changeset from both forms, trusting that they describe the same change.
  public init(collection: Tree, patch: [Operation], diff: Diff) {
    self.collection = collection
    self.isReload = false
    self.cache = ChangesetCache(diff: diff, patch: patch)
  }

  /// Creates a reload changeset: the whole tree was replaced by `collection`.
  ///
  /// Its ``isReload`` is `true` and its diff and patch are empty. A reload is never an empty diff.
  public init(reloading collection: Tree) {
    self.collection = collection
    self.isReload = true
    self.cache = ChangesetCache(diff: Diff(), patch: [])
  }

  /// A reload changeset: the whole tree was replaced by `collection`.
  ///
  /// - Complexity: O(1).
  public static func reload(_ collection: Tree) -> Self {
    Self(reloading: collection)
  }

  /// The change in batch-update form; empty for a reload.
  ///
  /// - Complexity: O(1) after the first read; O(k d log(k d)) once when created from a patch.
  public var diff: Diff {
    cache.diff { [cache] in Diff(fromTreePatch: cache.patch { [] }) }
  }

  /// The change as tree operations applied in order to the source tree; empty for a reload.
  ///
  /// - Complexity: O(1) after the first read; O(k d log(k d)) once when created from a diff.
  public var patch: [Operation] {
    cache.patch { [cache, collection] in cache.diff { Diff() }.generateTreePatch(to: collection) }
  }
}

extension TreeChangeset: Sendable where Tree: Sendable, Tree.ChildNode: Sendable {}

extension TreeChangeset: Equatable where Tree: Equatable {
  /// Two changesets are equal when both are reloads of equal trees, or neither is a reload and
  /// their trees and diffs are equal once each part of the diffs is sorted.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.isReload == rhs.isReload, lhs.collection == rhs.collection else { return false }
    if lhs.isReload { return true }
    let (left, right) = (lhs.diff, rhs.diff)
    return left.inserts.sorted() == right.inserts.sorted() && left.deletes.sorted() == right.deletes.sorted()
      && left.updates.sorted() == right.updates.sorted()
      && sortedMoves(left.moves).elementsEqual(sortedMoves(right.moves)) { $0.from == $1.from && $0.to == $1.to }
  }
}

private func sortedMoves(_ moves: [(from: IndexPath, to: IndexPath)]) -> [(from: IndexPath, to: IndexPath)] {
  moves.sorted { $0.from == $1.from ? $0.to < $1.to : $0.from < $1.from }
}

extension TreeChangeset: CustomStringConvertible {
  /// A readable description: `reload <tree>`, or the diff and the patch, such as
  /// `diff D[[0, 1]] I[] U[] M[[1]→[0, 0]] patch [delete([0, 1]), move([1] → [0, 0])]`.
  public var description: String {
    if isReload { return "reload \(collection)" }
    let steps = patch.map { operation -> String in
      switch operation {
      case .insert(let node, let path): "insert(\(node), at: \(path))"
      case .delete(let path): "delete(\(path))"
      case .update(let path, let node): "update(\(path), \(node.value))"
      case .move(let from, let to): "move(\(from) → \(to))"
      }
    }
    return "diff \(diff) patch [\(steps.joined(separator: ", "))]"
  }
}
