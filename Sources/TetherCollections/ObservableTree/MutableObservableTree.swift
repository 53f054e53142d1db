import Foundation
import TetherChangesets

/// A thread-safe observable tree, emitting `TreeChangeset`s addressed by `IndexPath`: `[2]` is the
/// third root (or child of the tree's root node), `[2, 0]` its first child, and so on.
///
/// Observing first delivers the current tree as a reload changeset, then one changeset per
/// mutation call, with the diff in batch-update form (a subtree is listed once, by its root; a
/// node moving to another parent is one move) and the patch as tree operations. See
/// ``ObservableContainer`` for the delivery guarantees.
///
/// ```swift
/// let files = MutableObservableTreeArray([TreeNode("Documents", [TreeNode("cv.pdf")]), TreeNode("Music")])
/// files.append(TreeNode("Pictures"))             // insert [2]
/// files.move(from: [0, 0], to: [1, 0])           // cv.pdf moves into Music: one move
/// files.updateValue("Audio", at: [1])            // update [1]
/// files.replace(with: newTree, performDiff: true)
/// ```
///
/// Use value trees (``TreeArray``, ``TreeNode``) for snapshots: with ``ObjectTreeArray`` the
/// changesets hold the live node objects, which later mutations change.
///
/// A path that does not address a node (or a place to insert one) traps with a message naming the
/// index, its depth and the number of children there, before anything changes; nothing is emitted.
public final class MutableObservableTree<Tree: RangeReplaceableTreeProtocol>: ObservableContainer<TreeChangeset<Tree>> {

  /// The changeset type this container emits.
  public typealias Changeset = TreeChangeset<Tree>

  /// The type of the tree's nodes.
  public typealias Node = Tree.ChildNode

  /// Creates a container holding `tree`.
  public override init(_ tree: Tree) {
    super.init(tree)
  }

  /// A read-only view of this container.
  public var readOnlyView: ObservableTree<Tree> { self }

  /// Applies `edit` under the lock and emits it.
  @discardableResult
  func perform<Result>(_ edit: (inout Tree) -> (Result, TreeEdit<Tree>)) -> Result {
    core.mutate { tree in
      #if DEBUG
      let oldChildCount = tree.children.count
      #endif
      let (result, change) = edit(&tree)
      #if DEBUG
      tree._checkInvariants(after: change.diff, oldChildCount: oldChildCount)
      #endif
      guard let patch = change.patch else { return (result, Changeset(collection: tree, diff: change.diff)) }
      return (result, Changeset(collection: tree, patch: patch, diff: change.diff))
    }
  }

  /// The node (with its subtree) at `indexPath`; setting it replaces the subtree (emitted as a
  /// delete and an insert). To change only a node's value, use ``updateValue(_:at:)``.
  ///
  /// - Complexity: O(d) for a path of length d; setting it is O(d + c) among c siblings.
  public subscript(childAt indexPath: IndexPath) -> Node {
    get {
      core.read { tree in
        tree.checkNodePath(indexPath, operation: "subscript(childAt:)")
        return tree[childAt: indexPath]
      }
    }
    set { perform { ((), $0.editReplaceNode(at: indexPath, with: newValue)) } }
  }

  /// Replaces the value of the node at `indexPath`, keeping its children; emits an update.
  ///
  /// - Complexity: O(d) for a path of length d.
  public func updateValue(_ value: Node.Value, at indexPath: IndexPath) {
    perform { ((), $0.editUpdateValue(value, at: indexPath)) }
  }

  /// Inserts `node` with its subtree so that it ends up at `indexPath`; emits one insert.
  ///
  /// - Complexity: O(d + c) for a path of length d among c siblings.
  public func insert(_ node: Node, at indexPath: IndexPath) {
    perform { ((), $0.editInsert([node], at: indexPath)) }
  }

  /// Inserts `nodes` so that the first ends up at `indexPath` and the others follow it.
  ///
  /// - Complexity: O(d + c + k) for a path of length d among c siblings and k new nodes.
  public func insert(contentsOf nodes: [Node], at indexPath: IndexPath) {
    perform { ((), $0.editInsert(nodes, at: indexPath)) }
  }

  /// Appends `node` as the last child of the tree (a new last root of a forest).
  ///
  /// - Complexity: Amortized O(1).
  public func append(_ node: Node) {
    perform { ((), $0.editAppend(node, toChildAt: [])) }
  }

  /// Appends `node` as the last child of the node at `parent`.
  ///
  /// - Complexity: Amortized O(d) for a parent path of length d.
  public func append(_ node: Node, toChildAt parent: IndexPath) {
    perform { ((), $0.editAppend(node, toChildAt: parent)) }
  }

  /// Removes and returns the node at `indexPath` with its subtree; emits one delete.
  ///
  /// - Complexity: O(d + c) for a path of length d among c siblings.
  @discardableResult
  public func remove(at indexPath: IndexPath) -> Node {
    perform { $0.editRemove(at: indexPath) }
  }

  /// Removes the nodes at `indexPaths` (paths before any removal) and returns them in the order of
  /// `indexPaths`; emits one changeset. A node below another listed node is removed separately.
  ///
  /// - Complexity: O(k (d + c) + k log k) for k paths of length d among c siblings.
  @discardableResult
  public func remove(at indexPaths: [IndexPath]) -> [Node] {
    perform { $0.editRemove(at: indexPaths) }
  }

