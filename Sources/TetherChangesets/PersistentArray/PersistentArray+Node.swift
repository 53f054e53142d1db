/// One node of a `PersistentArray`'s B+ tree: a leaf holding elements, or an index node holding
/// children and their element counts.
///
/// A node is mutated only while it is uniquely referenced (copy-on-write, checked on the way down
/// from the root); a node reachable from two lists is never changed, which is what makes copies
/// O(1) and snapshots immutable.
///
/// Shape, checked by `_checkInvariants()`: every leaf is at height 0 and every child is one level
/// below its parent; a node holds at most `capacity` entries; every node holds at least half that
/// unless it is on the root's right spine (the root, its last child, that child's last child,
/// ...), where appends leave full nodes behind them instead of splitting in half; only the root
/// may be empty, and an index root has at least two children.
///
/// Allowing small nodes only on the root's spine, not at the end of every node, is what keeps
/// `replaceSubrange` within O(log n + k) node operations: the right spine of any other subtree is
/// at least half full, so the seams that cutting a suffix joins are repaired in O(1) levels each
/// (see `suffix(of:from:)`).
@usableFromInline
internal final class _PersistentArrayNode<Element> {
  /// The elements of a leaf (empty in an index node).
  @usableFromInline internal var elements: ContiguousArray<Element>

  /// The children of an index node (empty in a leaf).
  @usableFromInline internal var children: ContiguousArray<_PersistentArrayNode<Element>>

  /// The element count of each child, kept beside the children so that finding a child reads
  /// one small contiguous array instead of touching every child.
  @usableFromInline internal var childCounts: ContiguousArray<Int>

  /// The number of elements under this node.
  @usableFromInline internal var count: Int

  /// 0 for a leaf, one more than its children's for an index node.
  @usableFromInline internal let height: Int

  @inlinable
  internal init(leaf elements: ContiguousArray<Element>) {
    self.elements = elements
    self.children = []
    self.childCounts = []
    self.count = elements.count
    self.height = 0
  }

  @inlinable
  internal init(
    height: Int,
    children: ContiguousArray<_PersistentArrayNode<Element>>,
    childCounts: ContiguousArray<Int>
  ) {
    self.elements = []
    self.children = children
    self.childCounts = childCounts
    var total = 0
    for childCount in childCounts { total &+= childCount }
    self.count = total
    self.height = height
  }

  /// A shallow copy: the element and child buffers are shared until one side writes to them.
  @inlinable
  internal func copy() -> _PersistentArrayNode<Element> {
    if height == 0 {
      return _PersistentArrayNode(leaf: elements)
    }
    let node = _PersistentArrayNode(height: height, children: children, childCounts: childCounts)
    return node
  }

  // MARK: Capacities

  /// Elements per leaf: 64, fewer for large elements so that a leaf copied on write stays near
  /// 2 KiB; at least 16.
  @inlinable
  internal static var leafCapacity: Int {
    Swift.max(16, Swift.min(64, 2048 / Swift.max(1, MemoryLayout<Element>.stride)))
  }

  /// Children per index node.
  @inlinable
  internal static var branchCapacity: Int { 32 }

  /// The capacity of a node at `height`.
  @inlinable
  internal static func capacity(height: Int) -> Int {
    height == 0 ? leafCapacity : branchCapacity
  }

  /// The number of entries (elements or children) this node holds.
  @inlinable
  internal var entryCount: Int {
    height == 0 ? elements.count : children.count
  }

  /// Whether this node holds fewer entries than a node off the root's right spine must.
  @inlinable
  internal var isUnderfull: Bool {
    entryCount < Self.capacity(height: height) / 2
  }

  // MARK: Building

  /// Builds a tree of full nodes from `elements`; the last at each level may hold fewer, and it is
  /// on the root's right spine.
  ///
  /// - Complexity: O(n).
  @inlinable
  internal static func build(from elements: ContiguousArray<Element>) -> _PersistentArrayNode<Element> {
    let leafCapacity = Self.leafCapacity
    if elements.count <= leafCapacity {
      return _PersistentArrayNode(leaf: elements)
    }
    var level = ContiguousArray<_PersistentArrayNode<Element>>()
    level.reserveCapacity((elements.count + leafCapacity - 1) / leafCapacity)
    var start = 0
    while start < elements.count {
      let end = Swift.min(start + leafCapacity, elements.count)
      level.append(_PersistentArrayNode(leaf: ContiguousArray(elements[start..<end])))
      start = end
    }
    var height = 1
    while level.count > 1 {
      var parents = ContiguousArray<_PersistentArrayNode<Element>>()
      parents.reserveCapacity((level.count + branchCapacity - 1) / branchCapacity)
      var first = 0
      while first < level.count {
        let end = Swift.min(first + branchCapacity, level.count)
        let children = ContiguousArray(level[first..<end])
        var counts = ContiguousArray<Int>()
        counts.reserveCapacity(children.count)
        for child in children { counts.append(child.count) }
        parents.append(_PersistentArrayNode(height: height, children: children, childCounts: counts))
        first = end
      }
      level = parents
      height += 1
    }
    return level[0]
  }

