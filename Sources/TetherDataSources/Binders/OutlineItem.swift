import Dispatch
import Foundation
import TetherChangesets
import TetherSignals

/// One node of the tree an outline binder shows: the object an outline view knows the node by.
///
/// `NSOutlineView` identifies rows by their item objects, so the binder keeps one ``OutlineItem``
/// per node and moves, updates and removes those objects in step with each tree changeset: a node
/// that moves or whose value changes stays the same item (keeping its expansion and selection).
///
/// An item whose last reference is dropped off the main actor releases its descendants from the
/// main queue, where they are read.
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

  // Safe: read and written on the main actor, except by deinit off the main actor, which only
  // takes this item's own array (nothing can reach an item being deinitialized) and hands it to
  // the main queue; descendants are only read there.
  nonisolated(unsafe) private var storedChildren: [OutlineItem<Value>] = []

  /// Whether the item left the tree (it or an ancestor was removed).
  public internal(set) var isRemoved = false

  init(value: Value) {
    self.value = value
  }

  // Releasing the last reference to a deep chain of items would release one level per stack
  // frame; the uniquely held descendants are unlinked into a worklist instead.
  //
  // A child may still be referenced elsewhere, and any item is reachable on the main actor through
  // the weak `parent` of a child someone holds: descendants are read only on the main actor. Off
  // it (the last reference dropped on another thread), the children go to the main queue and are
  // released there.
  deinit {
    guard !storedChildren.isEmpty else { return }
    var pending = storedChildren
    storedChildren = []
    if Thread.isMainThread || MainQueue.isOnMainQueue {
      Self.release(&pending)
    } else {
      let orphans = Orphans(pending)
      pending = []
      DispatchQueue.main.async { orphans.release() }
    }
  }

  /// Empties `pending`, items taken from one being deinitialized, level by level: each item nobody
  /// else references (checked before its children are read) gives its children to the worklist,
  /// so no release recurses on depth. Called on the main actor only.
  private nonisolated static func release(_ pending: inout [OutlineItem<Value>]) {
    while var item = pending.popLast() {
      guard isKnownUniquelyReferenced(&item), !item.storedChildren.isEmpty else { continue }
      pending.append(contentsOf: item.storedChildren)
      item.storedChildren = []
    }
  }

  /// The children of an item being deinitialized, released level by level on the main actor.
  ///
  /// An object rather than a captured array: the main-queue action's copy of an array would hold
  /// every child a second time, and no child would then look uniquely referenced.
  private final class Orphans: @unchecked Sendable {
    // Safe: `items` is filled by the deinit that creates this object and emptied by `release()`,
    // which runs once, after it, on the main actor (synchronously or from one main-queue action).
    private var items: [OutlineItem<Value>]

    init(_ items: [OutlineItem<Value>]) {
      self.items = items
    }

    /// Releases the items, as `OutlineItem.release(_:)` does.
    func release() {
      OutlineItem.release(&items)
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
