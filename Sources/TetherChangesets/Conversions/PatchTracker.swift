import TetherSynchronization

/// Follows every element through an ordered patch to derive its diff.
///
/// Source elements that no operation has addressed yet are not tracked one by one: the state is a
/// sequence of *entries*, each holding the *gap* of untouched source elements that come right before
/// it (a range of consecutive source offsets) and then, unless it is a *ghost*, one element of its
/// own (a source element some operation addressed, or an element the patch inserted). Initially
/// the state is one ghost whose gap is the whole source. An operation at offset `p` finds the entry
/// whose gap or element holds `p`; if `p` falls inside a gap, the part of the gap before `p` moves
/// to a new entry inserted just before. Moving or deleting an element leaves its gap behind in a
/// ghost. So there are at most 2k + 1 entries for k operations, whatever the size of the source.
///
/// The entries live in a counted B+ tree: leaves hold up to `leafCapacity` entries, inner nodes up
/// to `fanout` children with the element count of each. Finding offset `p` scans a few short
/// contiguous arrays per level, and inserting an entry shifts at most one leaf's entries and
/// splits full nodes on the way up. Entries are never removed (an empty ghost counts 0 elements),
/// so nodes never underflow. Each operation costs O(log k) with small, cache-friendly constants:
/// O((fanout + leafCapacity) · log k / log fanout).
@usableFromInline
struct PatchTracker: ~Copyable {
  private static let leafCapacity = 64
  private static let fanout = 32

  /// An entry's gap and element, apart from its element count (kept in `blocks`, which scans read).
  private struct Entry {
    /// Untouched source elements right before this entry's element.
    var gap: Int
    /// The source offset of the gap's first element.
    var gapOrigin: Int
    /// The source offset of this entry's element, or -1 for an element the patch inserted.
    var origin: Int
    var hasElement: Bool
    var moved = false
    var updated = false
    /// The patch step whose element this entry now holds (its insert or its last update), or -1
    /// for a source element never updated. Only ``layout(of:sourceCount:)`` reads it; an `Int32`
    /// keeps the entry at 32 bytes.
    var value: Int32 = -1

    var block: Int { hasElement ? gap + 1 : gap }
  }

  /// What a removed element was.
  private struct Taken {
    var origin: Int
    var moved: Bool
    var updated: Bool
    var value: Int32 = -1
  }

  // Plain buffers: the inner loops would otherwise spend most of their time on array uniqueness
  // and bounds checks. Leaf `l` owns slots `l * leafCapacity ..< (l + 1) * leafCapacity` of
  // `entries` and `blocks`; inner node `n` owns slots `n * fanout ..< (n + 1) * fanout` of
  // `children` and `sizes`.
  private let entries: UnsafeMutablePointer<Entry>
  private let blocks: UnsafeMutablePointer<Int>
  private let leafCounts: UnsafeMutablePointer<Int>
  private let children: UnsafeMutablePointer<Int32>
  private let sizes: UnsafeMutablePointer<Int>
  private let childCounts: UnsafeMutablePointer<Int>
  private let leafLimit: Int
  private let innerLimit: Int
  private var leafTotal = 1
  private var innerTotal = 0
  /// The root: a leaf when `height` is 0, an inner node otherwise.
  private var root: Int32 = 0
  private var height = 0
  private var count: Int
  private var deletes: [Int] = []
  /// The inner nodes and child slots from the root to the last located leaf.
  private let pathNodes: UnsafeMutablePointer<Int32>
  private let pathSlots: UnsafeMutablePointer<Int>
  private static let maximumHeight = 64

