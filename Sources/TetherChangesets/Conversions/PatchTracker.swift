/// Follows every element through an ordered patch to derive its diff.
///
/// The current state of the collection is a treap (a randomized balanced tree ordered by position,
/// each node counting the elements of its subtree). Source elements that no operation has
/// addressed yet are not nodes: each node carries the *gap* of such untouched elements that come
/// right before it (a range of consecutive source offsets), then, unless it is a *ghost*, one
/// element of its own (a source element some operation addressed, or an element the patch
/// inserted). Initially the tree is one ghost whose gap is the whole source.
///
/// An operation at offset `p` finds the node whose gap or element holds `p` (one descent), and if
/// `p` falls inside a gap it cuts the gap: the part before `p` moves to a new node inserted just
/// before, from the root and with a fresh random priority, so the tree stays a treap. A move or
/// delete of an element leaves its gap behind in a ghost (removed once its gap is empty). So the
/// tree has at most 2k + 1 nodes for k operations and each operation costs O(log k) expected,
/// however large the collection is.
@usableFromInline
struct PatchTracker: ~Copyable {
  private struct Node {
    var left: Int32 = 0
    var right: Int32 = 0
    var priority: UInt32
    var hasElement: Bool
    var moved = false
    var updated = false
    /// Elements in this subtree.
    var size: Int
    /// Untouched source elements right before this node's element.
    var gap: Int
    /// The source offset of the gap's first element.
    var gapOrigin: Int
    /// The source offset of this node's element, or -1 for an element the patch inserted.
    var origin: Int

    /// Elements in this node: its gap and its own element.
    var block: Int { hasElement ? gap + 1 : gap }
  }

  /// What a removed element was.
  private struct Taken {
    var origin: Int
    var moved: Bool
    var updated: Bool
  }

  /// Node 0 is the empty tree. The tracker owns this storage: a plain pointer, because the tree's
  /// inner loops would otherwise spend most of their time on array uniqueness and bounds checks.
  private let nodes: UnsafeMutablePointer<Node>
  private let capacity: Int
  private var nodeCount = 0
  private var root: Int32 = 0
  private var count: Int
  private var deletes: [Int] = []
  /// The nodes from the root to the last located node (a plain buffer, grown when needed, for the
  /// same reason as `nodes`).
  private var path: UnsafeMutablePointer<Int32>
  private var pathCapacity = 64
  private var pathCount = 0

  private init(sourceCount: Int, operationCount: Int) {
    // Each operation adds at most two nodes: a ghost for a cut gap and a node for the element.
    capacity = 2 * operationCount + 2
    precondition(capacity < Int(Int32.max), "A patch of \(operationCount) operations is too long to convert")
    nodes = .allocate(capacity: capacity)
    count = sourceCount
    nodes.initialize(
      to: Node(priority: 0, hasElement: false, size: 0, gap: 0, gapOrigin: 0, origin: -1)
    )
    nodeCount = 1
    path = .allocate(capacity: pathCapacity)
    if sourceCount > 0 {
      root = makeNode(hasElement: false, gap: sourceCount, gapOrigin: 0, origin: -1)
    }
  }

