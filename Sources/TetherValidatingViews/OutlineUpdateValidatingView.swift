import Foundation
import TetherDataSources
import TetherSignals
import TetherSynchronization

/// An outline view that checks item updates the way `NSOutlineView` applies them, for tests and CI.
///
/// It shows every item expanded. Each call applies at once to the tree as it is (AppKit's
/// semantics); an inserted item is read from the data source right away (with its subtree), so a
/// later call of the same group can use it as a parent. When the outermost ``endUpdates()`` returns,
/// the view asks for the cells of new and reloaded items and checks that its whole tree is the data
/// source's: same children, same item objects, in the same order. A violation is reported with an
/// AppKit-style message and the view reloads from the data source.
@MainActor
public final class OutlineUpdateValidatingView<Cell>: OutlineViewProtocol, DisposeBagProvider {
  /// One shown item: its cell and its children.
  public struct Row {
    /// The item's cell.
    public var cell: Cell

    /// The item's children, in order.
    public var children: [Row] {
      get { storage?.rows ?? [] }
      set { storage = newValue.isEmpty ? nil : RowStorage(newValue) }
    }

    /// The children, boxed so that a deep outline's rows are released without recursion.
    fileprivate var storage: RowStorage?

    /// Creates a row.
    public init(cell: Cell, children: [Row] = []) {
      self.cell = cell
      self.children = children
    }
  }

  /// The children of a ``Row``; its deinit releases a deep subtree from a worklist.
  fileprivate final class RowStorage {
    /// Never changed after init, except emptied by deinit.
    var rows: [Row]

    init(_ rows: [Row]) {
      self.rows = rows
    }

    deinit {
      guard rows.contains(where: { $0.storage != nil }) else { return }
      var pending = rows.compactMap(\.storage)
      rows = []
      while var storage = pending.popLast() {
        if isKnownUniquelyReferenced(&storage) {
          pending.append(contentsOf: storage.rows.compactMap(\.storage))
          storage.rows = []
        }
      }
    }
  }

  /// One call the view received; items are given by their index path in the view before the call
  /// (`nil` for the root).
  public enum Call: Hashable, Sendable {
    /// `reloadData()`.
    case reloadData
    /// `beginUpdates()`.
    case beginUpdates
    /// `endUpdates()`.
    case endUpdates
    /// `insertItems(at:inParent:withAnimation:)`.
    case insertItems(IndexSet, inParent: IndexPath?)
    /// `removeItems(at:inParent:withAnimation:)`.
    case removeItems(IndexSet, inParent: IndexPath?)
    /// `moveItem(at:inParent:to:inParent:)`.
    case moveItem(Int, inParent: IndexPath?, to: Int, newParent: IndexPath?)
    /// `reloadItem(_:reloadChildren:)`.
    case reloadItem(IndexPath?, reloadChildren: Bool)
  }

  /// The data source the view reads, held weakly.
  public weak var outlineDataSource: (any OutlineViewDataSource<Cell>)?

  /// Disposed when the view goes away, ending the bindings to it at once.
  public nonisolated let bag = DisposeBag()

  /// Whether a violation stops the program with its message; `false` by default.
  public var trapsOnViolation: Bool

  /// Every violation so far, oldest first.
  public private(set) var violations: [BatchUpdateViolation] = []

  /// Every call so far.
  public private(set) var calls: [Call] = []

  /// Whether ``calls`` records calls; on by default.
  public var recordsCalls = true

  private final class Node {
    var item: AnyObject?
    var cell: Cell?
    var children: [Node] = []
    weak var parent: Node?
    init(item: AnyObject?) { self.item = item }

    // A deep outline is released from a worklist, not one stack frame per level.
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

    /// This node and its descendants in depth-first pre-order.
    var subtree: [Node] {
      var nodes: [Node] = []
      var pending = [self]
      while let node = pending.popLast() {
        nodes.append(node)
        pending.append(contentsOf: node.children.reversed())
      }
      return nodes
    }
  }

  private let root = Node(item: nil)
  private var depth = 0
  private var isBroken = false

  /// Creates an empty view.
  public init(trapsOnViolation: Bool = false) {
    self.trapsOnViolation = trapsOnViolation
  }