  private init(sourceCount: Int, operationCount: Int) {
    // Each operation adds at most two entries. Entries never leave their leaf but by a split, and a
    // split happens only after half a leaf's worth of insertions into it: at most one new leaf per
    // `leafCapacity / 2` entries.
    let entryLimit = 2 * operationCount + 2
    leafLimit = entryLimit / (Self.leafCapacity / 2) + 2
    innerLimit = leafLimit + Self.maximumHeight
    tetherPrecondition(leafLimit < Int(Int32.max), "A patch of \(operationCount) operations is too long to convert")
    entries = .allocate(capacity: leafLimit * Self.leafCapacity)
    blocks = .allocate(capacity: leafLimit * Self.leafCapacity)
    leafCounts = .allocate(capacity: leafLimit)
    children = .allocate(capacity: innerLimit * Self.fanout)
    sizes = .allocate(capacity: innerLimit * Self.fanout)
    childCounts = .allocate(capacity: innerLimit)
    pathNodes = .allocate(capacity: Self.maximumHeight)
    pathSlots = .allocate(capacity: Self.maximumHeight)
    count = sourceCount
    leafCounts[0] = 0
    if sourceCount > 0 {
      entries.initialize(to: Entry(gap: sourceCount, gapOrigin: 0, origin: -1, hasElement: false))
      blocks[0] = sourceCount
      leafCounts[0] = 1
    }
  }

  deinit {
    // `Entry` is a trivial type: the buffers need no deinitialization.
    entries.deallocate()
    blocks.deallocate()
    leafCounts.deallocate()
    children.deallocate()
    sizes.deallocate()
    childCounts.deallocate()
    pathNodes.deallocate()
    pathSlots.deallocate()
  }

  /// The diff of a patch (as element-free steps) on a collection of `sourceCount` elements, with
  /// sorted parts.
  @usableFromInline
  static func diff(of steps: [PatchStep], sourceCount: Int) -> OrderedCollectionDiff<Int> {
    tetherPrecondition(sourceCount >= 0, "A collection cannot have \(sourceCount) elements")
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
      put(Taken(origin: -1, moved: false, updated: false, value: Int32(truncatingIfNeeded: step)), at: index)
    case .delete:
      let index = operation.index
      checkIndex(index, limit: count, step: step, operation: "delete")
      let taken = take(at: index)
      if taken.origin >= 0 { deletes.append(taken.origin) }
    case .update:
      let index = operation.index
      checkIndex(index, limit: count, step: step, operation: "update")
      markUpdated(at: index, step: Int32(truncatingIfNeeded: step))
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
    tetherPreconditionFailure(
      "Index \(index) is out of range for a collection of \(elementCount) elements"
        + " (patch operation \(step), \(operation))"
    )
  }

  // MARK: Operations

  /// Marks the element at `index` updated, giving it an entry if it is untouched.
  private mutating func markUpdated(at index: Int, step: Int32) {
    let (slot, offset) = locate(index)
    if offset == entries[slot].gap {
      entries[slot].updated = true
      entries[slot].value = step
      return
    }
    // An untouched element: it and the part of the gap before it become a new entry.
    let gapOrigin = cutGap(slot, before: offset + 1)
    var touched = Entry(gap: offset, gapOrigin: gapOrigin, origin: gapOrigin + offset, hasElement: true)
    touched.updated = true
    touched.value = step
    insert(touched, at: index - offset)
  }

  /// Removes the element at `index` and says what it was.
  private mutating func take(at index: Int) -> Taken {
    let (slot, offset) = locate(index)
    count -= 1
    if offset == entries[slot].gap {
      let entry = entries[slot]
      entries[slot].hasElement = false
      entries[slot].moved = false
      entries[slot].updated = false
      entries[slot].value = -1
      blocks[slot] -= 1
      adjustPath(by: -1)
      return Taken(origin: entry.origin, moved: entry.moved, updated: entry.updated, value: entry.value)
    }
    // An untouched element: the part of the gap before it stays behind in a ghost.
    let gapOrigin = cutGap(slot, before: offset + 1)
    if offset > 0 {
      insert(Entry(gap: offset, gapOrigin: gapOrigin, origin: -1, hasElement: false), at: index - offset)
    }
    return Taken(origin: gapOrigin + offset, moved: false, updated: false)
  }

