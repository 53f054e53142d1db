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

  /// The children, boxed so that releasing a deep tree can be done without recursion (see
  /// ``TreeNodeStorage``); `nil` for a leaf, which then needs no allocation.
  @usableFromInline
  var storage: TreeNodeStorage<Value>?

  /// Creates a node with a value and children (none by default).
  @inlinable
  public init(_ value: Value, _ children: [TreeNode<Value>] = []) {
    self.value = value
    self.storage = children.isEmpty ? nil : TreeNodeStorage(children)
  }

  /// The node's children in order.
  ///
  /// - Complexity: Reading is O(1). Changing the children in place is O(1) plus the change
  ///   itself, unless the node shares them with a copy (then they are copied first, O(c)).
  @inlinable
  public var children: [TreeNode<Value>] {
    get { storage?.children ?? [] }
    set {
      if newValue.isEmpty {
        storage = nil
      } else if isKnownUniquelyReferenced(&storage) {
        storage!.children = newValue
      } else {
        storage = TreeNodeStorage(newValue)
      }
    }
    _modify {
      yield &uniqueStorage().children
    }
  }

  /// The storage of the children, made unique (copied if shared, created if missing) so that it
  /// can be written without affecting copies of this node.
  @inlinable
  mutating func uniqueStorage() -> TreeNodeStorage<Value> {
    if storage == nil {
      storage = TreeNodeStorage([])
    } else if !isKnownUniquelyReferenced(&storage) {
      storage = TreeNodeStorage(storage!.children)
    }
    return storage!
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
    children.modifyTreeNode(at: indexPath) { $0.value = value }
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

/// The children of a ``TreeNode``: a copy-on-write box whose `deinit` tears a subtree down
/// without recursion.
///
/// Releasing a plain nested array releases each child, whose array releases its children, and so
/// on: one stack frame per level, which overflows on a tree a few thousand levels deep (trees can
/// come from decoded data). Here the storages of uniquely held children are moved to a worklist
/// before the box goes away, so every storage is released from the same loop.
@usableFromInline
final class TreeNodeStorage<Value> {
  @usableFromInline
  var children: [TreeNode<Value>]

  @inlinable
  init(_ children: [TreeNode<Value>]) {
    self.children = children
  }

  deinit {
    guard children.contains(where: { $0.storage != nil }) else { return }
    var pending: [TreeNodeStorage<Value>] = []
    Self.detachStorages(of: &children, into: &pending)
    while let next = pending.popLast() {
      Self.detachStorages(of: &next.children, into: &pending)
      // `next` is released here; its children hold no unique storage any more, so its deinit
      // returns at once.
    }
  }

  /// Moves the storages only `nodes` hold to `pending`; shared ones stay (releasing them is O(1)).
  private static func detachStorages(of nodes: inout [TreeNode<Value>], into pending: inout [TreeNodeStorage<Value>]) {
    for index in nodes.indices where nodes[index].storage != nil {
      if isKnownUniquelyReferenced(&nodes[index].storage) {
        pending.append(nodes[index].storage!)
        nodes[index].storage = nil
      }
    }
  }
}

// Safe: a storage is written only through `TreeNode.uniqueStorage()` (copy-on-write) or in its
// own deinit, so a storage that two threads can reach is never written.
extension TreeNodeStorage: @unchecked Sendable where Value: Sendable {}

extension TreeNode: ArrayBackedTreeNode {
  static func withChildren<Result>(
    ofNodeAt path: IndexPath,
    depth: Int,
    in roots: inout [TreeNode<Value>],
    _ body: (inout [TreeNode<Value>]) -> Result
  ) -> Result {
    if depth == 0 { return body(&roots) }
    // Each storage on the way is made unique, then written through its reference: no recursion
    // and no copies beyond copy-on-write.
    var storage = roots[checkedTreeIndex(path, depth: 0, count: roots.count)].uniqueStorage()
    for level in 1..<depth {
      let index = checkedTreeIndex(path, depth: level, count: storage.children.count)
      storage = storage.children[index].uniqueStorage()
    }
    return body(&storage.children)
  }
}

extension TreeNode: Equatable where Value: Equatable {
  /// Whether two nodes have equal values and equal subtrees.
  ///
  /// - Complexity: O(n) for n nodes, without recursion; subtrees that share storage are equal
  ///   at once.
  @inlinable
  public static func == (lhs: TreeNode, rhs: TreeNode) -> Bool {
    lhs.value == rhs.value && TreeNodeStorage.subtreesEqual(lhs.storage, rhs.storage)
  }
}

extension TreeNodeStorage where Value: Equatable {
  /// Whether two children lists (`nil`: none) are equal node by node, compared with a worklist.
  @usableFromInline
  static func subtreesEqual(_ lhs: TreeNodeStorage?, _ rhs: TreeNodeStorage?) -> Bool {
    var pending: [(TreeNodeStorage?, TreeNodeStorage?)] = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      if left === right { continue }
      let (leftChildren, rightChildren) = (left?.children ?? [], right?.children ?? [])
      guard leftChildren.count == rightChildren.count else { return false }
      for index in leftChildren.indices {
        let (leftChild, rightChild) = (leftChildren[index], rightChildren[index])
        guard leftChild.value == rightChild.value else { return false }
        if leftChild.storage !== rightChild.storage { pending.append((leftChild.storage, rightChild.storage)) }
      }
    }
    return true
  }
}

extension TreeNode: Hashable where Value: Hashable {
  /// Hashes the value and child count of every node, in depth-first pre-order.
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public func hash(into hasher: inout Hasher) {
    var pending = [self]
    while let node = pending.popLast() {
      hasher.combine(node.value)
      let children = node.children
      hasher.combine(children.count)
      pending.append(contentsOf: children.reversed())
    }
  }
}

extension TreeNode: Sendable where Value: Sendable {}

extension TreeNode: CustomStringConvertible {
  /// A compact description: the value, then the children in parentheses, such as `a(b, c(d))`.
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public var description: String {
    describeTreeNodes([self])
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
    children.modifyTreeNode(at: indexPath) { $0.value = value }
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

// Equality and hashing go through `TreeNode`'s, which use worklists.
extension TreeArray: Equatable where Value: Equatable {}
extension TreeArray: Hashable where Value: Hashable {}
extension TreeArray: Sendable where Value: Sendable {}

extension TreeArray: CustomStringConvertible {
  /// A compact description: the roots in brackets, such as `[a(b, c), d]`.
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public var description: String {
    "[\(describeTreeNodes(children))]"
  }
}