  /// The items shown, as cells, root items first.
  public var rows: [Row] {
    // Built bottom-up with an explicit stack; an item without a cell is left out with its subtree.
    var stack: [(children: [Node], next: Int, rows: [Row], cell: Cell?)] = [(root.children, 0, [], nil)]
    while let top = stack.last {
      guard top.next < top.children.count else {
        let finished = stack.removeLast()
        guard !stack.isEmpty else { return finished.rows }
        stack[stack.count - 1].rows.append(Row(cell: finished.cell!, children: finished.rows))
        continue
      }
      let node = top.children[top.next]
      stack[stack.count - 1].next += 1
      if let cell = node.cell { stack.append((node.children, 0, [], cell)) }
    }
    return []
  }

  /// Forgets the recorded calls and violations.
  public func resetRecords() {
    calls = []
    violations = []
  }

  /// Reads the whole tree from the data source again.
  public func reloadData() {
    record(.reloadData)
    if depth > 0 {
      fail(.reloadDuringBatchUpdates, "reloadData called between beginUpdates and endUpdates")
      return
    }
    reloadAll()
  }

  /// Starts a group of updates.
  public func beginUpdates() {
    record(.beginUpdates)
    depth += 1
  }

  /// Ends a group; the outermost one reads new cells and checks the whole tree.
  public func endUpdates() {
    record(.endUpdates)
    guard depth > 0 else {
      fail(.conflictingChanges, "endUpdates called without a matching beginUpdates")
      isBroken = false
      return
    }
    depth -= 1
    if depth == 0 { commit() }
  }

  /// Inserts children of `parent` at `indexes` (offsets after the insertion).
  public func insertItems(
    at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: ViewAnimationOptions
  ) {
    update(.insertItems(indexes, inParent: path(of: parent))) {
      guard let node = node(for: parent), let dataSource = outlineDataSource else { return }
      for index in indexes {
        guard index >= 0, index <= node.children.count else {
          return fail(.indexOutOfBounds, message("inserting", index, node))
        }
        let child = load(dataSource.child(index, ofItem: node.item), from: dataSource)
        child.parent = node
        node.children.insert(child, at: index)
      }
    }
  }

  /// Removes the children of `parent` at `indexes` (offsets before the removal).
  public func removeItems(
    at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: ViewAnimationOptions
  ) {
    update(.removeItems(indexes, inParent: path(of: parent))) {
      guard let node = node(for: parent) else { return }
      if let last = indexes.last, last >= node.children.count {
        return fail(.indexOutOfBounds, message("removing", last, node))
      }
      for index in indexes.reversed() { node.children.remove(at: index) }
    }
  }

  /// Moves the child at `fromIndex` of `oldParent` to `toIndex` of `newParent`.
  public func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {
    update(.moveItem(fromIndex, inParent: path(of: oldParent), to: toIndex, newParent: path(of: newParent))) {
      guard let source = node(for: oldParent), let target = node(for: newParent) else { return }
      guard fromIndex >= 0, fromIndex < source.children.count else {
        return fail(.indexOutOfBounds, message("moving", fromIndex, source))
      }
      let moved = source.children.remove(at: fromIndex)
      guard toIndex >= 0, toIndex <= target.children.count else {
        return fail(.indexOutOfBounds, message("moving", toIndex, target))
      }
      var ancestor: Node? = target
      while let current = ancestor {
        if current === moved {
          return fail(.conflictingChanges, "NSOutlineView error: cannot move an item into itself")
        }
        ancestor = current.parent
      }
      moved.parent = target
      target.children.insert(moved, at: toIndex)
    }
  }

  /// Marks `item`'s cell (and with `reloadChildren` its subtree) to be read again.
  public func reloadItem(_ item: Any?, reloadChildren: Bool) {
    update(.reloadItem(path(of: item), reloadChildren: reloadChildren)) {
      guard let node = node(for: item) else { return }
      if reloadChildren, let dataSource = outlineDataSource {
        let fresh = load(node.item, from: dataSource)
        node.children = fresh.children
        for child in node.children { child.parent = node }
      }
      if node !== root { node.cell = nil }
    }
  }

  private func update(_ call: Call, _ body: () -> Void) {
    record(call)
    let standalone = depth == 0
    depth += 1
    if !isBroken { body() }
    depth -= 1
    if standalone { commit() }
  }

  private func commit() {
    defer { isBroken = false }
    guard !isBroken, let dataSource = outlineDataSource else { return reloadAll() }
    if let problem = mismatch(root, in: dataSource) {
      fail(.invalidNumberOfRows, problem)
      return reloadAll()
    }
    fillCells(root, from: dataSource)
  }

