import Foundation
import TetherSynchronization

extension TreeNodeProtocol where ChildNode == Self {
  /// Bond's depth-first view of this node: a collection of the node itself (at index path `[]`)
  /// and every node below it, in depth-first pre-order, indexed by `IndexPath`.
  ///
  /// Bond's `TreeNode.depthFirst`. Tether's ``TreeProtocol/depthFirst`` is a lazy sequence of
  /// `(indexPath, node)` pairs that leaves the receiver out; this is the form Bond code expects:
  ///
  /// ```swift
  /// let root = TreeNode("root", [TreeNode("a", [TreeNode("a1")]), TreeNode("b")])
  /// root.depthFirst(includingSelf: true).map(\.value)  // ["root", "a", "a1", "b"]
  /// ```
  ///
  /// Pre-order is the lexicographic order of index paths, so the index paths are the collection's
  /// indices in increasing order; its `endIndex` is `[children.count]`, past every node.
  ///
  /// - Parameter includingSelf: Whether the receiver is the first element (`true`, as in Bond) or
  ///   only the nodes below it are (`false`).
  /// - Complexity: O(n + Σd) time and O(n) space for n nodes at depths d, with no recursion.
  public func depthFirst(includingSelf: Bool) -> TreeDepthFirstCollection<Self> {
    TreeDepthFirstCollection(self, includingSelf: includingSelf)
  }

  /// Bond's breadth-first view of this node: the node itself and every node below it, level by
  /// level, as a random-access collection (Bond's `TreeNode.breadthFirst`).
  ///
  /// Breadth-first order is not the order of index paths, so unlike Bond's view this one is indexed
  /// by position; ``TreeBreadthFirstCollection/indexPaths`` gives each element's index path.
  ///
  /// - Parameter includingSelf: Whether the receiver is the first element (`true`, as in Bond) or
  ///   only the nodes below it are (`false`).
  /// - Complexity: O(n + Σd) time and O(n) space for n nodes at depths d.
  public func breadthFirst(includingSelf: Bool) -> TreeBreadthFirstCollection<Self> {
    TreeBreadthFirstCollection(self, includingSelf: includingSelf)
  }
}

/// The nodes of a tree in depth-first pre-order, indexed by their index paths (see
/// `TreeNodeProtocol.depthFirst(includingSelf:)`).
public struct TreeDepthFirstCollection<Node: TreeNodeProtocol>: BidirectionalCollection where Node.ChildNode == Node {
  /// A node's index path relative to the traversed node (`[]` is the node itself).
  public typealias Index = IndexPath

  private let nodes: [Node]
  private let paths: [IndexPath]
  private let positions: [IndexPath: Int]

  /// The first node's index path.
  public let startIndex: IndexPath
  /// `[children.count]`: past every node in lexicographic order.
  public let endIndex: IndexPath

  init(_ root: Node, includingSelf: Bool) {
    (nodes, paths) = collectNodes(of: root, includingSelf: includingSelf, root.depthFirst)
    positions = Dictionary(uniqueKeysWithValues: zip(paths, paths.indices))
    endIndex = IndexPath(index: root.children.count)
    startIndex = paths.first ?? endIndex
  }

  /// The node at `indexPath`.
  ///
  /// - Complexity: O(d) for a path of length d (hashing it).
  public subscript(indexPath: IndexPath) -> Node {
    nodes[position(of: indexPath)]
  }

  /// The index path of the node after the one at `i`.
  ///
  /// - Complexity: O(d).
  public func index(after i: IndexPath) -> IndexPath {
    let next = position(of: i) + 1
    return next < paths.count ? paths[next] : endIndex
  }

  /// The index path of the node before the one at `i` (or the last node's, before `endIndex`).
  ///
  /// - Complexity: O(d).
  public func index(before i: IndexPath) -> IndexPath {
    let current = i == endIndex ? paths.count : position(of: i)
    tetherPrecondition(current > 0, "TreeDepthFirstCollection: no node before the first one, \(i)")
    return paths[current - 1]
  }

  /// The number of nodes.
  ///
  /// - Complexity: O(1).
  public var count: Int { nodes.count }

  private func position(of indexPath: IndexPath) -> Int {
    guard let position = positions[indexPath] else {
      tetherPreconditionFailure(
        "TreeDepthFirstCollection: index path \(indexPath) is not a node of this traversal (\(nodes.count) nodes)")
    }
    return position
  }
}

/// The nodes of a tree level by level, indexed by position, with each node's index path (see
/// `TreeNodeProtocol.breadthFirst(includingSelf:)`).
public struct TreeBreadthFirstCollection<Node: TreeNodeProtocol>: RandomAccessCollection where Node.ChildNode == Node {
  private let nodes: [Node]

  /// Each element's index path relative to the traversed node (`[]` is the node itself).
  public let indexPaths: [IndexPath]

  init(_ root: Node, includingSelf: Bool) {
    (nodes, indexPaths) = collectNodes(of: root, includingSelf: includingSelf, root.breadthFirst)
  }

  /// The position of the first node.
  public var startIndex: Int { 0 }
  /// The number of nodes.
  public var endIndex: Int { nodes.count }

  /// The node at `position`.
  ///
  /// - Complexity: O(1).
  public subscript(position: Int) -> Node {
    tetherPrecondition(
      position >= 0 && position < nodes.count,
      "TreeBreadthFirstCollection: index \(position) out of range for \(nodes.count) nodes")
    return nodes[position]
  }
}

/// The nodes a traversal visits with their index paths, after `root` itself (at `[]`) if
/// `includingSelf`.
private func collectNodes<Node, Traversal: Sequence>(
  of root: Node, includingSelf: Bool, _ traversal: Traversal
) -> (nodes: [Node], paths: [IndexPath]) where Traversal.Element == (indexPath: IndexPath, node: Node) {
  var nodes: [Node] = includingSelf ? [root] : []
  var paths: [IndexPath] = includingSelf ? [[]] : []
  for (path, node) in traversal {
    nodes.append(node)
    paths.append(path)
  }
  return (nodes, paths)
}
