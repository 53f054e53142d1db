import Foundation
import TetherSynchronization

extension RangeReplaceableTreeProtocol {
  /// Appends `node` (with its subtree) as the last child of the receiver (a new last root of a
  /// forest).
  ///
  /// - Complexity: Amortized O(1) for array-backed trees.
  public mutating func append(_ node: ChildNode) {
    appendNode(node)
  }

  /// Appends `node` as the last child of the node at `parent`.
  ///
  /// - Complexity: O(d) for a path of length d.
  public mutating func append(_ node: ChildNode, toChildAt parent: IndexPath) {
    appendNode(node, toChildAt: parent)
  }

  /// Inserts `nodes` so that the first ends up at `indexPath` and the others follow it in order.
  ///
  /// - Complexity: O(k (d + c)) for k nodes, a path of length d and c siblings.
  public mutating func insert(contentsOf nodes: [ChildNode], at indexPath: IndexPath) {
    insertNodes(nodes, at: indexPath)
  }

  mutating func insertNodes(_ nodes: [ChildNode], at indexPath: IndexPath) {
    guard let first = indexPath.last else { treeEmptyIndexPath("Inserting nodes") }
    var path = indexPath
    for (offset, node) in nodes.enumerated() {
      path[path.count - 1] = first + offset
      insert(node, at: path)
    }
  }

  /// Removes the nodes at `indexPaths` (paths in the tree before any removal) and returns them in
  /// the order of `indexPaths`.
  ///
  /// Nodes are removed from the last path to the first, so every path stays valid. A path below
  /// another listed path is removed separately first, and is not part of its ancestor's subtree
  /// in the result.
  ///
  /// - Precondition: Every path is valid and listed once.
  /// - Complexity: O(k log k + k (d + c)) for k paths.
  @discardableResult
  public mutating func remove(at indexPaths: [IndexPath]) -> [ChildNode] {
    removeNodes(at: indexPaths)
  }

  mutating func removeNodes(at indexPaths: [IndexPath]) -> [ChildNode] {
    let order = indexPaths.indices.sorted { indexPaths[$0] > indexPaths[$1] }
    var removed = [ChildNode?](repeating: nil, count: indexPaths.count)
    for (step, position) in order.enumerated() {
      if step > 0, indexPaths[order[step - 1]] == indexPaths[position] {
        tetherPreconditionFailure("Index path \(indexPaths[position]) is listed twice among the paths to remove")
      }
      removed[position] = remove(at: indexPaths[position])
    }
    return removed.map { $0! }
  }

  /// Moves the node at `source` (with its subtree) so that it ends up at `target`.
  ///
  /// `target` is the node's path right after the move, so a node can move under its next
  /// sibling: `move(from: [0], to: [0, 0])` makes the first root the first child of the second.
  ///
  /// - Complexity: O(d + c) for a path of length d and c siblings.
  public mutating func move(from source: IndexPath, to target: IndexPath) {
    moveNode(from: source, to: target)
  }

  mutating func moveNode(from source: IndexPath, to target: IndexPath) {
    let node = remove(at: source)
    insert(node, at: target)
  }

  /// Moves the nodes at `sources` (paths before the move) so that they end up next to each other,
  /// in the order of `sources`, the first at `target` (a path after the removals).
  ///
  /// - Precondition: Every source path is valid and listed once.
  /// - Complexity: O(k log k + k (d + c)) for k paths.
  public mutating func move(from sources: [IndexPath], to target: IndexPath) {
    moveNodes(from: sources, to: target)
  }

  mutating func moveNodes(from sources: [IndexPath], to target: IndexPath) {
    let nodes = removeNodes(at: sources)
    insertNodes(nodes, at: target)
  }

  /// Removes every child of the receiver (every root of a forest).
  ///
  /// - Complexity: O(n) for n children.
  public mutating func removeAll() {
    removeAllNodes()
  }

  mutating func removeAllNodes() {
    while !children.isEmpty {
      remove(at: IndexPath(index: children.count - 1))
    }
  }

  mutating func appendNode(_ node: ChildNode) {
    insert(node, at: IndexPath(index: children.count))
  }

  mutating func appendNode(_ node: ChildNode, toChildAt parent: IndexPath) {
    insert(node, at: parent.appending(self[childAt: parent].children.count))
  }
}

// Reference-type trees (`ObjectTreeArray`, `ObjectTreeNode`) mutate through the reference, so
// these forms work on a `let` constant too.
extension RangeReplaceableTreeProtocol where Self: AnyObject {
  /// Appends `node` as the last child of the receiver (a new last root of a forest).
  ///
  /// - Complexity: Amortized O(1).
  public func append(_ node: ChildNode) {
    var tree = self
    tree.appendNode(node)
  }

  /// Appends `node` as the last child of the node at `parent`.
  ///
  /// - Complexity: O(d) for a path of length d.
  public func append(_ node: ChildNode, toChildAt parent: IndexPath) {
    var tree = self
    tree.appendNode(node, toChildAt: parent)
  }

  /// Inserts `nodes` so that the first ends up at `indexPath` and the others follow it in order.
  ///
  /// - Complexity: O(k (d + c)) for k nodes, a path of length d and c siblings.
  public func insert(contentsOf nodes: [ChildNode], at indexPath: IndexPath) {
    var tree = self
    tree.insertNodes(nodes, at: indexPath)
  }

  /// Removes the nodes at `indexPaths` (paths before any removal) and returns them in the order of
  /// `indexPaths`.
  ///
  /// - Complexity: O(k log k + k (d + c)) for k paths.
  @discardableResult
  public func remove(at indexPaths: [IndexPath]) -> [ChildNode] {
    var tree = self
    return tree.removeNodes(at: indexPaths)
  }

  /// Moves the node at `source` so that it ends up at `target` (its path after the move).
  ///
  /// - Complexity: O(d + c) for a path of length d and c siblings.
  public func move(from source: IndexPath, to target: IndexPath) {
    var tree = self
    tree.moveNode(from: source, to: target)
  }

  /// Moves the nodes at `sources` so that they end up next to each other, the first at `target`.
  ///
  /// - Complexity: O(k log k + k (d + c)) for k paths.
  public func move(from sources: [IndexPath], to target: IndexPath) {
    var tree = self
    tree.moveNodes(from: sources, to: target)
  }

  /// Removes every child of the receiver.
  ///
  /// - Complexity: O(n) for n children.
  public func removeAll() {
    var tree = self
    tree.removeAllNodes()
  }
}
