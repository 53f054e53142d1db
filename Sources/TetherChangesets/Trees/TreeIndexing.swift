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

/// A node type whose children are stored in an array of its own type; lets `TreeNode`,
/// `ObjectTreeNode` and the forests built on them share one implementation of path addressing.
protocol ArrayBackedTreeNode: TreeNodeProtocol where Children == [Self], ChildNode == Self {
  /// The node's children, settable.
  var children: [Self] { get set }
}

extension Array where Element: ArrayBackedTreeNode {
  /// The node at `indexPath`, where the path starts in this array of siblings.
  func treeNode(at indexPath: IndexPath) -> Element {
    if indexPath.isEmpty { treeEmptyIndexPath("Reading a node") }
    var siblings = self
    var depth = 0
    while true {
      let index = indexPath[depth]
      guard index >= 0, index < siblings.count else {
        treeIndexOutOfRange(index, childCount: siblings.count, depth: depth, of: indexPath)
      }
      if depth == indexPath.count - 1 { return siblings[index] }
      siblings = siblings[index].children
      depth += 1
    }
  }

  /// Replaces the node at `indexPath` (with its subtree).
  mutating func replaceTreeNode(at indexPath: IndexPath, with node: Element) {
    if indexPath.isEmpty { treeEmptyIndexPath("Replacing a node") }
    modifyTreeNode(at: indexPath, depth: 0) { $0 = node }
  }

  /// Calls `body` with the node at `indexPath`, in place.
  mutating func modifyTreeNode(at indexPath: IndexPath, depth: Int, _ body: (inout Element) -> Void) {
    let index = indexPath[depth]
    guard index >= 0, index < count else {
      treeIndexOutOfRange(index, childCount: count, depth: depth, of: indexPath)
    }
    if depth == indexPath.count - 1 {
      body(&self[index])
    } else {
      self[index].children.modifyTreeNode(at: indexPath, depth: depth + 1, body)
    }
  }

  /// Inserts `node` so that it ends up at `indexPath`.
  mutating func insertTreeNode(_ node: Element, at indexPath: IndexPath) {
    if indexPath.isEmpty { treeEmptyIndexPath("Inserting a node") }
    insertTreeNode(node, at: indexPath, depth: 0)
  }

  private mutating func insertTreeNode(_ node: Element, at indexPath: IndexPath, depth: Int) {
    let index = indexPath[depth]
    if depth == indexPath.count - 1 {
      guard index >= 0, index <= count else {
        treeIndexOutOfRange(index, childCount: count, depth: depth, of: indexPath)
      }
      insert(node, at: index)
      return
    }
    guard index >= 0, index < count else {
      treeIndexOutOfRange(index, childCount: count, depth: depth, of: indexPath)
    }
    self[index].children.insertTreeNode(node, at: indexPath, depth: depth + 1)
  }

  /// Removes and returns the node at `indexPath`.
  mutating func removeTreeNode(at indexPath: IndexPath) -> Element {
    if indexPath.isEmpty { treeEmptyIndexPath("Removing a node") }
    return removeTreeNode(at: indexPath, depth: 0)
  }

  private mutating func removeTreeNode(at indexPath: IndexPath, depth: Int) -> Element {
    let index = indexPath[depth]
    guard index >= 0, index < count else {
      treeIndexOutOfRange(index, childCount: count, depth: depth, of: indexPath)
    }
    if depth == indexPath.count - 1 { return remove(at: index) }
    return self[index].children.removeTreeNode(at: indexPath, depth: depth + 1)
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