  // MARK: Finding

  /// The child holding the element at `offset` and the offset within it; an offset equal to
  /// `count` (an insertion at the end) resolves to the last child.
  ///
  /// - Complexity: O(branchCapacity).
  @inlinable @inline(__always)
  internal func child(containing offset: Int) -> (index: Int, offset: Int) {
    var remaining = offset
    var index = 0
    let last = childCounts.count - 1
    while index < last {
      let childCount = childCounts[index]
      if remaining < childCount { break }
      remaining -= childCount
      index += 1
    }
    return (index, remaining)
  }

  /// The element at `offset` under this node.
  ///
  /// - Complexity: O(log n).
  @inlinable
  internal func element(at offset: Int) -> Element {
    var node = self
    var remaining = offset
    while node.height > 0 {
      let (index, inner) = node.child(containing: remaining)
      node = node.children[index]
      remaining = inner
    }
    return node.elements[remaining]
  }

  /// Makes the child at `index` uniquely referenced by this (unique) node and returns it.
  @inlinable
  internal func uniqueChild(_ index: Int) -> _PersistentArrayNode<Element> {
    if !isKnownUniquelyReferenced(&children[index]) {
      children[index] = children[index].copy()
    }
    return children[index]
  }

  /// The leaf holding `offset` and the offset within it, made unique on the way down.
  ///
  /// - Complexity: O(log n).
  @inlinable
  internal func uniqueLeaf(containing offset: Int) -> (leaf: _PersistentArrayNode<Element>, offset: Int) {
    var node = self
    var remaining = offset
    while node.height > 0 {
      let (index, inner) = node.child(containing: remaining)
      node = node.uniqueChild(index)
      remaining = inner
    }
    return (node, remaining)
  }

  // MARK: Inserting

  /// Inserts `element` at `offset` under this (unique) node; returns the new right sibling when
  /// the node had to split.
  ///
  /// A node full at the end of the list (an append) keeps its entries and starts a new sibling
  /// holding only the new one, so appends leave full nodes behind (an offset can equal a node's
  /// count only on the root's right spine, so the small sibling is on it); elsewhere a full leaf first
  /// moves elements to a neighbor leaf that has room (`makeRoomInFullLeaf(at:for:)`), and a node
  /// that still overflows splits in half.
  ///
  /// - Complexity: O(log n).
  @inlinable
  internal func insert(_ element: Element, at offset: Int) -> _PersistentArrayNode<Element>? {
    if height == 0 {
      let capacity = Self.leafCapacity
      if elements.count < capacity {
        elements.insert(element, at: offset)
        count += 1
        return nil
      }
      var right = ContiguousArray<Element>()
      right.reserveCapacity(capacity)
      if offset == elements.count {
        right.append(element)
        return _PersistentArrayNode(leaf: right)
      }
      let half = elements.count / 2
      right.append(contentsOf: elements[half...])
      elements.removeSubrange(half...)
      if offset <= half {
        elements.insert(element, at: offset)
      } else {
        right.insert(element, at: offset - half)
      }
      count = elements.count
      return _PersistentArrayNode(leaf: right)
    }
    var (index, inner) = child(containing: offset)
    if height == 1 && childCounts[index] == Self.leafCapacity && inner < childCounts[index] {
      (index, inner) = makeRoomInFullLeaf(at: index, for: inner)
    }
    let child = uniqueChild(index)
    let split = child.insert(element, at: inner)
    childCounts[index] = child.count
    count += 1
    guard let split else { return nil }
    children.insert(split, at: index + 1)
    childCounts.insert(split.count, at: index + 1)
    return splitIfOverfull(appendedAtEnd: index + 2 == children.count && split.entryCount == 1)
  }

