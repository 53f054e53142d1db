import Foundation
import TetherSynchronization

/// A mutable skeleton of a tree that follows nodes through tree operations without knowing the
/// tree: the engine of both tree diff <-> patch conversions.
///
/// Each node's children are kept as an implicit treap (a randomized balanced tree keyed by
/// position). A treap entry is either one tracked node or a *run* of consecutive implicit children
/// no operation has addressed yet. A node's list starts as a single unbounded run, so the sizes of
/// the real lists never need to be known: addressing a position splits the run and materializes
/// a tracked node there. With k operations on paths of length d the skeleton holds O(k d)
/// entries and each step costs O(d log(k d)) expected, however large the tree is.
///
/// Entries also count *fixed* positions, the children that keep their relative order through the
/// whole change (untouched runs, and tracked nodes marked fixed), so that the diff to patch
/// conversion can find "the r-th child that stays" in O(log) and place new nodes after it.
struct TreeTracker {
  /// Where a tracked node comes from.
  enum Kind: UInt8 {
    /// The tree itself (node 0).
    case root
    /// A node of the source tree: `oldParent` and `oldIndex` locate it.
    case original
    /// A node that is not in the source tree (inserted, or below an inserted node).
    case inserted
  }

  struct Node {
    /// Treap root of the children list (0: empty).
    var list: Int32 = 0
    /// The entry holding this node in its owner's list (0: detached).
    var entry: Int32 = 0
    /// The node whose children list holds this node (-1: detached).
    var owner: Int32 = -1
    var kind: Kind
    /// For an original node: its parent and index in the source tree.
    var oldParent: Int32
    var oldIndex: Int
    var moved = false
    var updated = false
  }

  private struct Entry {
    var left: Int32 = 0
    var right: Int32 = 0
    var parent: Int32 = 0
    var priority: UInt32
    /// Positions in this subtree.
    var size: Int
    /// Fixed positions in this subtree.
    var fixed: Int
    /// Positions in this entry: a run's length, or 1.
    var length: Int
    /// Fixed positions in this entry: a run's length, or 0 or 1 for a node.
    var ownFixed: Int
    /// A run's first implicit child index; unused for a node entry.
    var start: Int
    /// The tracked node of a node entry, or -1 for a run.
    var node: Int32
  }

  /// Stands for "all the remaining children": lists are never shorter than any real position.
  static let unbounded = 1 << 52

  private(set) var nodes: [Node] = []
  private var entries: [Entry] = []
  private var seed: UInt64 = 0x2545_F491_4F6C_DD1D

  init(capacity: Int = 16) {
    entries.reserveCapacity(2 * capacity + 2)
    nodes.reserveCapacity(capacity + 1)
    // Entry 0 is the empty treap.
    entries.append(Entry(priority: 0, size: 0, fixed: 0, length: 0, ownFixed: 0, start: -1, node: -1))
    _ = makeNode(kind: .root, oldParent: -1, oldIndex: -1)
  }

  // MARK: Nodes

  /// A new detached node whose children list is one unbounded run of implicit children.
  mutating func makeNode(kind: Kind, oldParent: Int32, oldIndex: Int) -> Int32 {
    let id = Int32(nodes.count)
    nodes.append(Node(kind: kind, oldParent: oldParent, oldIndex: oldIndex))
    nodes[Int(id)].list = makeEntry(length: Self.unbounded, fixed: Self.unbounded, start: 0, node: -1)
    return id
  }

  /// The tracked node at `position` among the children of `owner`, materialized if needed.
  mutating func child(at position: Int, of owner: Int32) -> Int32 {
    let (before, single, after) = extract(position, of: owner)
    setList(of: owner, merge(merge(before, single), after))
    return entries[Int(single)].node
  }

  /// Detaches and returns the tracked node at `position` among the children of `owner`.
  mutating func removeChild(at position: Int, of owner: Int32) -> Int32 {
    let (before, single, after) = extract(position, of: owner)
    setList(of: owner, merge(before, after))
    let node = entries[Int(single)].node
    nodes[Int(node)].entry = 0
    nodes[Int(node)].owner = -1
    return node
  }

  /// Detaches `node` from its owner's list.
  mutating func detach(_ node: Int32) {
    let owner = nodes[Int(node)].owner
    tetherPrecondition(owner >= 0, "Internal error: detaching a node that is not in the tree")
    _ = removeChild(at: position(of: node), of: owner)
  }

  /// Inserts the detached `node` at `position` among the children of `owner`.
  mutating func insert(_ node: Int32, at position: Int, of owner: Int32, fixed: Bool) {
    let entry = makeEntry(length: 1, fixed: fixed ? 1 : 0, start: -1, node: node)
    nodes[Int(node)].entry = entry
    nodes[Int(node)].owner = owner
    let (before, after) = split(nodes[Int(owner)].list, position)
    setList(of: owner, merge(merge(before, entry), after))
  }

  /// Marks a tracked node as fixed (it keeps its place among its siblings) or not.
  mutating func setFixed(_ node: Int32, _ fixed: Bool) {
    var entry = nodes[Int(node)].entry
    tetherPrecondition(entry != 0, "Internal error: marking a detached node")
    entries[Int(entry)].ownFixed = fixed ? 1 : 0
    while entry != 0 {
      recompute(entry)
      entry = entries[Int(entry)].parent
    }
  }

  /// The position of `node` among its owner's children.
  func position(of node: Int32) -> Int {
    var entry = nodes[Int(node)].entry
    var position = entries[Int(entries[Int(entry)].left)].size
    while true {
      let parent = entries[Int(entry)].parent
      if parent == 0 { return position }
      if entries[Int(parent)].right == entry {
        position += entries[Int(entries[Int(parent)].left)].size + entries[Int(parent)].length
      }
      entry = parent
    }
  }

