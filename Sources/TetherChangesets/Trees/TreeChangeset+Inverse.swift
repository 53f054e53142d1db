import TetherSynchronization

extension TreeChangeset where Tree: RangeReplaceableTreeProtocol {
  /// The changeset that undoes this one: applied to ``collection`` it gives back `old`.
  ///
  /// Its patch replays this changeset's patch on a copy of `old` and inverts each operation in
  /// reverse order: an insert becomes a delete, a delete an insert of the removed subtree, an update
  /// an update back to the node's previous value, and a move the move back (a move's target is a
  /// path in the tree right after it, so the move back is exact). Its diff is derived from that
  /// patch on first use. The inverse of a reload is a reload of `old`. Applying inverses in turn
  /// gives undo; applying the originals again, redo.
  ///
  /// - Parameter old: The tree this changeset was applied to. It must be a value-type tree
  ///   (``TreeArray``, ``Array2D``, ``TreeNode``): an object tree's changesets share its live
  ///   nodes, so there is no earlier state to return to.
  /// - Precondition: The patch applies to `old` (it traps naming the failing path otherwise).
  /// - Complexity: O(k (d + c)) for k operations on paths of length d among c siblings.
  public func inverted(from old: Tree) -> Self {
    tetherPrecondition(
      !(Tree.self is AnyObject.Type),
      "inverted(from:) needs a value-type tree; \(Tree.self) is a class, whose changesets share its live nodes"
    )
    if isReload { return .reload(old) }
    var state = old
    var inverse: [Operation] = []
    inverse.reserveCapacity(patch.count)
    for operation in patch {
      switch operation {
      case .insert(_, let path):
        inverse.append(.delete(at: path))
      case .delete(let path):
        inverse.append(.insert(state[childAt: path], at: path))
      case .update(let path, _):
        inverse.append(.update(at: path, newElement: state[childAt: path]))
      case .move(let from, let to):
        inverse.append(.move(from: to, to: from))
      }
      state.apply(operation)
    }
    return Self(collection: old, patch: inverse.reversed())
  }
}