  /// Before an insertion at `offset` inside the full leaf at `index` (a child of this unique
  /// node, at height 1), moves some of that leaf's elements to a neighbor leaf that has room,
  /// so that the insertion does not split it; returns where the insertion goes now (the same leaf
  /// or the neighbor, and the offset there).
  ///
  /// Splitting in half leaves two half-full leaves behind, so random insertions alone fill leaves
  /// to about two thirds (ln 2) on average; sharing with a neighbor first, as B*-trees do, fills
  /// them to more than four fifths, for the memory an element costs (issue 24: within 1.5x of an
  /// array's). The leaf moves half the difference between the two counts, so a run of insertions
  /// at one place does not shift elements at every step. Guarantees kept: the elements and their
  /// order; every leaf holds at most `leafCapacity` elements and a non-last one at least half
  /// (the full leaf gives at most half of what it holds, the neighbor only grows); both leaves
  /// are made unique first, so a list sharing them (a snapshot) never changes.
  ///
  /// - Complexity: O(leafCapacity).
  @inlinable
  internal func makeRoomInFullLeaf(at index: Int, for offset: Int) -> (index: Int, offset: Int) {
    let capacity = Self.leafCapacity
    let full = childCounts[index]
    if index > 0 && childCounts[index - 1] < capacity {
      let leftCount = childCounts[index - 1]
      let moved = Swift.max(1, (full - leftCount) / 2)
      let left = uniqueChild(index - 1)
      let leaf = uniqueChild(index)
      // A neighbor whose buffer was made for fewer elements gets a full leaf's buffer at once,
      // rather than one grown by doubling past it.
      if left.elements.capacity < leftCount + moved { left.elements.reserveCapacity(capacity) }
      left.elements.append(contentsOf: leaf.elements[..<moved])
      leaf.elements.removeSubrange(..<moved)
      left.count = left.elements.count
      leaf.count = leaf.elements.count
      childCounts[index - 1] = left.count
      childCounts[index] = leaf.count
      return offset < moved ? (index - 1, leftCount + offset) : (index, offset - moved)
    }
    if index + 1 < children.count && childCounts[index + 1] < capacity {
      let rightCount = childCounts[index + 1]
      let moved = Swift.max(1, (full - rightCount) / 2)
      let right = uniqueChild(index + 1)
      let leaf = uniqueChild(index)
      if right.elements.capacity < rightCount + moved { right.elements.reserveCapacity(capacity) }
      let kept = full - moved
      right.elements.insert(contentsOf: leaf.elements[kept...], at: 0)
      leaf.elements.removeSubrange(kept...)
      right.count = right.elements.count
      leaf.count = leaf.elements.count
      childCounts[index + 1] = right.count
      childCounts[index] = leaf.count
      return offset <= kept ? (index, offset) : (index + 1, offset - kept)
    }
    return (index, offset)
  }

  /// Splits this index node when it holds more children than it may.
  @inlinable
  internal func splitIfOverfull(appendedAtEnd: Bool) -> _PersistentArrayNode<Element>? {
    guard children.count > Self.branchCapacity else { return nil }
    let half = appendedAtEnd ? children.count - 1 : children.count / 2
    let rightChildren = ContiguousArray(children[half...])
    let rightCounts = ContiguousArray(childCounts[half...])
    children.removeSubrange(half...)
    childCounts.removeSubrange(half...)
    let right = _PersistentArrayNode(height: height, children: rightChildren, childCounts: rightCounts)
    count -= right.count
    return right
  }

  // MARK: Removing

  /// Removes and returns the element at `offset` under this (unique) node, rebalancing the
  /// child it came from with a neighbor when it became too small.
  ///
  /// - Parameter onRightSpine: Whether this node is on the root's right spine (the root is).
  /// - Complexity: O(log n).
  @inlinable
  internal func remove(at offset: Int, onRightSpine: Bool) -> Element {
    if height == 0 {
      count -= 1
      return elements.remove(at: offset)
    }
    let (index, inner) = child(containing: offset)
    let child = uniqueChild(index)
    let removed = child.remove(at: inner, onRightSpine: onRightSpine && index == children.count - 1)
    childCounts[index] = child.count
    count -= 1
    rebalanceChild(at: index, onRightSpine: onRightSpine)
    return removed
  }

