import Foundation
import TetherSynchronization

/// Traps for an index path that does not address a node: names the failing index, its depth, the
/// number of children there and the whole path.
func treeIndexOutOfRange(_ index: Int, childCount: Int, depth: Int, of indexPath: IndexPath) -> Never {
  tetherPreconditionFailure(
    "Index \(index) is out of range for a node of \(childCount) children"
      + " (depth \(depth) of index path \(indexPath))"
  )
}

/// Traps for an empty index path where a child path is required.
func treeEmptyIndexPath(_ operation: String) -> Never {
  tetherPreconditionFailure("\(operation) needs a non-empty index path; the empty path addresses the tree itself")
}

/// Checks `indexPath[depth]` against a node of `count` children and returns it, trapping with the
/// failing index, its depth and the count otherwise.
func checkedTreeIndex(_ indexPath: IndexPath, depth: Int, count: Int) -> Int {
  let index = indexPath[depth]
  guard index >= 0, index < count else {
    treeIndexOutOfRange(index, childCount: count, depth: depth, of: indexPath)
  }
  return index
}

/// A node type whose children are stored in an array of its own type; lets `TreeNode`,
/// `ObjectTreeNode` and the forests built on them share one implementation of path addressing.
protocol ArrayBackedTreeNode: TreeNodeProtocol where Children == [Self], ChildNode == Self {
  /// The node's children, settable.
  var children: [Self] { get set }

  /// Calls `body` with the children of the node at the first `depth` indices of `path` below
  /// `roots` (`roots` itself for depth 0), in place and without recursion.
  ///
  /// - Precondition: Those indices are in range; otherwise this traps naming the failing one.
  static func withChildren<Result>(
    ofNodeAt path: IndexPath,
    depth: Int,
    in roots: inout [Self],
    _ body: (inout [Self]) -> Result
  ) -> Result
}

// Every path operation below walks down with a loop (never a recursive call), so paths as deep as
// the tree are fine.
extension Array where Element: ArrayBackedTreeNode {
  /// The node at `indexPath`, where the path starts in this array of siblings.
  func treeNode(at indexPath: IndexPath) -> Element {
    if indexPath.isEmpty { treeEmptyIndexPath("Reading a node") }
    var node = self[checkedTreeIndex(indexPath, depth: 0, count: count)]
    for depth in 1..<indexPath.count {
      let siblings = node.children
      node = siblings[checkedTreeIndex(indexPath, depth: depth, count: siblings.count)]
    }
    return node
  }

  /// Replaces the node at `indexPath` (with its subtree).
  mutating func replaceTreeNode(at indexPath: IndexPath, with node: Element) {
    if indexPath.isEmpty { treeEmptyIndexPath("Replacing a node") }
    modifyTreeNode(at: indexPath) { $0 = node }
  }

  /// Calls `body` with the node at `indexPath` (not empty), in place.
  mutating func modifyTreeNode(at indexPath: IndexPath, _ body: (inout Element) -> Void) {
    let depth = indexPath.count - 1
    Element.withChildren(ofNodeAt: indexPath, depth: depth, in: &self) { siblings in
      body(&siblings[checkedTreeIndex(indexPath, depth: depth, count: siblings.count)])
    }
  }

  /// Inserts `node` so that it ends up at `indexPath`.
  mutating func insertTreeNode(_ node: Element, at indexPath: IndexPath) {
    if indexPath.isEmpty { treeEmptyIndexPath("Inserting a node") }
    let depth = indexPath.count - 1
    Element.withChildren(ofNodeAt: indexPath, depth: depth, in: &self) { siblings in
      let index = indexPath[depth]
      guard index >= 0, index <= siblings.count else {
        treeIndexOutOfRange(index, childCount: siblings.count, depth: depth, of: indexPath)
      }
      siblings.insert(node, at: index)
    }
  }

  /// Removes and returns the node at `indexPath`.
  mutating func removeTreeNode(at indexPath: IndexPath) -> Element {
    if indexPath.isEmpty { treeEmptyIndexPath("Removing a node") }
    let depth = indexPath.count - 1
    return Element.withChildren(ofNodeAt: indexPath, depth: depth, in: &self) { siblings in
      siblings.remove(at: checkedTreeIndex(indexPath, depth: depth, count: siblings.count))
    }
  }
}

extension TreeProtocol {
  /// The node (with its subtree) at `indexPath`.
  ///
  /// - Precondition: `indexPath` is not empty and every index in it is in range; otherwise this
  ///   traps naming the failing index, its depth and the number of children there.
  /// - Complexity: O(d) for a path of length d.
  public subscript(childAt indexPath: IndexPath) -> ChildNode {
    if indexPath.isEmpty { treeEmptyIndexPath("Reading a node") }
    let first = indexPath[0]
    guard first >= 0, first < children.count else {
      treeIndexOutOfRange(first, childCount: children.count, depth: 0, of: indexPath)
    }
    var node = children[children.startIndex + first]
    var depth = 1
    while depth < indexPath.count {
      let index = indexPath[depth]
      let siblings = node.children
      guard index >= 0, index < siblings.count else {
        treeIndexOutOfRange(index, childCount: siblings.count, depth: depth, of: indexPath)
      }
      node = siblings[siblings.startIndex + index]
      depth += 1
    }
    return node
  }

  /// Whether `indexPath` addresses a node of this tree.
  ///
  /// - Complexity: O(d) for a path of length d.
  public func contains(indexPath: IndexPath) -> Bool {
    guard let first = indexPath.first, first >= 0, first < children.count else { return false }
    var node = children[children.startIndex + first]
    for index in indexPath.dropFirst() {
      let siblings = node.children
      guard index >= 0, index < siblings.count else { return false }
      node = siblings[siblings.startIndex + index]
    }
    return true
  }

  /// The number of nodes below the receiver, at every depth.
  ///
  /// - Complexity: O(n) for n nodes.
  public var descendantCount: Int {
    var total = 0
    var stack: [ChildNode] = Array(children)
    while let node = stack.popLast() {
      total += 1
      stack.append(contentsOf: node.children)
    }
    return total
  }
}