  /// Inserts an element so that it ends up at `index`.
  private mutating func put(_ element: Taken, at index: Int) {
    var offset = 0
    var gapOrigin = 0
    if index < count {
      let located = locate(index)
      offset = located.offset
      if offset > 0 {
        // Inside an entry: the new entry takes the part of its gap before `index`.
        gapOrigin = cutGap(located.slot, before: offset)
      }
    }
    var entry = Entry(gap: offset, gapOrigin: gapOrigin, origin: element.origin, hasElement: true)
    entry.moved = element.moved
    entry.updated = element.updated
    entry.value = element.value
    count += 1
    insert(entry, at: index - offset)
  }

  /// Takes the first `amount` elements of the gap of the entry in `slot` (the last located one) out
  /// of it, fixing the counts on its path, and returns their first source offset.
  private mutating func cutGap(_ slot: Int, before amount: Int) -> Int {
    let gapOrigin = entries[slot].gapOrigin
    entries[slot].gapOrigin += amount
    entries[slot].gap -= amount
    blocks[slot] -= amount
    adjustPath(by: -amount)
    return gapOrigin
  }

  // MARK: The tree

  /// The entry slot whose block holds the element at `index` and the element's offset in that
  /// block (below the entry's gap for an untouched element, equal to it for the entry's own
  /// element). Records the path in `pathNodes` and `pathSlots`.
  private func locate(_ index: Int) -> (slot: Int, offset: Int) {
    var node = root
    var position = index
    for level in 0..<height {
      let base = Int(node) * Self.fanout
      var child = 0
      while position >= sizes[base + child] {
        position -= sizes[base + child]
        child += 1
      }
      pathNodes[level] = node
      pathSlots[level] = child
      node = children[base + child]
    }
    var slot = Int(node) * Self.leafCapacity
    while position >= blocks[slot] {
      position -= blocks[slot]
      slot += 1
    }
    return (slot, position)
  }

  /// Adds `delta` to the counts on the last located path.
  private func adjustPath(by delta: Int) {
    for level in 0..<height {
      sizes[Int(pathNodes[level]) * Self.fanout + pathSlots[level]] += delta
    }
  }

  /// Inserts `entry` so that its block starts at `position`, which must be a block boundary.
  private mutating func insert(_ entry: Entry, at position: Int) {
    let added = entry.block
    var node = root
    var position = position
    for level in 0..<height {
      let base = Int(node) * Self.fanout
      let last = childCounts[Int(node)] - 1
      var child = 0
      while child < last && position >= sizes[base + child] {
        position -= sizes[base + child]
        child += 1
      }
      sizes[base + child] += added
      pathNodes[level] = node
      pathSlots[level] = child
      node = children[base + child]
    }
    let leaf = Int(node)
    let start = leaf * Self.leafCapacity
    var slot = start
    while position > 0 {
      position -= blocks[slot]
      slot += 1
    }
    assert(position == 0, "PatchTracker: insertion inside an entry")
    let end = start + leafCounts[leaf]
    (entries + slot + 1).moveInitialize(from: entries + slot, count: end - slot)
    (blocks + slot + 1).moveInitialize(from: blocks + slot, count: end - slot)
    (entries + slot).initialize(to: entry)
    blocks[slot] = added
    leafCounts[leaf] += 1
    if leafCounts[leaf] == Self.leafCapacity { splitLeaf(leaf) }
  }

  /// Splits a full leaf in two halves and records the new one in its parent (the last path).
  private mutating func splitLeaf(_ leaf: Int) {
    tetherPrecondition(leafTotal < leafLimit, "PatchTracker leaf storage overflow")
    let newLeaf = leafTotal
    leafTotal += 1
    let half = Self.leafCapacity / 2
    let from = leaf * Self.leafCapacity + half
    let to = newLeaf * Self.leafCapacity
    (entries + to).moveInitialize(from: entries + from, count: Self.leafCapacity - half)
    (blocks + to).moveInitialize(from: blocks + from, count: Self.leafCapacity - half)
    leafCounts[leaf] = half
    leafCounts[newLeaf] = Self.leafCapacity - half
    var moved = 0
    for slot in to..<(to + Self.leafCapacity - half) { moved += blocks[slot] }
    insertChild(Int32(newLeaf), size: moved, afterLevel: height)
  }