  /// Restores the shape after the child at `index` lost entries: drops it when empty, and when
  /// it holds too few and is not on the root's right spine, merges it with a neighbor or takes
  /// entries from it: the right one, or the left one for a last child.
  ///
  /// It loops because taking entries from the right can shrink the child again by one: the seam
  /// inside it may merge two of its children (see `take(_:from:)`). Each round merges or moves
  /// entries toward the child, and each seam merge removes an entry, so it ends.
  ///
  /// - Parameter onRightSpine: Whether this node is on the root's right spine, where its last
  ///   child may stay small.
  @inlinable
  internal func rebalanceChild(at index: Int, onRightSpine: Bool) {
    while true {
      let child = children[index]
      if child.count == 0 {
        children.remove(at: index)
        childCounts.remove(at: index)
        return
      }
      guard child.isUnderfull else { return }
      guard index + 1 < children.count else {
        if !onRightSpine && index > 0 { rebalanceLastChild() }
        return
      }
      let right = uniqueChild(index + 1)
      let capacity = Self.capacity(height: child.height)
      let combined = child.entryCount + right.entryCount
      if combined <= capacity {
        child.takeAll(from: right)
        childCounts[index] = child.count
        children.remove(at: index + 1)
        childCounts.remove(at: index + 1)
      } else {
        child.take(Swift.max(1, combined / 2 - child.entryCount), from: right)
        childCounts[index] = child.count
        childCounts[index + 1] = right.count
      }
    }
  }

  /// Restores the shape after the last child (unique, not on the root's right spine, with a left
  /// neighbor) became too small: merges it into that neighbor, or takes entries from its end.
  ///
  /// Neither needs a seam repair below: the entries that meet were not last in the neighbor, or
  /// were its last child, which is at least half full all the way down its right spine, since the
  /// neighbor is not on the root's spine.
  @inlinable
  internal func rebalanceLastChild() {
    let index = children.count - 1
    let child = children[index]
    let left = uniqueChild(index - 1)
    let combined = left.entryCount + child.entryCount
    if combined <= Self.capacity(height: child.height) {
      left.takeAll(from: child)
      childCounts[index - 1] = left.count
      children.removeLast()
      childCounts.removeLast()
    } else {
      child.takeLast(combined / 2 - child.entryCount, from: left)
      childCounts[index - 1] = left.count
      childCounts[index] = child.count
    }
  }

  /// Moves the last `moved` entries of `left` (a unique sibling at the same height) to the start
  /// of this node.
  @inlinable
  internal func takeLast(_ moved: Int, from left: _PersistentArrayNode<Element>) {
    if height == 0 {
      let kept = left.elements.count - moved
      elements.insert(contentsOf: left.elements[kept...], at: 0)
      left.elements.removeSubrange(kept...)
      count = elements.count
      left.count = left.elements.count
      return
    }
    let kept = left.children.count - moved
    var movedCount = 0
    for childCount in left.childCounts[kept...] { movedCount += childCount }
    children.insert(contentsOf: left.children[kept...], at: 0)
    childCounts.insert(contentsOf: left.childCounts[kept...], at: 0)
    left.children.removeSubrange(kept...)
    left.childCounts.removeSubrange(kept...)
    count += movedCount
    left.count -= movedCount
  }

  /// Moves every entry of `right` (a unique sibling at the same height) to the end of this node.
  @inlinable
  internal func takeAll(from right: _PersistentArrayNode<Element>) {
    take(right.entryCount, from: right)
  }

  /// Moves the first `moved` entries of `right` (a unique sibling at the same height) to the
  /// end of this node.
  ///
  /// The child that was last here must hold at least half its capacity once entries follow it,
  /// so it is rebalanced with the first moved one. This node is never on the root's right spine
  /// when entries are moved into it, so that child already does, and so does its right spine:
  /// the repair stops there.
  @inlinable
  internal func take(_ moved: Int, from right: _PersistentArrayNode<Element>) {
    if height == 0 {
      elements.append(contentsOf: right.elements[..<moved])
      right.elements.removeSubrange(..<moved)
      count = elements.count
      right.count = right.elements.count
      return
    }
    let seam = children.count - 1
    defer {
      if seam >= 0 && moved > 0 {
        _ = uniqueChild(seam)
        rebalanceChild(at: seam, onRightSpine: false)
      }
    }
    var movedCount = 0
    for childCount in right.childCounts[..<moved] { movedCount += childCount }
    children.append(contentsOf: right.children[..<moved])
    childCounts.append(contentsOf: right.childCounts[..<moved])
    right.children.removeSubrange(..<moved)
    right.childCounts.removeSubrange(..<moved)
    count += movedCount
    right.count -= movedCount
  }
}
