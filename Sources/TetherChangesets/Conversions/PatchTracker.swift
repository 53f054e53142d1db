/// Follows every element through an ordered patch to derive its diff.
///
/// The current state of the collection is a treap (a randomized balanced tree ordered by position,
/// each node counting the elements of its subtree) whose nodes are either a *run* of consecutive
/// source elements that no operation has addressed yet, or a single element (a source element some
/// operation addressed, or an element the patch inserted). An operation at offset `p` cuts the run
/// holding `p` if needed, so the tree never has more than 3k + 1 nodes for k operations and each
/// operation costs O(log k) expected, however large the collection is. Removals and insertions are
/// single top-down passes (deleting a treap node merges its two subtrees, which costs O(1) expected
/// rotations), which keeps the constant small.
@usableFromInline
struct PatchTracker: ~Copyable {
  private struct Node {
    var left: Int32 = 0
    var right: Int32 = 0
    var priority: UInt32
    var moved = false
    var updated = false
    /// Elements in this subtree.
    var size: Int
    /// Elements in this node: the run length, or 1.
    var length: Int
    /// The source offset of the run's first element, or -1 for an element the patch inserted.
    var origin: Int
  }

  /// Node 0 is the empty tree. The tracker owns this storage: a plain pointer, because the tree's
  /// inner loops would otherwise spend most of their time on array uniqueness and bounds checks.
  private let nodes: UnsafeMutablePointer<Node>
  private let capacity: Int
  private var nodeCount = 0
  private var root: Int32 = 0
  private var count: Int
  private var deletes: [Int] = []

  private init(sourceCount: Int, operationCount: Int) {
    // Each operation adds at most three nodes: a run tail cut by a removal, a moved element's
    // node, and a run tail cut by an insertion.
    capacity = 3 * operationCount + 2
    precondition(capacity < Int(Int32.max), "A patch of \(operationCount) operations is too long to convert")
    nodes = .allocate(capacity: capacity)
    count = sourceCount
    nodes.initialize(to: Node(priority: 0, size: 0, length: 0, origin: -1))
    nodeCount = 1
    if sourceCount > 0 { root = makeNode(length: sourceCount, origin: 0) }
  }

  deinit {
    nodes.deinitialize(count: nodeCount)
    nodes.deallocate()
  }

  /// The diff of a patch (as element-free steps) on a collection of `sourceCount` elements, with
  /// sorted parts.
  @usableFromInline
  static func diff(of steps: [PatchStep], sourceCount: Int) -> OrderedCollectionDiff<Int> {
    precondition(sourceCount >= 0, "A collection cannot have \(sourceCount) elements")
    if steps.isEmpty { return OrderedCollectionDiff() }
    var tracker = PatchTracker(sourceCount: sourceCount, operationCount: steps.count)
    for step in steps.indices {
      tracker.apply(steps[step], step: step)
    }
    return tracker.finish()
  }

