// Splitting a tree at an offset and concatenating two trees of any heights, which is what
// `replaceSubrange`, `append(contentsOf:)` and everything built on them run: keep the prefix,
// build the new elements bottom-up, keep the suffix, and concatenate the three.
//
// Every function here builds new nodes and never writes to an existing one, so a tree passed in
// may be shared with any number of snapshots: the result shares every subtree it keeps whole and
// copies only the nodes on the two paths that were cut and on the seams that were joined (path
// copying). Each function returns trees that satisfy `_checkInvariants()`: a non-last child holds
// at least half its capacity, a last child may hold fewer, an index root has at least two
// children.

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
  /// - Precondition: `children` holds 1 to `2 * branchCapacity` nodes at `height - 1`.
  @inlinable
  internal static func packed(
    height: Int,
    children: ContiguousArray<_PersistentArrayNode<Element>>
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if children.count <= branchCapacity {
      return [branch(height: height, children: children)]
    }
    let firstCount = children.count - children.count / 2
    return [
      branch(height: height, children: ContiguousArray(children[..<firstCount])),
      branch(height: height, children: ContiguousArray(children[firstCount...])),
    ]
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
  /// - Complexity: O(h) nodes built, h the taller tree's height (O(log n)), and O(h) more for
  ///   each level of the seam that must be repaired (see `joinSiblings`); each node built costs
  ///   O(node capacity).
  @inlinable
  internal static func concatenate(
    _ left: _PersistentArrayNode<Element>,
    _ right: _PersistentArrayNode<Element>
  ) -> _PersistentArrayNode<Element> {
    if left.count == 0 { return right }
    if right.count == 0 { return left }
    let nodes = left.height >= right.height ? appending(right, to: left) : prepending(left, to: right)
    if nodes.count == 1 { return asRoot(nodes[0]) }
    return branch(height: nodes[0].height + 1, children: nodes)
  }

  /// `node` (at least as high as `tree`) with `tree` appended at the end of its last spine: one
  /// or two nodes at `node.height`; when two, the first holds at least half its capacity.
  @inlinable
  internal static func appending(
    _ tree: _PersistentArrayNode<Element>,
    to node: _PersistentArrayNode<Element>
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if node.height == tree.height { return joinSiblings(node, tree) }
    var children = node.children
    let last = children.removeLast()
    children.append(contentsOf: appending(tree, to: last))
    return packed(height: node.height, children: children)
  }

  /// `node` (higher than `tree`) with `tree` prepended at the start of its first spine: one or
  /// two nodes at `node.height`; all but the last hold at least half their capacity, and the last
  /// one does too when `node` did.
  @inlinable
  internal static func prepending(
    _ tree: _PersistentArrayNode<Element>,
    to node: _PersistentArrayNode<Element>
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
    if node.height == tree.height { return joinSiblings(tree, node) }
    var children = node.children
    let first = children.removeFirst()
    children.insert(contentsOf: prepending(tree, to: first), at: 0)
    return packed(height: node.height, children: children)
  }

  /// Two non-empty nodes at the same height made adjacent, `left` before `right`: one or two nodes
  /// where all but the last hold at least half their capacity and the last one does too when
  /// `right` did.
  ///
  /// An index node holding at least half its capacity stays as it is (shared), and so does a
  /// leaf unless the two leaves fit in one (then they are merged). A smaller one (it was
  /// a last child or a root) is merged with `right`: its own last child then stops being last, so
  /// that child and `right`'s first are joined one level down, and so on while the left side of
  /// the seam is small; then the entries are packed into one node or two even ones.
  ///
  /// - Complexity: O(d) nodes built, d the number of levels whose left side is below half
  ///   (at most the height).
  @inlinable
  internal static func joinSiblings(
    _ left: _PersistentArrayNode<Element>,
    _ right: _PersistentArrayNode<Element>
  ) -> ContiguousArray<_PersistentArrayNode<Element>> {
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
    if !left.isUnderfull { return [left, right] }
    var children = left.children
    let seamLeft = children.removeLast()
    children.append(contentsOf: joinSiblings(seamLeft, right.children[0]))
    children.append(contentsOf: right.children[1...])
    return packed(height: left.height, children: children)
  }

  // MARK: Splitting

  /// The tree of the first `length` elements under `node` (a root, possibly shared).
  ///
  /// The path to the cut is copied, each copy keeping the children before the path; a child
  /// before the path was not last, so it holds at least half its capacity, and the copied path
  /// node is last where it stands, so the result needs no rebalancing.
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
    if inner > 0 {
      children.append(prefixSubtree(of: node.children[index], length: inner))
    }
    return branch(height: node.height, children: children)
  }

  /// The tree of the elements of `node` (a root, possibly shared) from offset `start` on.
  ///
  /// The path to the cut is copied from the bottom up: at each level, the suffix built below is
  /// concatenated with the children after the path (which may be small at its front, so it is
  /// joined, not just placed first).
  ///
  /// - Complexity: O(log n) nodes built, and the seam repairs of one concatenation per level.
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
    let kept = ContiguousArray(node.children[(inner == 0 ? index : index + 1)...])
    let tail: _PersistentArrayNode<Element>
    switch kept.count {
    case 0: tail = _PersistentArrayNode(leaf: [])
    case 1: tail = asRoot(kept[0])
    default: tail = branch(height: node.height, children: kept)
    }
    guard inner > 0 else { return tail }
    return concatenate(suffix(of: node.children[index], from: inner), tail)
  }
}
