import Foundation

extension IndexPath {
  /// The path of the parent node: the path without its last index.
  ///
  /// A path of length 1 (a root, or a section) has the empty path, the tree itself, as its parent;
  /// the empty path has no parent (`nil`).
  public var parent: IndexPath? {
    isEmpty ? nil : dropLast()
  }

  /// Whether this path addresses a proper ancestor of the node at `other`, that is, whether it is
  /// a strict prefix of `other`. The empty path is an ancestor of every non-empty path.
  ///
  /// - Complexity: O(d) for a path of length d.
  public func isAncestor(of other: IndexPath) -> Bool {
    guard count < other.count else { return false }
    for depth in 0..<count where self[depth] != other[depth] { return false }
    return true
  }

  /// Whether this path addresses a proper descendant of the node at `other`.
  ///
  /// - Complexity: O(d) for a path of length d.
  public func isDescendant(of other: IndexPath) -> Bool {
    other.isAncestor(of: self)
  }

  /// The path of the same node after a node was inserted at `inserted`.
  ///
  /// Paths through a later sibling of `inserted` (the sibling itself or anything below it) shift
  /// by one at the insertion's depth; every other path is unchanged.
  ///
  /// ```swift
  /// IndexPath(indexes: [1, 2, 0]).shifted(byInsertionAt: [1, 0])  // [1, 3, 0]
  /// ```
  ///
  /// - Complexity: O(d).
  public func shifted(byInsertionAt inserted: IndexPath) -> IndexPath {
    let depth = inserted.count - 1
    guard depth >= 0, depth < count, sharesParent(with: inserted, depth: depth),
      self[depth] >= inserted[depth]
    else { return self }
    var shifted = self
    shifted[depth] += 1
    return shifted
  }

  /// The path of the same node after the node at `deleted` (with its subtree) was removed, or
  /// `nil` when this node was in the removed subtree.
  ///
  /// ```swift
  /// IndexPath(indexes: [1, 3]).shifted(byDeletionAt: [1, 0])  // [1, 2]
  /// IndexPath(indexes: [1, 0, 4]).shifted(byDeletionAt: [1, 0])  // nil
  /// ```
  ///
  /// - Complexity: O(d).
  public func shifted(byDeletionAt deleted: IndexPath) -> IndexPath? {
    let depth = deleted.count - 1
    guard depth >= 0, depth < count, sharesParent(with: deleted, depth: depth) else { return self }
    if self[depth] == deleted[depth] { return nil }
    guard self[depth] > deleted[depth] else { return self }
    var shifted = self
    shifted[depth] -= 1
    return shifted
  }

  /// The path of the same node after the node at `source` moved (with its subtree) to `target`,
  /// where `target` is the moved node's path right after the move.
  ///
  /// A node inside the moved subtree keeps its position relative to the moved node.
  ///
  /// - Complexity: O(d).
  public func shifted(byMoveFrom source: IndexPath, to target: IndexPath) -> IndexPath {
    guard let removed = shifted(byDeletionAt: source) else {
      return target + self.suffix(from: source.count)
    }
    return removed.shifted(byInsertionAt: target)
  }

  /// Whether `self` and `other` have the same first `depth` indices.
  private func sharesParent(with other: IndexPath, depth: Int) -> Bool {
    for level in 0..<depth where self[level] != other[level] { return false }
    return true
  }
}
