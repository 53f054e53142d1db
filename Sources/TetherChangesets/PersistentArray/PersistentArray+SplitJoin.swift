// Splitting a tree at an offset and concatenating two trees of any heights, which is what
// `replaceSubrange`, `append(contentsOf:)` and everything built on them run: keep the prefix,
// build the new elements bottom-up, keep the suffix, and concatenate the three.
//
// Every function here builds new nodes and never writes to an existing one, so a tree passed in
// may be shared with any number of snapshots: the result shares every subtree it keeps whole and
// copies only the nodes on the two paths that were cut and on the seams that were joined (path
// copying). Each function returns trees that satisfy `_checkInvariants()`: a node holds at least
// half its capacity unless it is on the root's right spine (the root, its last child, that child's
// last child, ...), and an index root has at least two children.
//
// That invariant is what makes the seams cheap to repair. When two trees are joined, the left
// one's right spine stops being a spine, so every small node on it must be filled; in a valid
// tree only the root's own spine can hold small nodes, so `concatenate` repairs one spine, O(h).
// Inside a tree, the right spine of any subtree that is not on the root's spine is at least half
// full all the way down, which is what lets `suffix(of:from:)` repair each level's seam in O(1).

extension _PersistentArrayNode {
  // MARK: Assembling nodes

  /// An index node at `height` over `children`, with their counts.
  @inlinable
  internal static func branch(
    height: Int,
    children: ContiguousArray<_PersistentArrayNode<Element>>
  ) -> _PersistentArrayNode<Element> {
    var counts = ContiguousArray<Int>()
    counts.reserveCapacity(children.count)
    for child in children { counts.append(child.count) }
    return _PersistentArrayNode(height: height, children: children, childCounts: counts)
  }

  /// One index node over `children` when they fit, otherwise two that share them evenly (each then
  /// holds at least half its capacity, since there are more than `branchCapacity`).
  ///
  /// The counts come along from the parents the children were taken from, rather than being read
  /// from each child: that would touch up to 64 nodes per level of a seam.
  ///
  /// - Precondition: `children` holds 1 to `2 * branchCapacity` nodes at `height - 1`, and
  ///   `counts` their counts.
  @inlinable
  internal static func packed(
    height: Int,
    children: ContiguousArray<_PersistentArrayNode<Element>>,
    counts: ContiguousArray<Int>
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if children.count <= branchCapacity {
      return [_PersistentArrayNode(height: height, children: children, childCounts: counts)]
    }
    let firstCount = children.count - children.count / 2
    return [
      _PersistentArrayNode(
        height: height,
        children: ContiguousArray(children[..<firstCount]),
        childCounts: ContiguousArray(counts[..<firstCount])
      ),
      _PersistentArrayNode(
        height: height,
        children: ContiguousArray(children[firstCount...]),
        childCounts: ContiguousArray(counts[firstCount...])
      ),
    ]
  }

  /// How many nodes at the top of `node`'s right spine may hold fewer than half their capacity:
  /// the position of the lowest one that does (1 for `node` itself), 0 when none does.
  ///
  /// - Complexity: O(h), reading one node per level.
  @inlinable
  internal static func smallSpineDepth(_ node: _PersistentArrayNode<Element>) -> Int {
    var depth = 0
    var position = 1
    var current = node
    while true {
      if current.isUnderfull { depth = position }
      guard current.height > 0, let last = current.children.last else { return depth }
      current = last
      position += 1
    }
  }

  /// One leaf over `elements` when they fit, otherwise two that share them evenly.
  ///
  /// - Precondition: `elements` holds 1 to `2 * leafCapacity` elements.
  @inlinable
  internal static func packedLeaves(
    _ elements: ContiguousArray<Element>
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if elements.count <= leafCapacity {
      return [_PersistentArrayNode(leaf: elements)]
    }
    let firstCount = elements.count - elements.count / 2
    return [
      _PersistentArrayNode(leaf: ContiguousArray(elements[..<firstCount])),
      _PersistentArrayNode(leaf: ContiguousArray(elements[firstCount...])),
    ]
  }