  /// Moves the node at `from` (with its subtree) so that it ends up at `to`, its path after the
  /// move, possibly under another parent; emits one move.
  ///
  /// - Complexity: O(d + c) for paths of length d among c siblings.
  public func move(from: IndexPath, to: IndexPath) {
    perform { ((), $0.editMove(from: from, to: to)) }
  }

  /// Moves the nodes at `sources` so that they end up next to each other, in the order of
  /// `sources`, the first at `to` (a path in the tree without them); emits one move per node.
  ///
  /// - Complexity: O(k (d + c) + k log k) for k sources.
  public func move(from sources: [IndexPath], to: IndexPath) {
    perform { ((), $0.editMove(from: sources, to: to)) }
  }

  /// Removes every child of the tree (every root of a forest); emits one changeset of deletes.
  ///
  /// - Complexity: O(r) for r root nodes (the nodes are released with them).
  public func removeAll() {
    perform { ((), $0.editRemoveAll()) }
  }

  /// Replaces the whole tree and emits a reload changeset (`isReload == true`).
  ///
  /// - Complexity: O(1) (a reload), plus releasing the old tree.
  public func replace(with tree: Tree) {
    core.mutate { current in
      current = tree
      return ((), .reload(tree))
    }
  }

  /// Replaces the whole tree, emitting the tree diff computed by `diff` outside the lock on a
  /// snapshot, or a reload when `performDiff` is `false`.
  func replace(with tree: Tree, performDiff: Bool, diff: (Tree, Tree) -> OrderedCollectionDiff<IndexPath>) {
    guard performDiff else {
      replace(with: tree)
      return
    }
    core.mutate(
      preparing: { old in diff(old, tree) },
      { current, diff in
        current = tree
        return ((), Changeset(collection: tree, diff: diff))
      }
    )
  }

  /// Replaces the whole tree, emitting the differences with nodes matched by `identifiedBy`
  /// anywhere in the trees (a node found under another parent is one move) and matched nodes that
  /// are not `isEqual` updated; or a reload when `performDiff` is `false`.
  ///
  /// The closures run outside the container's lock, on a snapshot.
  ///
  /// - Complexity: Near-linear in the number of nodes.
  public func replace<ID: Hashable>(
    with tree: Tree,
    performDiff: Bool,
    identifiedBy identifier: (Node) -> ID,
    isEqual: (Node, Node) -> Bool
  ) {
    replace(with: tree, performDiff: performDiff) { old, new in
      new.diff(from: old, identifiedBy: identifier, isEqual: isEqual)
    }
  }
}

extension MutableObservableTree where Tree.ChildNode.Value: Hashable {
  /// Replaces the whole tree, emitting the tree diff (node values are their identity; a node found
  /// under another parent is one move), or a reload when `performDiff` is `false`.
  ///
  /// - Complexity: O(n + m) expected for trees of n and m nodes; O(1) without a diff.
  public func replace(with tree: Tree, performDiff: Bool) {
    replace(with: tree, performDiff: performDiff) { old, new in new.diff(from: old) }
  }
}

extension MutableObservableTree where Tree.ChildNode.Value: Identifiable & Equatable {
  /// Replaces the whole tree, emitting the tree diff (nodes matched by their value's `id`, updated
  /// when the value changed), or a reload when `performDiff` is `false`.
  ///
  /// - Complexity: O(n + m) expected for trees of n and m nodes; O(1) without a diff.
  public func replace(with tree: Tree, performDiff: Bool) {
    replace(with: tree, performDiff: performDiff) { old, new in new.diff(from: old) }
  }
}

extension MutableObservableTree where Tree.ChildNode.Value: Identifiable & Hashable {
  /// Replaces the whole tree, emitting the tree diff (nodes matched by their value's `id`, updated
  /// when the value changed), or a reload when `performDiff` is `false`.
  ///
  /// - Complexity: O(n + m) expected for trees of n and m nodes; O(1) without a diff.
  public func replace(with tree: Tree, performDiff: Bool) {
    replace(with: tree, performDiff: performDiff) { old, new in new.diff(from: old) }
  }
}

/// A thread-safe observable forest of value nodes (``TreeArray``); see ``MutableObservableTree``.
///
/// ```swift
/// let outline = MutableObservableTreeArray<String>([TreeNode("Inbox")])
/// ```
public typealias MutableObservableTreeArray<Value> = MutableObservableTree<TreeArray<Value>>

/// A read-only observable tree (see ``MutableObservableTree``).
public typealias ObservableTree<Tree: TreeProtocol> = ObservableContainer<TreeChangeset<Tree>>

/// A read-only observable forest of value nodes (see ``MutableObservableTreeArray``).
public typealias ObservableTreeArray<Value> = ObservableContainer<TreeChangeset<TreeArray<Value>>>

/// The container is `Sendable` when its tree and nodes are (see ``ObservableContainer``); use one
/// of a non-`Sendable` tree from one isolation domain.
extension MutableObservableTree: @unchecked Sendable where Tree: Sendable, Tree.ChildNode: Sendable {
  // Safe: no stored properties beyond the superclass's thread-safe core.
}