  private mutating func apply(_ operation: PatchStep, step: Int) {
    switch operation.kind {
    case .insert:
      let index = operation.index
      checkIndex(index, limit: count + 1, step: step, operation: "insert")
      root = insert(makeNode(length: 1, origin: -1), into: root, at: index)
      count += 1
    case .delete:
      let index = operation.index
      checkIndex(index, limit: count, step: step, operation: "delete")
      let origin = nodes[Int(remove(at: index))].origin
      if origin >= 0 { deletes.append(origin) }
      count -= 1
    case .update:
      let index = operation.index
      checkIndex(index, limit: count, step: step, operation: "update")
      if let single = singleNode(at: index) {
        nodes[Int(single)].updated = true
      } else {
        let node = remove(at: index)
        nodes[Int(node)].updated = true
        root = insert(node, into: root, at: index)
      }
    case .move:
      let (from, to) = (operation.index, operation.target)
      checkIndex(from, limit: count, step: step, operation: "move source")
      checkIndex(to, limit: count, step: step, operation: "move target")
      let node = remove(at: from)
      nodes[Int(node)].moved = true
      root = insert(node, into: root, at: to)
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

  private mutating func makeNode(length: Int, origin: Int) -> Int32 {
    precondition(nodeCount < capacity, "PatchTracker node storage overflow")
    // A deterministic hash of the node number gives treap priorities without global state.
    var mixed = UInt64(nodeCount) &* 0x9E37_79B9_7F4A_7C15
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    let priority = UInt32(truncatingIfNeeded: mixed ^ (mixed >> 31))
    (nodes + nodeCount).initialize(to: Node(priority: priority, size: length, length: length, origin: origin))
    nodeCount += 1
    return Int32(nodeCount - 1)
  }

  private mutating func recompute(_ node: Int32) {
    let index = Int(node)
    nodes[index].size = nodes[Int(nodes[index].left)].size + nodes[index].length + nodes[Int(nodes[index].right)].size
  }

  /// The node holding the element at `index` when it holds only that element (not part of a run).
  private func singleNode(at index: Int) -> Int32? {
    var current = root
    var position = index
    while current != 0 {
      let node = nodes[Int(current)]
      let leftSize = nodes[Int(node.left)].size
      if position < leftSize {
        current = node.left
      } else if position < leftSize + node.length {
        return node.length == 1 ? current : nil
      } else {
        position -= leftSize + node.length
        current = node.right
      }
    }
    return nil
  }

  /// Removes the element at `index` from the tree and returns a detached single-element node for it
  /// (its own node, or a new one when it was part of a run).
  private mutating func remove(at index: Int) -> Int32 {
    var parent: Int32 = 0
    var isLeftChild = false
    var current = root
    var position = index
    while true {
      let slot = Int(current)
      // The element leaves this subtree, whichever node holds it.
      nodes[slot].size -= 1
      let leftSize = nodes[Int(nodes[slot].left)].size
      if position < leftSize {
        (parent, isLeftChild, current) = (current, true, nodes[slot].left)
        continue
      }
      position -= leftSize
      let length = nodes[slot].length
      if position >= length {
        position -= length
        (parent, isLeftChild, current) = (current, false, nodes[slot].right)
        continue
      }
      if length == 1 {
        setChild(of: parent, isLeft: isLeftChild, to: merge(nodes[slot].left, nodes[slot].right))
        nodes[slot].left = 0
        nodes[slot].right = 0
        nodes[slot].size = 1
        return current
      }
      // Take one element out of a run: shorten it at either end, or cut it around the element.
      let origin = nodes[slot].origin + position
      if position == 0 {
        nodes[slot].origin += 1
        nodes[slot].length -= 1
      } else if position == length - 1 {
        nodes[slot].length -= 1
      } else {
        nodes[slot].length = position
        let tail = makeNode(length: length - position - 1, origin: origin + 1)
        nodes[slot].right = insert(tail, into: nodes[slot].right, at: 0)
      }
      return makeNode(length: 1, origin: origin)
    }
  }

  /// Inserts the detached node `new` into `tree` so that its first element is at `position`, and
  /// returns the root of the resulting tree.
  private mutating func insert(_ new: Int32, into tree: Int32, at position: Int) -> Int32 {
    let added = nodes[Int(new)].length
    let priority = nodes[Int(new)].priority
    var top = tree
    var parent: Int32 = 0
    var isLeftChild = false
    var current = tree
    var position = position
    while current != 0 && nodes[Int(current)].priority >= priority {
      let slot = Int(current)
      nodes[slot].size += added
      let leftSize = nodes[Int(nodes[slot].left)].size
      let length = nodes[slot].length
      if position <= leftSize {
        (parent, isLeftChild, current) = (current, true, nodes[slot].left)
      } else if position >= leftSize + length {
        position -= leftSize + length
        (parent, isLeftChild, current) = (current, false, nodes[slot].right)
      } else {
        // The position falls inside this run: keep its head here, move its tail to the front of the
        // right subtree, and put the new node before that tail.
        let headLength = position - leftSize
        let tail = makeNode(length: length - headLength, origin: nodes[slot].origin + headLength)
        nodes[slot].length = headLength
        nodes[slot].right = insert(tail, into: nodes[slot].right, at: 0)
        position = 0
        (parent, isLeftChild, current) = (current, false, nodes[slot].right)
      }
    }
    let (before, after) = split(current, position)
    nodes[Int(new)].left = before
    nodes[Int(new)].right = after
    recompute(new)
    if parent == 0 {
      top = new
    } else if isLeftChild {
      nodes[Int(parent)].left = new
    } else {
      nodes[Int(parent)].right = new
    }
    return top
  }

  private mutating func setChild(of parent: Int32, isLeft: Bool, to child: Int32) {
    if parent == 0 {
      root = child
    } else if isLeft {
      nodes[Int(parent)].left = child
    } else {
      nodes[Int(parent)].right = child
    }
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

/// One patch operation without its element: what ``PatchTracker`` needs, in a form that keeps the
/// tracker's loop free of generic code.
@usableFromInline
struct PatchStep {
  @usableFromInline
  enum Kind: UInt8 {
    case insert
    case delete
    case update
    case move
  }

  @usableFromInline var kind: Kind
  /// The operation's index (a move's source).
  @usableFromInline var index: Int
  /// A move's target; 0 otherwise.
  @usableFromInline var target: Int

  @inlinable
  init(kind: Kind, index: Int, target: Int = 0) {
    self.kind = kind
    self.index = index
    self.target = target
  }
}
