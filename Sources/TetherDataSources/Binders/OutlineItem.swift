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
  public internal(set) var children: [OutlineItem<Value>] = []

  /// Whether the item left the tree (it or an ancestor was removed).
  public internal(set) var isRemoved = false

  init(value: Value) {
    self.value = value
  }

  /// The item and its subtree made from a tree node.
  static func subtree<Node: TreeNodeProtocol>(_ node: Node) -> OutlineItem<Value>
  where Node.Value == Value, Node.ChildNode == Node {
    let item = OutlineItem(value: node.value)
    item.children = node.children.map { subtree($0) }
    for child in item.children { child.parent = item }
    return item
  }

  func markRemoved() {
    isRemoved = true
    for child in children { child.markRemoved() }
  }
}