  deinit {
    nodes.deinitialize(count: nodeCount)
    nodes.deallocate()
    path.deallocate()
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
      put(Taken(origin: -1, moved: false, updated: false), at: index)
    case .delete:
      let index = operation.index
      checkIndex(index, limit: count, step: step, operation: "delete")
      let taken = take(at: index)
      if taken.origin >= 0 { deletes.append(taken.origin) }
    case .update:
      let index = operation.index
      checkIndex(index, limit: count, step: step, operation: "update")
      nodes[Int(touch(at: index))].updated = true
    case .move:
      let (from, to) = (operation.index, operation.target)
      checkIndex(from, limit: count, step: step, operation: "move source")
      checkIndex(to, limit: count, step: step, operation: "move target")
      var taken = take(at: from)
      taken.moved = true
      put(taken, at: to)
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

  private mutating func makeNode(hasElement: Bool, gap: Int, gapOrigin: Int, origin: Int) -> Int32 {
    precondition(nodeCount < capacity, "PatchTracker node storage overflow")
    // A deterministic hash of the node number gives treap priorities without global state.
    var mixed = UInt64(nodeCount) &* 0x9E37_79B9_7F4A_7C15
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    let priority = UInt32(truncatingIfNeeded: mixed ^ (mixed >> 31))
    let size = hasElement ? gap + 1 : gap
    (nodes + nodeCount).initialize(
      to: Node(priority: priority, hasElement: hasElement, size: size, gap: gap, gapOrigin: gapOrigin, origin: origin)
    )
    nodeCount += 1
    return Int32(nodeCount - 1)
  }

  private mutating func recompute(_ node: Int32) {
    let index = Int(node)
    nodes[index].size = nodes[Int(nodes[index].left)].size + nodes[index].block + nodes[Int(nodes[index].right)].size
  }

  /// The node whose block holds the element at `index` and the element's offset in that block
  /// (below the node's gap for an untouched element, equal to it for the node's own element).
  /// Records the path from the root in `path`.
  private mutating func locate(_ index: Int) -> (node: Int32, offset: Int) {
    pathCount = 0
    var current = root
    var position = index
    while true {
      if pathCount == pathCapacity {
        let larger = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * pathCapacity)
        larger.update(from: path, count: pathCount)
        path.deallocate()
        path = larger
        pathCapacity *= 2
      }
      path[pathCount] = current
      pathCount += 1
      let slot = Int(current)
      let leftSize = nodes[Int(nodes[slot].left)].size
      if position < leftSize {
        current = nodes[slot].left
        continue
      }
      position -= leftSize
      let block = nodes[slot].block
      if position < block { return (current, position) }
      position -= block
      current = nodes[slot].right
    }
  }

  /// Removes `amount` elements from the block of the last located node (its gap or its element,
  /// as the caller has already recorded), fixing the sizes on its path; removes the node once its
  /// block is empty.
  private mutating func shrinkLocated(by amount: Int) {
    for step in 0..<pathCount { nodes[Int(path[step])].size -= amount }
    let node = path[pathCount - 1]
    let slot = Int(node)
    guard nodes[slot].block == 0 else { return }
    let merged = merge(nodes[slot].left, nodes[slot].right)
    if pathCount == 1 {
      root = merged
    } else {
      let parent = Int(path[pathCount - 2])
      if nodes[parent].left == node { nodes[parent].left = merged } else { nodes[parent].right = merged }
    }
  }

  /// Cuts the located node's gap before `offset`: its first `offset` untouched elements move to a
  /// new node placed just before it. Returns the cut part's gap origin.
  private mutating func cutLocatedGap(_ node: Int32, before offset: Int) -> Int {
    let slot = Int(node)
    let gapOrigin = nodes[slot].gapOrigin
    nodes[slot].gapOrigin += offset
    nodes[slot].gap -= offset
    return gapOrigin
  }

  /// The node whose own element is the element at `index`, making one if it is untouched.
  private mutating func touch(at index: Int) -> Int32 {
    let (node, offset) = locate(index)
    if offset == nodes[Int(node)].gap { return node }
    // An untouched element: it and the gap before it become a new node before this one.
    let gapOrigin = cutLocatedGap(node, before: offset + 1)
    shrinkLocated(by: offset + 1)
    let touched = makeNode(hasElement: true, gap: offset, gapOrigin: gapOrigin, origin: gapOrigin + offset)
    root = insert(touched, at: index - offset)
    return touched
  }

  /// Removes the element at `index` and says what it was.
  private mutating func take(at index: Int) -> Taken {
    count -= 1
    let (node, offset) = locate(index)
    let slot = Int(node)
    if offset == nodes[slot].gap {
      let taken = Taken(origin: nodes[slot].origin, moved: nodes[slot].moved, updated: nodes[slot].updated)
      nodes[slot].hasElement = false
      nodes[slot].moved = false
      nodes[slot].updated = false
      shrinkLocated(by: 1)
      return taken
    }
    // An untouched element: the gap before it stays behind in a ghost.
    let gapOrigin = cutLocatedGap(node, before: offset + 1)
    shrinkLocated(by: offset + 1)
    if offset > 0 {
      root = insert(makeNode(hasElement: false, gap: offset, gapOrigin: gapOrigin, origin: -1), at: index - offset)
    }
    return Taken(origin: gapOrigin + offset, moved: false, updated: false)
  }