  /// `node` as a root: an index node with a single child gives way to that child, repeatedly.
  @inlinable
  internal static func asRoot(_ node: _PersistentArrayNode<Element>) -> _PersistentArrayNode<Element> {
    var root = node
    while root.height > 0 && root.children.count == 1 {
      root = root.children[0]
    }
    return root
  }

  // MARK: Concatenating

  /// The tree holding the elements of `left` followed by those of `right`; both are roots (either
  /// may be empty) and may be shared.
  ///
  /// The shorter tree is hung on the facing spine of the taller one, at its own height, and the
  /// two nodes that meet there are joined (`joinSiblings`); a node that overflows on the way back
  /// up splits in two, and the root may gain a level.
  ///
  /// - Parameter leftSpineDepth: How many nodes at the top of `left`'s right spine may hold fewer
  ///   than half their capacity (below them the spine is at least half full). Any number of them
  ///   may for a root, so by default the spine is read to find the lowest small one;
  ///   `suffix(of:from:)` knows that only the root may.
  /// - Complexity: O(h) nodes built, h the taller tree's height (O(log n)): the path to the seam,
  ///   and the seam repair, which descends at most `leftSpineDepth` levels (plus one) below the
  ///   seam; each node built costs O(node capacity).
  @inlinable
  internal static func concatenate(
    _ left: _PersistentArrayNode<Element>,
    _ right: _PersistentArrayNode<Element>,
    leftSpineDepth: Int = .max
  ) -> _PersistentArrayNode<Element> {
    if left.count == 0 { return right }
    if right.count == 0 { return left }
    // Only down to the lowest small node of the spine: below it the seam needs no repair.
    let spineDepth = leftSpineDepth == .max ? smallSpineDepth(left) : leftSpineDepth
    let nodes =
      left.height >= right.height
      ? appending(right, to: left, spineDepth: spineDepth)
      : prepending(left, to: right, spineDepth: spineDepth)
    if nodes.count == 1 { return asRoot(nodes[0]) }
    return branch(height: nodes[0].height + 1, children: nodes)
  }

  /// `node` (at least as high as `tree`) with `tree` appended at the end of its last spine: one
  /// or two nodes at `node.height`; when two, the first holds at least half its capacity, and so
  /// does every node under it. `spineDepth` is `node`'s (see `concatenate`).
  @inlinable
  internal static func appending(
    _ tree: _PersistentArrayNode<Element>,
    to node: _PersistentArrayNode<Element>,
    spineDepth: Int
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if node.height == tree.height { return joinSiblings(node, tree, spineDepth: spineDepth) }
    var children = node.children
    var counts = node.childCounts
    let last = children.removeLast()
    counts.removeLast()
    for joined in appending(tree, to: last, spineDepth: Swift.max(0, spineDepth - 1)) {
      children.append(joined)
      counts.append(joined.count)
    }
    return packed(height: node.height, children: children, counts: counts)
  }

  /// `node` (higher than `tree`) with `tree` prepended at the start of its first spine: one or
  /// two nodes at `node.height`; all but the last hold at least half their capacity (and so does
  /// every node under them), and the last one does too when `node` did. `spineDepth` is `tree`'s
  /// (see `concatenate`).
  @inlinable
  internal static func prepending(
    _ tree: _PersistentArrayNode<Element>,
    to node: _PersistentArrayNode<Element>,
    spineDepth: Int
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if node.height == tree.height { return joinSiblings(tree, node, spineDepth: spineDepth) }
    var children = node.children
    var counts = node.childCounts
    let first = children.removeFirst()
    counts.removeFirst()
    let joined = prepending(tree, to: first, spineDepth: spineDepth)
    children.insert(contentsOf: joined, at: 0)
    counts.insert(contentsOf: joined.lazy.map(\.count), at: 0)
    return packed(height: node.height, children: children, counts: counts)
  }

