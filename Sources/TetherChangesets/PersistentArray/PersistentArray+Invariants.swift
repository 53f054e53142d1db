import TetherSynchronization

extension PersistentArray {
  /// Runs `_checkInvariants(deep:)` in debug builds: every node of lists of up to 4,096 elements,
  /// the root's counts of larger ones (so that a debug build appending a million rows stays fast);
  /// compiled out of release builds.
  @inlinable @inline(__always)
  internal func _checkInvariantsInDebug() {
    #if DEBUG
    _checkInvariants(deep: count <= 4_096)
    #endif
  }

  /// Traps with a description of the first broken invariant of the tree's shape: heights,
  /// counts, node sizes (see `_PersistentArrayNode`).
  ///
  /// Every mutation runs this in debug builds, as swift-collections does; tests may call it too.
  ///
  /// - Parameter deep: Whether to check every node (the default) or only the root's counts.
  /// - Complexity: O(n / leaf capacity) deep, O(1) otherwise.
  public func _checkInvariants(deep: Bool = true) {
    guard deep else {
      var total = _root.height == 0 ? _root.elements.count : 0
      for childCount in _root.childCounts { total += childCount }
      tetherPrecondition(
        total == _root.count && _root.children.count == _root.childCounts.count,
        "PersistentArray invariant: the root counts \(_root.count) elements, its entries \(total)"
      )
      return
    }
    if _root.height > 0 {
      tetherPrecondition(
        _root.children.count >= 2,
        "PersistentArray invariant: an index root has \(_root.children.count) children, not at least 2"
      )
    }
    _PersistentArray_checkNode(_root, isRoot: true, onRightSpine: true)
  }
}

/// Checks one node and its subtree (recursion is bounded by the tree's height, O(log n)).
private func _PersistentArray_checkNode<Element>(
  _ node: _PersistentArrayNode<Element>,
  isRoot: Bool,
  onRightSpine: Bool
) {
  let capacity = _PersistentArrayNode<Element>.capacity(height: node.height)
  tetherPrecondition(
    node.entryCount <= capacity,
    "PersistentArray invariant: a node at height \(node.height) holds \(node.entryCount) entries, over \(capacity)"
  )
  if !isRoot {
    tetherPrecondition(node.entryCount > 0, "PersistentArray invariant: a non-root node is empty")
    if !onRightSpine {
      tetherPrecondition(
        !node.isUnderfull,
        "PersistentArray invariant: a node at height \(node.height) off the root's right spine holds only \(node.entryCount) entries"
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
    _PersistentArray_checkNode(
      child,
      isRoot: false,
      onRightSpine: onRightSpine && offset == node.children.count - 1
    )
  }
  tetherPrecondition(
    total == node.count,
    "PersistentArray invariant: a node's count \(node.count) is not its children's \(total)"
  )
}