  /// Records `child`, holding `size` elements, right after the child followed at path level
  /// `level - 1` (the root gets a new parent when `level` is 0), splitting full inner nodes.
  private mutating func insertChild(_ child: Int32, size: Int, afterLevel level: Int) {
    if level == 0 {
      // The root was split: a new root holds the old one and `child`.
      let newRoot = newInnerNode()
      let base = newRoot * Self.fanout
      let total = count - size
      children[base] = root
      sizes[base] = total
      children[base + 1] = child
      sizes[base + 1] = size
      childCounts[newRoot] = 2
      root = Int32(newRoot)
      height += 1
      return
    }
    let node = Int(pathNodes[level - 1])
    let slot = pathSlots[level - 1]
    let base = node * Self.fanout
    let end = childCounts[node]
    sizes[base + slot] -= size
    (children + base + slot + 2).moveInitialize(from: children + base + slot + 1, count: end - slot - 1)
    (sizes + base + slot + 2).moveInitialize(from: sizes + base + slot + 1, count: end - slot - 1)
    children[base + slot + 1] = child
    sizes[base + slot + 1] = size
    childCounts[node] += 1
    if childCounts[node] == Self.fanout {
      let newNode = newInnerNode()
      let half = Self.fanout / 2
      let newBase = newNode * Self.fanout
      (children + newBase).moveInitialize(from: children + base + half, count: Self.fanout - half)
      (sizes + newBase).moveInitialize(from: sizes + base + half, count: Self.fanout - half)
      childCounts[node] = half
      childCounts[newNode] = Self.fanout - half
      var moved = 0
      for index in newBase..<(newBase + Self.fanout - half) { moved += sizes[index] }
      insertChild(Int32(newNode), size: moved, afterLevel: level - 1)
    }
  }

  private mutating func newInnerNode() -> Int {
    tetherPrecondition(innerTotal < innerLimit, "PatchTracker inner node storage overflow")
    innerTotal += 1
    return innerTotal - 1
  }

  // MARK: Result

  /// Checks in debug builds that every recorded count adds up and the tree holds `count` elements.
  private func _checkInvariants() {
    #if DEBUG
    func check(_ node: Int32, level: Int) -> Int {
      if level == height {
        let start = Int(node) * Self.leafCapacity
        var total = 0
        for slot in start..<(start + leafCounts[Int(node)]) {
          precondition(blocks[slot] == entries[slot].block, "PatchTracker: entry \(slot) miscounted")
          total += blocks[slot]
        }
        return total
      }
      let base = Int(node) * Self.fanout
      var total = 0
      for child in 0..<childCounts[Int(node)] {
        let size = check(children[base + child], level: level + 1)
        precondition(size == sizes[base + child], "PatchTracker: child \(child) of node \(node) miscounted")
        total += size
      }
      return total
    }
    precondition(check(root, level: 0) == count, "PatchTracker: the tree does not hold \(count) elements")
    #endif
  }

  /// The final state of a patch (as element-free steps) on a collection of `sourceCount` elements,
  /// as runs of untouched source elements and single elements, in order: what rebuilding the
  /// collection in one pass needs.
  ///
  /// - Precondition: Every index is in range for the state it applies to, and the patch has fewer
  ///   than `Int32.max` operations.
  /// - Complexity: O(k log k) for k operations, independent of `sourceCount`.
  @usableFromInline
  static func layout(of steps: [PatchStep], sourceCount: Int) -> [PatchLayoutPiece] {
    precondition(sourceCount >= 0, "A collection cannot have \(sourceCount) elements")
    precondition(steps.count < Int(Int32.max), "A patch of \(steps.count) operations is too long to lay out")
    if steps.isEmpty { return [PatchLayoutPiece(gapOrigin: 0, gap: sourceCount, element: -2, value: -1)] }
    var tracker = PatchTracker(sourceCount: sourceCount, operationCount: steps.count)
    for step in steps.indices {
      tracker.apply(steps[step], step: step)
    }
    var pieces: [PatchLayoutPiece] = []
    pieces.reserveCapacity(2 * steps.count + 1)
    tracker.visitEntries { entry in
      guard entry.gap > 0 || entry.hasElement else { return }
      pieces.append(
        PatchLayoutPiece(
          gapOrigin: entry.gapOrigin,
          gap: entry.gap,
          element: entry.hasElement ? (entry.value >= 0 ? -1 : entry.origin) : -2,
          value: entry.hasElement ? Int(entry.value) : -1
        )
      )
    }
    return pieces
  }

