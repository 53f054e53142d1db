import Foundation

/// A tree node with reference semantics, for user interfaces that need node identity (an
/// `NSOutlineView` item, a cell's represented object).
///
/// Each node is an object: the same node can be found again with `===` after its tree changed, and
/// mutating a node is seen by everyone holding it. A changeset whose collection is an object tree
/// is therefore *not* a snapshot: its nodes are the live objects.
///
/// Thread safety: `ObjectTreeNode` is not `Sendable` and has no lock. Use a tree of object nodes
/// from one thread or actor only (typically the main actor, next to the view that needs the
/// identities); share value trees (``TreeNode``, ``TreeArray``) across threads instead. Two
/// nodes are `==` when their values and subtrees are equal; use `===` for identity.
public final class ObjectTreeNode<Value>: TreeNodeProtocol {
  /// The type of every node below this node.
  public typealias ChildNode = ObjectTreeNode<Value>

  /// The type of the children array.
  public typealias Children = [ObjectTreeNode<Value>]

  /// The value the node carries.
  public var value: Value

  /// The node's children in order.
  public var children: [ObjectTreeNode<Value>]

  /// Creates a node with a value and children (none by default).
  public init(_ value: Value, _ children: [ObjectTreeNode<Value>] = []) {
    self.value = value
    self.children = children
  }

  /// The node at `indexPath` below this node; setting it replaces the subtree there.
  ///
  /// - Precondition: `indexPath` is not empty and in range; otherwise this traps naming the failing
  ///   index, its depth and the number of children there.
  /// - Complexity: O(d) for a path of length d.
  public subscript(childAt indexPath: IndexPath) -> ObjectTreeNode<Value> {
    get { children.treeNode(at: indexPath) }
    set { children.replaceTreeNode(at: indexPath, with: newValue) }
  }

  /// Replaces the value of the node at `indexPath`, keeping its children (and its identity).
  ///
  /// - Complexity: O(d) for a path of length d.
  public func updateValue(_ value: Value, at indexPath: IndexPath) {
    children.treeNode(at: indexPath).value = value
  }

  /// Inserts `node` so that it ends up at `indexPath` below this node.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  public func insert(_ node: ObjectTreeNode<Value>, at indexPath: IndexPath) {
    children.insertTreeNode(node, at: indexPath)
  }

  /// Removes and returns the node at `indexPath` below this node.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  @discardableResult
  public func remove(at indexPath: IndexPath) -> ObjectTreeNode<Value> {
    children.removeTreeNode(at: indexPath)
  }

  /// A deep copy: new objects with the same values and structure.
  ///
  /// - Complexity: O(n) for n nodes in the subtree, without recursion.
  public func copy() -> ObjectTreeNode<Value> {
    let root = ObjectTreeNode(value)
    var pending: [(original: ObjectTreeNode, copy: ObjectTreeNode)] = [(self, root)]
    while let (original, copy) = pending.popLast() {
      copy.children = original.children.map { ObjectTreeNode($0.value) }
      for (child, childCopy) in zip(original.children, copy.children) where !child.children.isEmpty {
        pending.append((child, childCopy))
      }
    }
    return root
  }

  // Releasing the last reference to a deep chain would release one level per stack frame; the
  // uniquely held descendants are unlinked into a worklist instead (see `TreeNodeStorage`).
  deinit {
    guard children.contains(where: { !$0.children.isEmpty }) else { return }
    var pending = children
    children = []
    while var node = pending.popLast() {
      if isKnownUniquelyReferenced(&node), !node.children.isEmpty {
        pending.append(contentsOf: node.children)
        node.children = []
      }
    }
  }
}

extension ObjectTreeNode: ArrayBackedTreeNode {
  static func withChildren<Result>(
    ofNodeAt path: IndexPath,
    depth: Int,
    in roots: inout [ObjectTreeNode],
    _ body: (inout [ObjectTreeNode]) -> Result
  ) -> Result {
    if depth == 0 { return body(&roots) }
    var node = roots[checkedTreeIndex(path, depth: 0, count: roots.count)]
    for level in 1..<depth {
      node = node.children[checkedTreeIndex(path, depth: level, count: node.children.count)]
    }
    return body(&node.children)
  }
}

