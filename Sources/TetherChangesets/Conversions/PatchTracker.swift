/// Follows every element through an ordered patch to derive its diff.
///
/// The current state of the collection is an implicit treap (a randomized balanced tree keyed by
/// position) whose nodes are either a *run* of consecutive source elements that no operation has
/// addressed yet, or a single element (a source element some operation addressed, or an element
/// the patch inserted). An operation at offset `p` splits out the node holding `p`, so the tree
/// never has more than 2k + 1 nodes for k operations and each operation costs O(log k) expected,
/// however large the collection is.
struct PatchTracker {
  private struct Node {
    var left: Int32 = 0
    var right: Int32 = 0
    var priority: UInt32
    /// Elements in this subtree.
    var size: Int
    /// Elements in this node: the run length, or 1.
    var length: Int
    /// The source offset of the run's first element, or -1 for an element the patch inserted.
    var origin: Int
    var moved = false
    var updated = false
  }

  /// Node 0 is the empty tree.
  private var nodes: [Node]
  private var root: Int32 = 0
  private var count: Int
  private var deletes: [Int] = []

  private init(sourceCount: Int, capacity: Int) {
    nodes = [Node(priority: 0, size: 0, length: 0, origin: -1)]
    nodes.reserveCapacity(capacity + 2)
    count = sourceCount
    if sourceCount > 0 { root = makeNode(length: sourceCount, origin: 0) }
  }

  /// The diff of `patch` on a collection of `sourceCount` elements, with sorted parts.
  static func diff<Element>(
    of patch: [OrderedCollectionOperation<Element, Int>],
    sourceCount: Int
  ) -> OrderedCollectionDiff<Int> {
    precondition(sourceCount >= 0, "A collection cannot have \(sourceCount) elements")
    if patch.isEmpty { return OrderedCollectionDiff() }
    var tracker = PatchTracker(sourceCount: sourceCount, capacity: 2 * patch.count + 1)
    for (step, operation) in patch.enumerated() {
      tracker.apply(operation, step: step)
    }
    return tracker.finish()
  }

  private mutating func apply<Element>(_ operation: OrderedCollectionOperation<Element, Int>, step: Int) {
    switch operation {
    case .insert(_, let index):
      checkIndex(index, limit: count + 1, step: step, operation: "insert")
      let (before, after) = split(root, index)
      root = merge(merge(before, makeNode(length: 1, origin: -1)), after)
      count += 1
    case .delete(let index):
      checkIndex(index, limit: count, step: step, operation: "delete")
      let (before, node, after) = extract(index)
      if nodes[Int(node)].origin >= 0 { deletes.append(nodes[Int(node)].origin) }
      root = merge(before, after)
      count -= 1
    case .update(let index, _):
      checkIndex(index, limit: count, step: step, operation: "update")
      let (before, node, after) = extract(index)
      nodes[Int(node)].updated = true
      root = merge(merge(before, node), after)
    case .move(let from, let to):
      checkIndex(from, limit: count, step: step, operation: "move source")
      checkIndex(to, limit: count, step: step, operation: "move target")
      let (before, node, after) = extract(from)
      nodes[Int(node)].moved = true
      let (head, tail) = split(merge(before, after), to)
      root = merge(merge(head, node), tail)
    }
  }

  private func checkIndex(_ index: Int, limit: Int, step: Int, operation: String) {
    guard index < 0 || index >= limit else { return }
    let elementCount = operation == "insert" ? limit - 1 : limit
    preconditionFailure(
      "Index \(index) is out of range for a collection of \(elementCount) elements"
        + " (patch operation \(step), \(operation))"
    )
  }

  /// Splits the tree into the elements before `index`, the single-element node at `index`, and the
  /// elements after it.
  private mutating func extract(_ index: Int) -> (Int32, Int32, Int32) {
    let (before, rest) = split(root, index)
    let (node, after) = split(rest, 1)
    return (before, node, after)
  }

  private mutating func makeNode(length: Int, origin: Int) -> Int32 {
    // A deterministic hash of the node number gives treap priorities without global state.
    var mixed = UInt64(nodes.count) &* 0x9E37_79B9_7F4A_7C15
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    let priority = UInt32(truncatingIfNeeded: mixed ^ (mixed >> 31))
    nodes.append(Node(priority: priority, size: length, length: length, origin: origin))
    return Int32(nodes.count - 1)
  }

  private mutating func recompute(_ node: Int32) {
    let index = Int(node)
    nodes[index].size = nodes[Int(nodes[index].left)].size + nodes[index].length + nodes[Int(nodes[index].right)].size
  }

  /// Splits `tree` into its first `position` elements and the rest, cutting a run in two if needed.
  private mutating func split(_ tree: Int32, _ position: Int) -> (Int32, Int32) {
    if tree == 0 { return (0, 0) }
    let index = Int(tree)
    let leftSize = nodes[Int(nodes[index].left)].size
    let length = nodes[index].length
    if position <= leftSize {
      let (first, second) = split(nodes[index].left, position)
      nodes[index].left = second
      recompute(tree)
      return (first, tree)
    }
    if position >= leftSize + length {
      let (first, second) = split(nodes[index].right, position - leftSize - length)
      nodes[index].right = first
      recompute(tree)
      return (tree, second)
    }
    // The cut falls inside this run: keep its head here, move its tail to a new node.
    let headLength = position - leftSize
    let tail = makeNode(length: length - headLength, origin: nodes[index].origin + headLength)
    let right = nodes[index].right
    nodes[index].length = headLength
    nodes[index].right = 0
    recompute(tree)
    return (tree, merge(tail, right))
  }

  private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
    if first == 0 { return second }
    if second == 0 { return first }
    if nodes[Int(first)].priority >= nodes[Int(second)].priority {
      nodes[Int(first)].right = merge(nodes[Int(first)].right, second)
      recompute(first)
      return first
    } else {
      nodes[Int(second)].left = merge(first, nodes[Int(second)].left)
      recompute(second)
      return second
    }
  }

  /// Walks the final state in order and classifies every node.
  private func finish() -> OrderedCollectionDiff<Int> {
    var diff = OrderedCollectionDiff<Int>(deletes: deletes.sorted())
    var stack: [Int32] = []
    var current = root
    var position = 0
    while current != 0 || !stack.isEmpty {
      while current != 0 {
        stack.append(current)
        current = nodes[Int(current)].left
      }
      let node = nodes[Int(stack.removeLast())]
      if node.origin < 0 {
        diff.inserts.append(position)
      } else {
        if node.moved { diff.moves.append((from: node.origin, to: position)) }
        if node.updated { diff.updates.append(node.origin) }
      }
      position += node.length
      current = node.right
    }
    diff.updates.sort()
    diff.moves.sort { $0.from < $1.from }
    return diff
  }
}
