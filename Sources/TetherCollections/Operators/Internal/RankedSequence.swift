import TetherSynchronization

/// A sequence of node ids supporting positional insertion and removal, lookup by position, the
/// position (rank) of a node, and counts of flagged nodes before a position, each in O(log n)
/// expected time: an implicit treap with parent links and subtree counts.
///
/// The collection operators use it as their index maps: `filterCollection` keeps one node per
/// source element, flagged when the element passes the filter, so the filtered offset of a source
/// offset is the number of flagged nodes before it; `sortedCollection` keeps one sequence in
/// source order and one in sorted order over the same ids.
///
/// Node ids are small non-negative integers chosen by the caller (see ``IDPool``); storage grows to
/// the largest id used. A node is in the sequence at most once.
struct RankedSequence {
  private struct Node {
    var left: Int32 = -1
    var right: Int32 = -1
    var parent: Int32 = -1
    var priority: UInt32 = 0
    var size: Int32 = 0
    var flaggedCount: Int32 = 0
    var isFlagged = false
  }

  private var nodes: [Node] = []
  private var root: Int32 = -1
  private var randomState: UInt64 = 0x2545_F491_4F6C_DD1D

  init() {}

  /// The number of nodes in the sequence.
  var count: Int { root < 0 ? 0 : Int(nodes[Int(root)].size) }

  /// The number of flagged nodes in the sequence.
  var flaggedCount: Int { root < 0 ? 0 : Int(nodes[Int(root)].flaggedCount) }

  // MARK: Building

  /// Replaces the contents with `ids` in order, flagged where `isFlagged` says so.
  ///
  /// - Complexity: O(n): a Cartesian tree built with a stack over random priorities.
  mutating func build<S: Sequence<Int>>(_ ids: S, isFlagged: (Int) -> Bool = { _ in false }) {
    root = -1
    var stack: [Int32] = []
    for id in ids {
      reserve(id)
      let node = Int32(id)
      nodes[id] = Node(priority: nextPriority(), size: 1, isFlagged: isFlagged(id))
      var lastPopped: Int32 = -1
      while let top = stack.last, nodes[Int(top)].priority < nodes[id].priority {
        lastPopped = stack.removeLast()
      }
      if lastPopped >= 0 {
        nodes[id].left = lastPopped
        nodes[Int(lastPopped)].parent = node
      }
      if let top = stack.last {
        nodes[Int(top)].right = node
        nodes[id].parent = top
      }
      stack.append(node)
    }
    root = stack.first ?? -1
    recomputeCountsPostOrder()
  }

  private mutating func recomputeCountsPostOrder() {
    guard root >= 0 else { return }
    var stack: [(node: Int32, childrenDone: Bool)] = [(root, false)]
    while let (node, childrenDone) = stack.popLast() {
      if childrenDone {
        pull(node)
        continue
      }
      stack.append((node, true))
      let item = nodes[Int(node)]
      if item.left >= 0 { stack.append((item.left, false)) }
      if item.right >= 0 { stack.append((item.right, false)) }
    }
  }

  // MARK: Queries

  /// The id at `position`.
  ///
  /// - Complexity: O(log n) expected.
  func id(at position: Int) -> Int {
    var node = root
    var remaining = Int32(position)
    while node >= 0 {
      let leftSize = size(nodes[Int(node)].left)
      if remaining < leftSize {
        node = nodes[Int(node)].left
      } else if remaining == leftSize {
        return Int(node)
      } else {
        remaining -= leftSize + 1
        node = nodes[Int(node)].right
      }
    }
    tetherPreconditionFailure("Index \(position) is out of range for a collection of \(count) elements")
  }

  /// The position of `id`, which must be in the sequence.
  ///
  /// - Complexity: O(log n) expected.
  func position(of id: Int) -> Int {
    var node = Int32(id)
    var rank = size(nodes[id].left)
    while true {
      let parent = nodes[Int(node)].parent
      if parent < 0 { break }
      if nodes[Int(parent)].right == node { rank += size(nodes[Int(parent)].left) + 1 }
      node = parent
    }
    return Int(rank)
  }

  /// Whether the node `id` is flagged.
  func isFlagged(_ id: Int) -> Bool { nodes[id].isFlagged }

  /// The number of flagged nodes among the first `position` nodes.
  ///
  /// - Complexity: O(log n) expected.
  func flaggedCount(before position: Int) -> Int {
    var node = root
    var remaining = Int32(position)
    var flagged: Int32 = 0
    while node >= 0, remaining > 0 {
      let item = nodes[Int(node)]
      let leftSize = size(item.left)
      if remaining <= leftSize {
        node = item.left
      } else {
        flagged += flaggedCount(item.left) + (item.isFlagged ? 1 : 0)
        remaining -= leftSize + 1
        node = item.right
      }
    }
    return Int(flagged)
  }

  /// The position at which a new node belongs when the sequence is ordered: the number of nodes
  /// `x` for which `isBefore(x)` is `false`, walking down from the root (`isBefore(x)` says the new
  /// node goes before `x`; it must be consistent with the sequence's order).
  ///
  /// - Complexity: O(log n) expected calls to `isBefore`.
  func insertionPosition(isBefore: (Int) -> Bool) -> Int {
    var node = root
    var position: Int32 = 0
    while node >= 0 {
      if isBefore(Int(node)) {
        node = nodes[Int(node)].left
      } else {
        position += size(nodes[Int(node)].left) + 1
        node = nodes[Int(node)].right
      }
    }
    return Int(position)
  }