  /// The first difference between the shown subtree of `node` and the data source's, found in
  /// depth-first pre-order with a worklist.
  private func mismatch(_ node: Node, in dataSource: any OutlineViewDataSource<Cell>) -> String? {
    // Each frame is a node and its next child to check (-1: its child count first), so the checks
    // run in the order of a recursive pre-order walk.
    var stack = [(node: node, next: -1)]
    while let (node, next) = stack.last {
      if next < 0 {
        let expected = dataSource.numberOfChildren(ofItem: node.item)
        guard expected == node.children.count else {
          return
            "Invalid update: \(pathText(node)) has \(node.children.count) children after the update, but its data source has \(expected)"
        }
        stack[stack.count - 1].next = 0
        continue
      }
      guard next < node.children.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next = next + 1
      let child = node.children[next]
      guard dataSource.child(next, ofItem: node.item) as AnyObject === child.item else {
        return "Invalid update: child \(next) of \(pathText(node)) is not the item the data source has there"
      }
      stack.append((child, -1))
    }
    return nil
  }

  private func fillCells(_ node: Node, from dataSource: any OutlineViewDataSource<Cell>) {
    for node in node.subtree where node !== root && node.cell == nil {
      if let item = node.item { node.cell = dataSource.cell(forItem: item) }
    }
  }

  private func reloadAll() {
    root.children = []
    guard let dataSource = outlineDataSource else { return }
    let fresh = load(nil, from: dataSource)
    root.children = fresh.children
    for child in root.children { child.parent = root }
    fillCells(root, from: dataSource)
  }

  /// A node for `item` with its whole subtree read from the data source (cells left to `commit`),
  /// read with a worklist.
  private func load(_ item: Any?, from dataSource: any OutlineViewDataSource<Cell>) -> Node {
    let top = Node(item: item.map { $0 as AnyObject })
    var pending = [(node: top, item: item)]
    while let (node, item) = pending.popLast() {
      node.children = (0..<dataSource.numberOfChildren(ofItem: item)).map { index in
        let childItem = dataSource.child(index, ofItem: item)
        let child = Node(item: childItem as AnyObject)
        child.parent = node
        pending.append((child, childItem))
        return child
      }
    }
    return top
  }

  private func node(for item: Any?) -> Node? {
    guard let item else { return root }
    let object = item as AnyObject
    guard let found = root.subtree.first(where: { $0.item === object }) else {
      fail(.indexOutOfBounds, "NSOutlineView error: the item \(item) is not in the outline view")
      return nil
    }
    return found
  }

  private func path(of item: Any?) -> IndexPath? {
    guard let item else { return nil }
    let object = item as AnyObject
    guard let found = root.subtree.first(where: { $0 !== root && $0.item === object }) else { return nil }
    return IndexPath(indexes: indexes(of: found))
  }

  /// The child indices from the root down to `node`.
  private func indexes(of node: Node) -> [Int] {
    var reversed: [Int] = []
    var current = node
    while let parent = current.parent, let index = parent.children.firstIndex(where: { $0 === current }) {
      reversed.append(index)
      current = parent
    }
    return reversed.reversed()
  }

  private func pathText(_ node: Node) -> String {
    node === root ? "the root" : "item \(indexes(of: node))"
  }

  private func message(_ verb: String, _ index: Int, _ parent: Node) -> String {
    "NSOutlineView error \(verb) child index \(index) in parent \(pathText(parent)) (which has \(parent.children.count) children)."
  }

  private func fail(_ rule: BatchUpdateViolation.Rule, _ message: String) {
    isBroken = true
    violations.append(BatchUpdateViolation(rule: rule, message: message))
    if trapsOnViolation { tetherPreconditionFailure(message) }
  }

  private func record(_ call: Call) {
    if recordsCalls { calls.append(call) }
  }
}

extension OutlineUpdateValidatingView.Row: Equatable where Cell: Equatable {
  /// Whether two rows have equal cells and equal children, compared with a worklist.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    var pending = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      guard left.cell == right.cell else { return false }
      if left.storage === right.storage { continue }
      let (leftChildren, rightChildren) = (left.children, right.children)
      guard leftChildren.count == rightChildren.count else { return false }
      pending.append(contentsOf: zip(leftChildren, rightChildren))
    }
    return true
  }
}
