import TetherSynchronization

extension PersistentArray {
  /// Runs `_checkInvariants(deep:)` in debug builds, on lists of up to 16,384 elements (larger ones
  /// check their root only, so that a debug build appending a million rows stays O(log n) per
  /// append); compiled out of release builds.
  @inlinable @inline(__always)
  internal func _checkInvariantsInDebug() {
    #if DEBUG
    _checkInvariants(deep: count <= 16_384)
    #endif
  }

  /// Traps with a description of the first broken invariant of the tree's shape: heights,
  /// counts, node sizes (see `_PersistentArrayNode`).
  ///
  /// Every mutation runs this in debug builds, as swift-collections does; tests may call it too.
  ///
  /// - Parameter deep: Whether to check every node (the default) or only the root and its children.
  /// - Complexity: O(n / leaf capacity) deep, O(1) otherwise.
  public func _checkInvariants(deep: Bool = true) {
    if _root.height > 0 {
      tetherPrecondition(
        _root.children.count >= 2,
        "PersistentArray invariant: an index root has \(_root.children.count) children, not at least 2"
      )
    }
    _PersistentArray_checkNode(_root, isRoot: true, isLast: true, deep: deep)
  }
}

/// Checks one node and its subtree (recursion is bounded by the tree's height, O(log n)).
private func _PersistentArray_checkNode<Element>(
  _ node: _PersistentArrayNode<Element>,
  isRoot: Bool,
  isLast: Bool,
  deep: Bool
) {
  let capacity = _PersistentArrayNode<Element>.capacity(height: node.height)
  tetherPrecondition(
    node.entryCount <= capacity,
    "PersistentArray invariant: a node at height \(node.height) holds \(node.entryCount) entries, over \(capacity)"
  )
  if !isRoot {
    tetherPrecondition(node.entryCount > 0, "PersistentArray invariant: a non-root node is empty")
    if !isLast {
      tetherPrecondition(
        !node.isUnderfull,
        "PersistentArray invariant: a non-last node at height \(node.height) holds only \(node.entryCount) entries"
      )
    }
  }
  if node.height == 0 {
    tetherPrecondition(
      node.children.isEmpty && node.childCounts.isEmpty,
      "PersistentArray invariant: a leaf has children"
    )
    tetherPrecondition(
      node.count == node.elements.count,
      "PersistentArray invariant: a leaf's count \(node.count) is not its \(node.elements.count) elements"
    )
    return
  }
  tetherPrecondition(node.elements.isEmpty, "PersistentArray invariant: an index node holds elements")
  tetherPrecondition(
    node.children.count == node.childCounts.count,
    "PersistentArray invariant: \(node.children.count) children but \(node.childCounts.count) counts"
  )
  var total = 0
  for (offset, child) in node.children.enumerated() {
    tetherPrecondition(
      child.height == node.height - 1,
      "PersistentArray invariant: a child at height \(child.height) under a node at height \(node.height)"
    )
    tetherPrecondition(
      child.count == node.childCounts[offset],
      "PersistentArray invariant: child \(offset) counts \(child.count), its parent says \(node.childCounts[offset])"
    )
    total += child.count
    if deep {
      _PersistentArray_checkNode(child, isRoot: false, isLast: offset == node.children.count - 1, deep: true)
    }
  }
  tetherPrecondition(
    total == node.count,
    "PersistentArray invariant: a node's count \(node.count) is not its children's \(total)"
  )
}