  /// Inserts an element so that it ends up at `index`.
  private mutating func put(_ element: Taken, at index: Int) {
    defer { count += 1 }
    var offset = 0
    var gapOrigin = 0
    if index < count {
      let located = locate(index)
      offset = located.offset
      if offset > 0 {
        // Inside a block: the new node takes the gap before `index`.
        gapOrigin = cutLocatedGap(located.node, before: offset)
        shrinkLocated(by: offset)
      }
    }
    let node = makeNode(hasElement: true, gap: offset, gapOrigin: gapOrigin, origin: element.origin)
    nodes[Int(node)].moved = element.moved
    nodes[Int(node)].updated = element.updated
    root = insert(node, at: index - offset)
  }

  /// Inserts the detached node `new` so that its block starts at `position`, which must be a block
  /// boundary.
  private mutating func insert(_ new: Int32, at position: Int) -> Int32 {
    let added = nodes[Int(new)].size
    let priority = nodes[Int(new)].priority
    var parent: Int32 = 0
    var isLeftChild = false
    var current = root
    var position = position
    while current != 0 && nodes[Int(current)].priority >= priority {
      let slot = Int(current)
      nodes[slot].size += added
      let leftSize = nodes[Int(nodes[slot].left)].size
      if position <= leftSize {
        (parent, isLeftChild, current) = (current, true, nodes[slot].left)
      } else {
        position -= leftSize + nodes[slot].block
        assert(position >= 0, "PatchTracker: insertion inside a block")
        (parent, isLeftChild, current) = (current, false, nodes[slot].right)
      }
    }
    let (before, after) = split(current, position)
    nodes[Int(new)].left = before
    nodes[Int(new)].right = after
    recompute(new)
    if parent == 0 { return new }
    if isLeftChild {
      nodes[Int(parent)].left = new
    } else {
      nodes[Int(parent)].right = new
    }
    return root
  }

  /// Splits `tree` into its first `position` elements and the rest; `position` is a block boundary.
  private mutating func split(_ tree: Int32, _ position: Int) -> (Int32, Int32) {
    if tree == 0 { return (0, 0) }
    let index = Int(tree)
    let leftSize = nodes[Int(nodes[index].left)].size
    if position <= leftSize {
      let (first, second) = split(nodes[index].left, position)
      nodes[index].left = second
      recompute(tree)
      return (first, tree)
    }
    let (first, second) = split(nodes[index].right, position - leftSize - nodes[index].block)
    nodes[index].right = first
    recompute(tree)
    return (tree, second)
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

  /// Checks in debug builds that every node's size adds up, priorities form a heap, no node is
  /// empty, and the tree holds `count` elements.
  private func _checkInvariants() {
    #if DEBUG
    func check(_ node: Int32) -> Int {
      if node == 0 { return 0 }
      let entry = nodes[Int(node)]
      precondition(entry.block > 0, "PatchTracker: empty node \(node)")
      for child in [entry.left, entry.right] where child != 0 {
        precondition(nodes[Int(child)].priority <= entry.priority, "PatchTracker: heap order broken at \(node)")
      }
      let size = check(entry.left) + entry.block + check(entry.right)
      precondition(size == entry.size, "PatchTracker: node \(node) counts \(entry.size) elements, holds \(size)")
      return size
    }
    precondition(check(root) == count, "PatchTracker: the tree does not hold \(count) elements")
    #endif
  }

  /// Walks the final state in order and classifies every node's element.
  private func finish() -> OrderedCollectionDiff<Int> {
    _checkInvariants()
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
      position += node.gap
      if node.hasElement {
        if node.origin < 0 {
          diff.inserts.append(position)
        } else {
          if node.moved { diff.moves.append((from: node.origin, to: position)) }
          if node.updated { diff.updates.append(node.origin) }
        }
        position += 1
      }
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
