import Foundation
import TetherChangesets

/// The tree a ``MutableObservableTree/batchUpdate(_:)`` body changes: it has the container's
/// mutation methods, applies them at once and records them as one tree patch.
///
/// Reads see the batch's changes so far. Bad paths trap like the container's methods.
public struct TreeBatch<Tree: RangeReplaceableTreeProtocol> {
  /// One operation of the recorded patch.
  public typealias Operation = OrderedCollectionOperation<Tree.ChildNode, IndexPath>

  /// The type of the tree's nodes.
  public typealias Node = Tree.ChildNode

  var base: Tree
  var operations: [Operation] = []

  init(_ tree: Tree) {
    base = tree
  }

  /// The tree with the batch's changes so far.
  public var collection: Tree { base }

  /// The operations so far, each applying to the tree right before it.
  public var patch: [Operation] { operations }

  private mutating func record(_ edit: TreeEdit<Tree>) {
    operations.append(contentsOf: edit.patch ?? edit.diff.generateTreePatch(to: base))
  }

  /// The node at `indexPath`; setting it records a delete and an insert of the subtree.
  ///
  /// - Complexity: O(d) for a path of length d; setting it is O(d + c) among c siblings.
  public subscript(childAt indexPath: IndexPath) -> Node {
    get {
      base.checkNodePath(indexPath, operation: "subscript(childAt:)")
      return base[childAt: indexPath]
    }
    set { record(base.editReplaceNode(at: indexPath, with: newValue)) }
  }

  /// Replaces the value of the node at `indexPath`, keeping its children.
  ///
  /// - Complexity: O(d) for a path of length d.
  public mutating func updateValue(_ value: Node.Value, at indexPath: IndexPath) {
    record(base.editUpdateValue(value, at: indexPath))
  }

  /// Inserts `node` so that it ends up at `indexPath`.
  ///
  /// - Complexity: O(d + c) for a path of length d among c siblings.
  public mutating func insert(_ node: Node, at indexPath: IndexPath) {
    record(base.editInsert([node], at: indexPath))
  }

  /// Inserts `nodes` so that the first ends up at `indexPath`.
  ///
  /// - Complexity: O(d + c + k) for a path of length d among c siblings and k new nodes.
  public mutating func insert(contentsOf nodes: [Node], at indexPath: IndexPath) {
    record(base.editInsert(nodes, at: indexPath))
  }

  /// Appends `node` as the last child of the tree.
  ///
  /// - Complexity: Amortized O(1).
  public mutating func append(_ node: Node) {
    record(base.editAppend(node, toChildAt: []))
  }

  /// Appends `node` as the last child of the node at `parent`.
  ///
  /// - Complexity: Amortized O(d) for a parent path of length d.
  public mutating func append(_ node: Node, toChildAt parent: IndexPath) {
    record(base.editAppend(node, toChildAt: parent))
  }

  /// Removes and returns the node at `indexPath`.
  ///
  /// - Complexity: O(d + c) for a path of length d among c siblings.
  @discardableResult
  public mutating func remove(at indexPath: IndexPath) -> Node {
    let (node, edit) = base.editRemove(at: indexPath)
    record(edit)
    return node
  }

  /// Removes the nodes at `indexPaths` (paths before any removal).
  ///
  /// - Complexity: O(k (d + c) + k log k) for k paths of length d among c siblings.
  @discardableResult
  public mutating func remove(at indexPaths: [IndexPath]) -> [Node] {
    let (nodes, edit) = base.editRemove(at: indexPaths)
    record(edit)
    return nodes
  }

  /// Moves the node at `from` so that it ends up at `to`.
  ///
  /// - Complexity: O(d + c) for paths of length d among c siblings.
  public mutating func move(from: IndexPath, to: IndexPath) {
    record(base.editMove(from: from, to: to))
  }

  /// Moves the nodes at `sources` so that they end up next to each other, the first at `to`.
  ///
  /// - Complexity: O(k (d + c) + k log k) for k sources.
  public mutating func move(from sources: [IndexPath], to: IndexPath) {
    record(base.editMove(from: sources, to: to))
  }

  /// Removes every child of the tree.
  ///
  /// - Complexity: O(r) for r root nodes (the nodes are released with them).
  public mutating func removeAll() {
    record(base.editRemoveAll())
  }
}

extension MutableObservableTree {
  /// Applies any number of mutations atomically and emits them as ONE changeset, whose patch is
  /// their sequence and whose diff is their merged effect (derived on first read, outside the
  /// lock).
  ///
  /// The whole batch holds the container's lock once; `body` must not touch this container (read
  /// the batch instead): doing so traps with a message rather than deadlocking.
  ///
  /// - Returns: What `body` returns.
  ///
  /// - Complexity: The mutations themselves, plus O(k d log(k d)) to derive the diff of k
  ///   recorded operations when it is read.
  @discardableResult
  public func batchUpdate<Result>(_ body: (inout TreeBatch<Tree>) -> Result) -> Result {
    core.batch { tree in
      var batch = TreeBatch(tree)
      let result = body(&batch)
      tree = batch.base
      return (result, Changeset(collection: tree, patch: batch.operations))
    }
  }
}

extension MutableObservableTree {
  /// Creates a container holding a forest with the given roots.
  ///
  /// ```swift
  /// let outline = MutableObservableTreeArray([TreeNode("Inbox"), TreeNode("Archive")])
  /// ```
  public convenience init<Value>(_ roots: [TreeNode<Value>]) where Tree == TreeArray<Value> {
    self.init(TreeArray(roots))
  }
}
