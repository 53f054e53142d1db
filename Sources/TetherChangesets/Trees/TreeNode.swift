import Foundation

/// A tree node with value semantics: a value and an ordered array of child nodes.
///
/// Copies are independent (the children array is copy-on-write), so a tree can be handed to an
/// observer as a snapshot. Nodes below a `TreeNode` are addressed by `IndexPath` relative to it.
///
/// ```swift
/// var folder = TreeNode("Documents", [TreeNode("cv.pdf"), TreeNode("Taxes", [TreeNode("2024.pdf")])])
/// folder[childAt: [1, 0]].value = "2025.pdf"
/// folder.insert(TreeNode("notes.txt"), at: [0])
/// ```
public struct TreeNode<Value>: TreeNodeProtocol {
  /// The type of every node below this node.
  public typealias ChildNode = TreeNode<Value>

  /// The type of the children array.
  public typealias Children = [TreeNode<Value>]

  /// The value the node carries.
  public var value: Value

  /// The node's children in order.
  public var children: [TreeNode<Value>]

  /// Creates a node with a value and children (none by default).
  public init(_ value: Value, _ children: [TreeNode<Value>] = []) {
    self.value = value
    self.children = children
  }

  /// The node (with its subtree) at `indexPath` below this node; setting it replaces the subtree.
  ///
  /// - Precondition: `indexPath` is not empty and in range; otherwise this traps naming the failing
  ///   index, its depth and the number of children there.
  /// - Complexity: O(d) for a path of length d.
  public subscript(childAt indexPath: IndexPath) -> TreeNode<Value> {
    get { children.treeNode(at: indexPath) }
    set { children.replaceTreeNode(at: indexPath, with: newValue) }
  }

  /// Replaces the value of the node at `indexPath`, keeping its children.
  ///
  /// - Complexity: O(d) for a path of length d.
  public mutating func updateValue(_ value: Value, at indexPath: IndexPath) {
    if indexPath.isEmpty { treeEmptyIndexPath("Updating a node") }
    children.modifyTreeNode(at: indexPath, depth: 0) { $0.value = value }
  }

  /// Inserts `node` so that it ends up at `indexPath` below this node.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  public mutating func insert(_ node: TreeNode<Value>, at indexPath: IndexPath) {
    children.insertTreeNode(node, at: indexPath)
  }

  /// Removes and returns the node at `indexPath` below this node.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  @discardableResult
  public mutating func remove(at indexPath: IndexPath) -> TreeNode<Value> {
    children.removeTreeNode(at: indexPath)
  }
}

extension TreeNode: ArrayBackedTreeNode {}

extension TreeNode: Equatable where Value: Equatable {}
extension TreeNode: Hashable where Value: Hashable {}
extension TreeNode: Sendable where Value: Sendable {}

extension TreeNode: CustomStringConvertible {
  /// A compact description: the value, then the children in parentheses, such as `a(b, c(d))`.
  public var description: String {
    children.isEmpty ? "\(value)" : "\(value)(\(children.map(\.description).joined(separator: ", ")))"
  }
}

/// A forest with value semantics: an ordered array of root ``TreeNode``s.
///
/// The roots are the forest's ``children``; `[0]` addresses the first root, `[0, 1]` its second
/// child. A `TreeArray` is what an outline view or a file browser shows.
///
/// ```swift
/// var files = TreeArray([TreeNode("Documents", [TreeNode("cv.pdf")]), TreeNode("Music")])
/// files.move(from: [0, 0], to: [1, 0])  // cv.pdf moves into Music
/// ```
public struct TreeArray<Value>: RangeReplaceableTreeProtocol {
  /// The type of every node below this forest.
  public typealias ChildNode = TreeNode<Value>

  /// The type of the children array.
  public typealias Children = [TreeNode<Value>]

  /// The root nodes in order.
  public var children: [TreeNode<Value>]

  /// Creates a forest with the given roots (none by default).
  public init(_ children: [TreeNode<Value>] = []) {
    self.children = children
  }

  /// The node (with its subtree) at `indexPath`; setting it replaces the subtree.
  ///
  /// - Precondition: `indexPath` is not empty and in range; otherwise this traps naming the failing
  ///   index, its depth and the number of children there.
  /// - Complexity: O(d) for a path of length d.
  public subscript(childAt indexPath: IndexPath) -> TreeNode<Value> {
    get { children.treeNode(at: indexPath) }
    set { children.replaceTreeNode(at: indexPath, with: newValue) }
  }

  /// Replaces the value of the node at `indexPath`, keeping its children.
  ///
  /// - Complexity: O(d) for a path of length d.
  public mutating func updateValue(_ value: Value, at indexPath: IndexPath) {
    if indexPath.isEmpty { treeEmptyIndexPath("Updating a node") }
    children.modifyTreeNode(at: indexPath, depth: 0) { $0.value = value }
  }

  /// Inserts `node` so that it ends up at `indexPath`.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  public mutating func insert(_ node: TreeNode<Value>, at indexPath: IndexPath) {
    children.insertTreeNode(node, at: indexPath)
  }

  /// Removes and returns the node at `indexPath`.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  @discardableResult
  public mutating func remove(at indexPath: IndexPath) -> TreeNode<Value> {
    children.removeTreeNode(at: indexPath)
  }
}

extension TreeArray: ExpressibleByArrayLiteral {
  /// Creates a forest from a list of roots.
  public init(arrayLiteral roots: TreeNode<Value>...) {
    self.init(roots)
  }
}

extension TreeArray: Equatable where Value: Equatable {}
extension TreeArray: Hashable where Value: Hashable {}
extension TreeArray: Sendable where Value: Sendable {}

extension TreeArray: CustomStringConvertible {
  /// A compact description: the roots in brackets, such as `[a(b, c), d]`.
  public var description: String {
    "[\(children.map(\.description).joined(separator: ", "))]"
  }
}