  /// The current index path of `node`, or `nil` when it is not attached to the tree (it, or one of
  /// its ancestors, was removed).
  func path(of node: Int32) -> IndexPath? {
    var reversed: [Int] = []
    var current = node
    while current != 0 {
      let owner = nodes[Int(current)].owner
      if owner < 0 { return nil }
      reversed.append(position(of: current))
      current = owner
    }
    return IndexPath(indexes: reversed.reversed())
  }

  /// The position of the fixed child of rank `rank` (0-based) among the children of `owner`.
  func positionOfFixedChild(rank: Int, of owner: Int32) -> Int {
    var entry = nodes[Int(owner)].list
    var remaining = rank
    var position = 0
    while entry != 0 {
      let current = entries[Int(entry)]
      let leftFixed = entries[Int(current.left)].fixed
      if remaining < leftFixed {
        entry = current.left
        continue
      }
      remaining -= leftFixed
      position += entries[Int(current.left)].size
      if remaining < current.ownFixed {
        return position + (current.node < 0 ? remaining : 0)
      }
      remaining -= current.ownFixed
      position += current.length
      entry = current.right
    }
    tetherPreconditionFailure("Internal error: no fixed child of rank \(rank)")
  }

  /// Calls `body` with every tracked child of `owner` and its position, in order.
  func forEachTrackedChild(of owner: Int32, _ body: (_ node: Int32, _ position: Int) -> Void) {
    var stack: [Int32] = []
    var entry = nodes[Int(owner)].list
    var position = 0
    while entry != 0 || !stack.isEmpty {
      while entry != 0 {
        stack.append(entry)
        entry = entries[Int(entry)].left
      }
      let current = entries[Int(stack.removeLast())]
      if current.node >= 0 { body(current.node, position) }
      position += current.length
      entry = current.right
    }
  }

  subscript(node: Int32) -> Node {
    get { nodes[Int(node)] }
    set { nodes[Int(node)] = newValue }
  }

  // MARK: Treap

  private mutating func setList(of owner: Int32, _ root: Int32) {
    nodes[Int(owner)].list = root
    if root != 0 { entries[Int(root)].parent = 0 }
  }

  /// Splits the children of `owner` around `position`, materializing a tracked node there.
  private mutating func extract(_ position: Int, of owner: Int32) -> (Int32, Int32, Int32) {
    let (before, rest) = split(nodes[Int(owner)].list, position)
    let (single, after) = split(rest, 1)
    tetherPrecondition(single != 0, "Internal error: no child at \(position)")
    if entries[Int(single)].node < 0 {
      // A run of length 1: turn it into a tracked node.
      let index = entries[Int(single)].start
      let ownerKind = nodes[Int(owner)].kind
      let node =
        ownerKind == .inserted
        ? makeNode(kind: .inserted, oldParent: -1, oldIndex: -1)
        : makeNode(kind: .original, oldParent: owner, oldIndex: index)
      entries[Int(single)].node = node
      nodes[Int(node)].entry = single
      nodes[Int(node)].owner = owner
    }
    return (before, single, after)
  }

  private mutating func makeEntry(length: Int, fixed: Int, start: Int, node: Int32) -> Int32 {
    // SplitMix64 over a private counter: deterministic priorities without global state.
    seed &+= 0x9E37_79B9_7F4A_7C15
    var mixed = seed
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    let priority = UInt32(truncatingIfNeeded: mixed ^ (mixed >> 31))
    entries.append(
      Entry(
        priority: priority, size: length, fixed: fixed, length: length, ownFixed: fixed, start: start, node: node))
    return Int32(entries.count - 1)
  }

  private mutating func recompute(_ entry: Int32) {
    let index = Int(entry)
    let left = entries[index].left
    let right = entries[index].right
    entries[index].size = entries[Int(left)].size + entries[index].length + entries[Int(right)].size
    entries[index].fixed = entries[Int(left)].fixed + entries[index].ownFixed + entries[Int(right)].fixed
    if left != 0 { entries[Int(left)].parent = entry }
    if right != 0 { entries[Int(right)].parent = entry }
  }

  /// Splits `tree` into its first `position` positions and the rest, cutting a run if needed.
  private mutating func split(_ tree: Int32, _ position: Int) -> (Int32, Int32) {
    if tree == 0 { return (0, 0) }
    let index = Int(tree)
    let leftSize = entries[Int(entries[index].left)].size
    let length = entries[index].length
    if position <= leftSize {
      let (first, second) = split(entries[index].left, position)
      entries[index].left = second
      recompute(tree)
      return (first, tree)
    }
    if position >= leftSize + length {
      let (first, second) = split(entries[index].right, position - leftSize - length)
      entries[index].right = first
      recompute(tree)
      return (tree, second)
    }
    // The cut falls inside this run: keep its head here and move its tail to a new entry.
    let head = position - leftSize
    let tailLength = length >= Self.unbounded ? Self.unbounded : length - head
    let tail = makeEntry(length: tailLength, fixed: tailLength, start: entries[index].start + head, node: -1)
    let right = entries[index].right
    entries[index].length = head
    entries[index].ownFixed = head
    entries[index].right = 0
    recompute(tree)
    return (tree, merge(tail, right))
  }

  private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
    if first == 0 { return second }
    if second == 0 { return first }
    if entries[Int(first)].priority >= entries[Int(second)].priority {
      entries[Int(first)].right = merge(entries[Int(first)].right, second)
      recompute(first)
      return first
    } else {
      entries[Int(second)].left = merge(first, entries[Int(second)].left)
      recompute(second)
      return second
    }
  }
}