extension ObjectTreeNode: Equatable where Value: Equatable {
  /// Whether two nodes have equal values and equal subtrees (structural equality; use `===` for
  /// identity).
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public static func == (lhs: ObjectTreeNode, rhs: ObjectTreeNode) -> Bool {
    objectTreesEqual([lhs], [rhs])
  }
}

/// Whether two lists of object nodes are structurally equal, compared with a worklist.
func objectTreesEqual<Value: Equatable>(_ lhs: [ObjectTreeNode<Value>], _ rhs: [ObjectTreeNode<Value>]) -> Bool {
  var pending = [(lhs, rhs)]
  while let (left, right) = pending.popLast() {
    guard left.count == right.count else { return false }
    for (leftNode, rightNode) in zip(left, right) where leftNode !== rightNode {
      guard leftNode.value == rightNode.value else { return false }
      pending.append((leftNode.children, rightNode.children))
    }
  }
  return true
}

extension ObjectTreeNode: CustomStringConvertible {
  /// A compact description: the value, then the children in parentheses, such as `a(b, c(d))`.
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public var description: String {
    describeTreeNodes([self])
  }
}

/// A forest of ``ObjectTreeNode``s with reference semantics; its roots are its ``children``.
///
/// Like its nodes it is not `Sendable` and not locked: use it from one thread or actor only.
public final class ObjectTreeArray<Value>: RangeReplaceableTreeProtocol {
  /// The type of every node below this forest.
  public typealias ChildNode = ObjectTreeNode<Value>

  /// The type of the children array.
  public typealias Children = [ObjectTreeNode<Value>]

  /// The root nodes in order.
  public var children: [ObjectTreeNode<Value>]

  /// Creates a forest with the given roots (none by default).
  public init(_ children: [ObjectTreeNode<Value>] = []) {
    self.children = children
  }

  /// The node at `indexPath`; setting it replaces the subtree there.
  ///
  /// - Precondition: `indexPath` is not empty and in range; otherwise this traps naming the failing
  ///   index, its depth and the number of children there.
  /// - Complexity: O(d) for a path of length d.
  public subscript(childAt indexPath: IndexPath) -> ObjectTreeNode<Value> {
    get { children.treeNode(at: indexPath) }
    set { children.replaceTreeNode(at: indexPath, with: newValue) }
  }

  /// Replaces the value of the node at `indexPath`, keeping its children (and its identity).
  ///
  /// - Complexity: O(d) for a path of length d.
  public func updateValue(_ value: Value, at indexPath: IndexPath) {
    children.treeNode(at: indexPath).value = value
  }

  /// Inserts `node` so that it ends up at `indexPath`.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  public func insert(_ node: ObjectTreeNode<Value>, at indexPath: IndexPath) {
    children.insertTreeNode(node, at: indexPath)
  }

  /// Removes and returns the node at `indexPath`.
  ///
  /// - Complexity: O(d + c) for a path of length d and a parent with c children.
  @discardableResult
  public func remove(at indexPath: IndexPath) -> ObjectTreeNode<Value> {
    children.removeTreeNode(at: indexPath)
  }

  /// A deep copy: a new forest of new node objects with the same values and structure.
  ///
  /// - Complexity: O(n) for n nodes.
  public func copy() -> ObjectTreeArray<Value> {
    ObjectTreeArray(children.map { $0.copy() })
  }

  // See `ObjectTreeNode`'s deinit: the roots are released from a worklist.
  deinit {
    guard children.contains(where: { !$0.children.isEmpty }) else { return }
    var pending = children
    children = []
    while var node = pending.popLast() {
      if isKnownUniquelyReferenced(&node), !node.children.isEmpty {
        pending.append(contentsOf: node.children)
        node.children = []
      }
    }
  }
}

extension ObjectTreeArray: Equatable where Value: Equatable {
  /// Whether two forests have equal roots, compared structurally (use `===` for identity).
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public static func == (lhs: ObjectTreeArray, rhs: ObjectTreeArray) -> Bool {
    lhs === rhs || objectTreesEqual(lhs.children, rhs.children)
  }
}

extension ObjectTreeArray: CustomStringConvertible {
  /// A compact description: the roots in brackets, such as `[a(b, c), d]`.
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public var description: String {
    "[\(describeTreeNodes(children))]"
  }
}
