import TetherChangesets

/// One node of the tree an outline binder shows: the object an outline view knows the node by.
///
/// `NSOutlineView` identifies rows by their item objects, so the binder keeps one ``OutlineItem``
/// per node and moves, updates and removes those objects in step with each tree changeset: a node
/// that moves or whose value changes stays the same item (keeping its expansion and selection).
@MainActor
public final class OutlineItem<Value> {
  /// The node's current value.
  public internal(set) var value: Value

  /// The item's parent, or `nil` for a root.
  public internal(set) weak var parent: OutlineItem<Value>?

  /// The item's children, in order.
  public internal(set) var children: [OutlineItem<Value>] {
    get { storedChildren }
    set { storedChildren = newValue }
  }

  // Safe: read and written on the main actor, except by deinit, which only touches items that no
  // one else references any more.
  nonisolated(unsafe) private var storedChildren: [OutlineItem<Value>] = []

  /// Whether the item left the tree (it or an ancestor was removed).
  public internal(set) var isRemoved = false

  init(value: Value) {
    self.value = value
  }

  // Releasing the last reference to a deep chain of items would release one level per stack
  // frame; the uniquely held descendants are unlinked into a worklist instead.
  deinit {
    guard storedChildren.contains(where: { !$0.storedChildren.isEmpty }) else { return }
    var pending = storedChildren
    storedChildren = []
    while var item = pending.popLast() {
      if isKnownUniquelyReferenced(&item), !item.storedChildren.isEmpty {
        pending.append(contentsOf: item.storedChildren)
        item.storedChildren = []
      }
    }
  }

  /// The item and its subtree made from a tree node, built with a worklist (no recursion on depth).
  static func subtree<Node: TreeNodeProtocol>(_ node: Node) -> OutlineItem<Value>
  where Node.Value == Value, Node.ChildNode == Node {
    let root = OutlineItem(value: node.value)
    var pending: [(node: Node, item: OutlineItem<Value>)] = [(node, root)]
    while let (node, item) = pending.popLast() {
      item.children = node.children.map { OutlineItem(value: $0.value) }
      for (child, childItem) in zip(node.children, item.children) {
        childItem.parent = item
        if !child.children.isEmpty { pending.append((child, childItem)) }
      }
    }
    return root
  }

  func markRemoved() {
    var pending = [self]
    while let item = pending.popLast() {
      item.isRemoved = true
      pending.append(contentsOf: item.children)
    }
  }
}