  /// Calls `body` with every id in order.
  ///
  /// - Complexity: O(n).
  func forEach(_ body: (Int) throws -> Void) rethrows {
    var stack: [Int32] = []
    var node = root
    while node >= 0 || !stack.isEmpty {
      while node >= 0 {
        stack.append(node)
        node = nodes[Int(node)].left
      }
      let next = stack.removeLast()
      try body(Int(next))
      node = nodes[Int(next)].right
    }
  }

  // MARK: Changes

  /// Inserts the node `id` so that it ends up at `position`.
  ///
  /// - Complexity: O(log n) expected.
  mutating func insert(_ id: Int, at position: Int, isFlagged: Bool = false) {
    reserve(id)
    nodes[id] = Node(priority: nextPriority(), size: 1, flaggedCount: isFlagged ? 1 : 0, isFlagged: isFlagged)
    let (before, after) = split(root, Int32(position))
    root = merge(merge(before, Int32(id)), after)
    nodes[Int(root)].parent = -1
  }

  /// Removes and returns the id at `position`.
  ///
  /// - Complexity: O(log n) expected.
  @discardableResult
  mutating func remove(at position: Int) -> Int {
    let (before, rest) = split(root, Int32(position))
    let (middle, after) = split(rest, 1)
    root = merge(before, after)
    if root >= 0 { nodes[Int(root)].parent = -1 }
    let id = Int(middle)
    nodes[id].parent = -1
    return id
  }

  /// Flags or unflags the node `id`.
  ///
  /// - Complexity: O(log n) expected.
  mutating func setFlagged(_ id: Int, _ flagged: Bool) {
    guard nodes[id].isFlagged != flagged else { return }
    nodes[id].isFlagged = flagged
    let delta: Int32 = flagged ? 1 : -1
    var node = Int32(id)
    while node >= 0 {
      nodes[Int(node)].flaggedCount += delta
      node = nodes[Int(node)].parent
    }
  }

  /// Removes every node.
  mutating func removeAll() {
    root = -1
  }

  // MARK: Treap internals

  private func size(_ node: Int32) -> Int32 { node < 0 ? 0 : nodes[Int(node)].size }

  private func flaggedCount(_ node: Int32) -> Int32 { node < 0 ? 0 : nodes[Int(node)].flaggedCount }

  private mutating func reserve(_ id: Int) {
    if id >= nodes.count {
      nodes.append(contentsOf: repeatElement(Node(), count: id - nodes.count + 1))
    }
  }

  private mutating func nextPriority() -> UInt32 {
    randomState ^= randomState << 13
    randomState ^= randomState >> 7
    randomState ^= randomState << 17
    return UInt32(truncatingIfNeeded: randomState >> 16)
  }

  /// Recomputes the counts of `node` from its children.
  private mutating func pull(_ node: Int32) {
    let item = nodes[Int(node)]
    nodes[Int(node)].size = size(item.left) + size(item.right) + 1
    nodes[Int(node)].flaggedCount = flaggedCount(item.left) + flaggedCount(item.right) + (item.isFlagged ? 1 : 0)
  }

  /// Splits the subtree at `node` into its first `count` nodes and the rest. The parents of the
  /// two returned roots are left for the caller to set.
  private mutating func split(_ node: Int32, _ count: Int32) -> (Int32, Int32) {
    guard node >= 0 else { return (-1, -1) }
    let leftSize = size(nodes[Int(node)].left)
    if count <= leftSize {
      let (first, rest) = split(nodes[Int(node)].left, count)
      nodes[Int(node)].left = rest
      if rest >= 0 { nodes[Int(rest)].parent = node }
      if first >= 0 { nodes[Int(first)].parent = -1 }
      pull(node)
      return (first, node)
    } else {
      let (first, rest) = split(nodes[Int(node)].right, count - leftSize - 1)
      nodes[Int(node)].right = first
      if first >= 0 { nodes[Int(first)].parent = node }
      if rest >= 0 { nodes[Int(rest)].parent = -1 }
      pull(node)
      return (node, rest)
    }
  }

  /// Joins two subtrees, every node of `first` before every node of `second`.
  private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
    if first < 0 { return second }
    if second < 0 { return first }
    if nodes[Int(first)].priority > nodes[Int(second)].priority {
      let joined = merge(nodes[Int(first)].right, second)
      nodes[Int(first)].right = joined
      nodes[Int(joined)].parent = first
      pull(first)
      return first
    } else {
      let joined = merge(first, nodes[Int(second)].left)
      nodes[Int(second)].left = joined
      nodes[Int(joined)].parent = second
      pull(second)
      return second
    }
  }
}

/// Hands out small non-negative integer ids, reusing released ones.
struct IDPool {
  private var released: [Int] = []
  private var next = 0

  init() {}

  /// A fresh or reused id.
  mutating func make() -> Int {
    if let id = released.popLast() { return id }
    defer { next += 1 }
    return next
  }

  /// Makes `id` available again.
  mutating func release(_ id: Int) {
    released.append(id)
  }

  /// Forgets every id handed out.
  mutating func removeAll() {
    released.removeAll()
    next = 0
  }
}