  /// Two non-empty nodes at the same height made adjacent, `left` before `right`: one or two nodes
  /// where all but the last hold at least half their capacity and the last one does too when
  /// `right` did; every node under them does too, except on `right`'s right spine.
  ///
  /// `left`'s right spine stops being a spine here, so every node on it must end up at least
  /// half full. `spineDepth` says how many nodes at the top of that spine may be smaller (the
  /// rest are not). When nodes under `left` may be, they are filled from their left neighbors
  /// inside `left` first (`repairingSpine`), which keeps `right` shared. Then, while the left side
  /// of the seam is small, its entries are merged with `right`'s, its last child then stops being
  /// last, so that child and `right`'s first are joined one level down, and so on; the entries
  /// are packed into one node or two even ones. Below that an index node stays as it is (shared),
  /// and so does a leaf unless the two leaves fit in one (then they are merged).
  ///
  /// - Complexity: O(min(spineDepth, h) + 1) nodes built, and one more per level of a chain of
  ///   single children under `left` (at most h).
  @inlinable
  internal static func joinSiblings(
    _ left: _PersistentArrayNode<Element>,
    _ right: _PersistentArrayNode<Element>,
    spineDepth: Int
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if left.height > 0 && spineDepth > 1 {
      // The small nodes below `left` are filled from their left neighbors, inside `left`, which
      // keeps `right` shared; then only `left` itself, or a chain of single children under it,
      // may still be small, and that is joined below.
      return joinSiblings(repairingSpine(left, spineDepth: spineDepth), right, spineDepth: 1)
    }
    if left.height == 0 {
      // Leaves that fit in one are merged even when `left` holds enough: appending a few
      // elements at a time then fills leaves as `append` does instead of leaving small ones.
      if !left.isUnderfull && left.elements.count + right.elements.count > leafCapacity {
        return [left, right]
      }
      var elements = left.elements
      elements.append(contentsOf: right.elements)
      return packedLeaves(elements)
    }
    if !left.isUnderfull && spineDepth <= 1 { return [left, right] }
    var children = left.children
    var counts = left.childCounts
    let seamLeft = children.removeLast()
    counts.removeLast()
    for joined in joinSiblings(seamLeft, right.children[0], spineDepth: spineDepth - 1) {
      children.append(joined)
      counts.append(joined.count)
    }
    children.append(contentsOf: right.children[1...])
    counts.append(contentsOf: right.childCounts[1...])
    return packed(height: left.height, children: children, counts: counts)
  }

  /// `node` with the small nodes under it on its right spine, down to `spineDepth` levels (`node`
  /// is the first), each merged with its left neighbor or sharing with it evenly, bottom-up. Only
  /// `node` itself may then be small, or, when it has a single child, that child in the same way.
  ///
  /// - Complexity: O(min(spineDepth, h)) nodes built.
  @inlinable
  internal static func repairingSpine(
    _ node: _PersistentArrayNode<Element>,
    spineDepth: Int
  ) -> _PersistentArrayNode<Element> {
    guard node.height > 0, spineDepth > 1 else { return node }
    var children = node.children
    var counts = node.childCounts
    let last = repairingSpine(children.removeLast(), spineDepth: spineDepth - 1)
    counts.removeLast()
    if last.isUnderfull, let sibling = children.popLast() {
      counts.removeLast()
      for merged in mergingSmall(last, into: sibling) {
        children.append(merged)
        counts.append(merged.count)
      }
    } else {
      children.append(last)
      counts.append(last.count)
    }
    return _PersistentArrayNode(height: node.height, children: children, childCounts: counts)
  }

  /// `small` (whose right spine is repaired, see `repairingSpine`) after `left`, a neighbor at
  /// least half full all the way down its right spine: one node, or two even ones, each at least
  /// half full. A single small child of `small` ends up after `left`'s last child, so the two are
  /// merged the same way, one level down.
  @inlinable
  internal static func mergingSmall(
    _ small: _PersistentArrayNode<Element>,
    into left: _PersistentArrayNode<Element>
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if left.height == 0 {
      var elements = left.elements
      elements.append(contentsOf: small.elements)
      return packedLeaves(elements)
    }
    var children = left.children
    var counts = left.childCounts
    if small.children.count == 1 && small.children[0].isUnderfull {
      let seam = children.removeLast()
      counts.removeLast()
      for merged in mergingSmall(small.children[0], into: seam) {
        children.append(merged)
        counts.append(merged.count)
      }
    } else {
      children.append(contentsOf: small.children)
      counts.append(contentsOf: small.childCounts)
    }
    return packed(height: left.height, children: children, counts: counts)
  }