  /// Calls `body` with every entry, in order.
  private func visitEntries(_ body: (Entry) -> Void) {
    _checkInvariants()
    // Iterative: the height is at most `maximumHeight`, but a stack keeps it obviously bounded.
    var stack: [(node: Int32, level: Int)] = [(root, 0)]
    while let (node, level) = stack.popLast() {
      if level == height {
        let start = Int(node) * Self.leafCapacity
        for slot in start..<(start + leafCounts[Int(node)]) { body(entries[slot]) }
        continue
      }
      let base = Int(node) * Self.fanout
      for child in (0..<childCounts[Int(node)]).reversed() { stack.append((children[base + child], level + 1)) }
    }
  }

  /// Walks the entries in order and classifies every element.
  private func finish() -> OrderedCollectionDiff<Int> {
    _checkInvariants()
    var diff = OrderedCollectionDiff<Int>(deletes: deletes.sorted())
    var position = 0
    func visit(_ node: Int32, level: Int) {
      if level == height {
        let start = Int(node) * Self.leafCapacity
        for slot in start..<(start + leafCounts[Int(node)]) {
          let entry = entries[slot]
          position += entry.gap
          guard entry.hasElement else { continue }
          if entry.origin < 0 {
            diff.inserts.append(position)
          } else {
            if entry.moved { diff.moves.append((from: entry.origin, to: position)) }
            if entry.updated { diff.updates.append(entry.origin) }
          }
          position += 1
        }
        return
      }
      let base = Int(node) * Self.fanout
      for child in 0..<childCounts[Int(node)] { visit(children[base + child], level: level + 1) }
    }
    visit(root, level: 0)
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

  /// The steps of `patch`, in order.
  @inlinable
  static func steps<Element>(of patch: [OrderedCollectionOperation<Element, Int>]) -> [PatchStep] {
    var steps: [PatchStep] = []
    steps.reserveCapacity(patch.count)
    for operation in patch {
      switch operation {
      case .insert(_, let index): steps.append(PatchStep(kind: .insert, index: index))
      case .delete(let index): steps.append(PatchStep(kind: .delete, index: index))
      case .update(let index, _): steps.append(PatchStep(kind: .update, index: index))
      case .move(let from, let to): steps.append(PatchStep(kind: .move, index: from, target: to))
      }
    }
    return steps
  }

  @inlinable
  init(kind: Kind, index: Int, target: Int = 0) {
    self.kind = kind
    self.index = index
    self.target = target
  }
}

/// One piece of a patch's final state (see `PatchTracker.layout(of:sourceCount:)`): `gap`
/// untouched source elements starting at source offset `gapOrigin`, then, unless `element` is -2,
/// one element: the source element at offset `element`, or (when `element` is -1) the element of
/// patch operation `value` (the insert that made it or the last update of it).
@usableFromInline
struct PatchLayoutPiece {
  @usableFromInline var gapOrigin: Int
  @usableFromInline var gap: Int
  @usableFromInline var element: Int
  @usableFromInline var value: Int

  @usableFromInline
  init(gapOrigin: Int, gap: Int, element: Int, value: Int) {
    self.gapOrigin = gapOrigin
    self.gap = gap
    self.element = element
    self.value = value
  }
}
