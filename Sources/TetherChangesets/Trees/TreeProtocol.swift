import Foundation

/// A tree: an ordered list of child nodes, each of them a tree of the same node type.
///
/// A conforming type is either a node (``TreeNode``, ``ObjectTreeNode``) or a forest whose roots
/// are its children (``TreeArray``, ``ObjectTreeArray``, ``Array2D``). Nodes below the receiver are
/// addressed by `IndexPath`: `[2]` is the third child, `[2, 0]` that child's first child, and so on.
/// The empty path addresses the receiver itself and is not a valid child path.
///
/// ```swift
/// let tree = TreeArray([TreeNode("Documents", [TreeNode("cv.pdf")]), TreeNode("Music")])
/// tree[childAt: [0, 0]].value  // "cv.pdf"
/// ```
public protocol TreeProtocol {
  /// The type of every node below the receiver, at any depth.
  associatedtype ChildNode: TreeNodeProtocol where ChildNode.ChildNode == ChildNode

  /// The receiver's children, indexed from zero.
  associatedtype Children: RandomAccessCollection where Children.Element == ChildNode, Children.Index == Int

  /// The receiver's children in order.
  var children: Children { get }
}

/// A tree that can replace the node at an index path and update a node's value in place.
public protocol MutableTreeProtocol: TreeProtocol {
  /// The node (with its subtree) at `indexPath`; setting it replaces the whole subtree.
  ///
  /// - Precondition: `indexPath` is not empty and every index in it is in range; otherwise this
  ///   traps naming the failing index, its depth and the number of children there.
  /// - Complexity: O(d) for a path of length d (plus any copy-on-write copy).
  subscript(childAt indexPath: IndexPath) -> ChildNode { get set }

  /// Replaces the value of the node at `indexPath`, keeping its children.
  ///
  /// This is what an `.update` operation of a tree patch does.
  ///
  /// - Complexity: O(d) for a path of length d.
  mutating func updateValue(_ value: ChildNode.Value, at indexPath: IndexPath)
}

/// A tree whose nodes can be inserted and removed anywhere.
///
/// Conforming types implement the two primitives; `insert(contentsOf:at:)`, `move(from:to:)`,
/// `remove(at:)` (of several paths), `append(_:)` and `apply(_:)` are built on them.
public protocol RangeReplaceableTreeProtocol: MutableTreeProtocol {
  /// Inserts `node` (with its subtree) so that it ends up at `indexPath`.
  ///
  /// The last index may equal the number of children of the parent (appending).
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  mutating func insert(_ node: ChildNode, at indexPath: IndexPath)

  /// Removes and returns the node (with its subtree) at `indexPath`.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  @discardableResult
  mutating func remove(at indexPath: IndexPath) -> ChildNode
}

/// A node of a tree: a value and an ordered list of child nodes.
///
/// Every node type can be built from a value and children, so tree algorithms (diff to patch
/// conversion, for one) can make pruned copies of nodes.
public protocol TreeNodeProtocol: RangeReplaceableTreeProtocol {
  /// The value the node carries.
  associatedtype Value

  /// The value the node carries.
  var value: Value { get set }

  /// Creates a node with a value and children.
  init(_ value: Value, _ children: [ChildNode])
}

extension MutableTreeProtocol {
  /// Replaces the value of the node at `indexPath`, keeping its children.
  ///
  /// - Complexity: O(d) for a path of length d.
  public mutating func updateValue(_ value: ChildNode.Value, at indexPath: IndexPath) {
    self[childAt: indexPath].value = value
  }
}