  // MARK: Splitting

  /// The tree of the first `length` elements under `node` (a root, possibly shared).
  ///
  /// The path to the cut is copied, each copy keeping the children before the path; a child
  /// before the path was not last, so it and its whole subtree hold at least half their capacity,
  /// and the copied path becomes the result's right spine, so the result needs no rebalancing.
  ///
  /// - Complexity: O(log n) nodes built.
  @inlinable
  internal static func prefix(
    of node: _PersistentArrayNode<Element>,
    length: Int
  ) -> _PersistentArrayNode<Element> {
    if length == 0 { return _PersistentArrayNode(leaf: []) }
    if length == node.count { return node }
    return asRoot(prefixSubtree(of: node, length: length))
  }

  /// The first `length` elements under `node`, `0 < length < node.count`, as a subtree of the
  /// same height.
  @inlinable
  internal static func prefixSubtree(
    of node: _PersistentArrayNode<Element>,
    length: Int
  ) -> _PersistentArrayNode<Element> {
    if node.height == 0 {
      return _PersistentArrayNode(leaf: ContiguousArray(node.elements[..<length]))
    }
    let (index, inner) = node.child(containing: length)
    var children = ContiguousArray(node.children[..<index])
    var counts = ContiguousArray(node.childCounts[..<index])
    if inner > 0 {
      children.append(prefixSubtree(of: node.children[index], length: inner))
      counts.append(inner)
    }
    return _PersistentArrayNode(height: node.height, children: children, childCounts: counts)
  }

  /// The tree of the elements of `node` (a root, possibly shared) from offset `start` on.
  ///
  /// The path to the cut is copied from the bottom up: at each level, the suffix S built below is
  /// concatenated with T, the children after the path (S may be small, so it is joined, not just
  /// placed first). When T is not empty the path child was not last, so its subtree is at least
  /// half full except at the root, and by induction so is S: only S's root may be small. Then:
  ///
  /// - The seam repair descends O(1) levels (`leftSpineDepth: 1`).
  /// - S is hung on T's left spine at S's height. S is as high as the path child was, or one
  ///   less, and the result as high as T or one more, and T is one level above the path child, or
  ///   level with it when T is a single child (used as it is). So, over the levels where T is not
  ///   empty, the descents from T's height to S's add up to O(h): each is O(1) plus the levels
  ///   skipped since the last one.
  /// - The result again is at least half full except at its root (T's children are, and the
  ///   packed nodes on its left spine only grew), unless T's last child is on `node`'s right spine;
  ///   then every level above has an empty T and the result's spine is the root's own.
  ///
  /// - Complexity: O(log n) nodes built.
  @inlinable
  internal static func suffix(
    of node: _PersistentArrayNode<Element>,
    from start: Int
  ) -> _PersistentArrayNode<Element> {
    if start == 0 { return node }
    if start == node.count { return _PersistentArrayNode(leaf: []) }
    if node.height == 0 {
      return _PersistentArrayNode(leaf: ContiguousArray(node.elements[start...]))
    }
    let (index, inner) = node.child(containing: start)
    let firstKept = inner == 0 ? index : index + 1
    let kept = ContiguousArray(node.children[firstKept...])
    let tail: _PersistentArrayNode<Element>
    switch kept.count {
    case 0: tail = _PersistentArrayNode(leaf: [])
    case 1: tail = asRoot(kept[0])
    default:
      tail = _PersistentArrayNode(
        height: node.height,
        children: kept,
        childCounts: ContiguousArray(node.childCounts[firstKept...])
      )
    }
    guard inner > 0 else { return tail }
    return concatenate(suffix(of: node.children[index], from: inner), tail, leftSpineDepth: 1)
  }
}
