import Foundation

extension TreeChangesetValidator {
  /// Validates a tree patch that turns `old` into `new`: each operation's paths must address nodes
  /// of the tree right before it (as `validate(_:on:)` checks), and performing the patch must give
  /// `new`'s shape (a patch that leaves nodes out, or an empty patch between trees of different
  /// shapes, fails with `shapeMismatch`).
  ///
  /// - Complexity: O(n + k (d + c)) for trees of n nodes and k operations.
  public static func validate<Tree: TreeProtocol>(
    _ patch: [OrderedCollectionOperation<Tree.ChildNode, IndexPath>],
    from old: Tree,
    to new: Tree
  ) throws(TreeChangesetValidationError) {
    try validate(patch, fromShape: TreeShape(old), toShape: TreeShape(new))
  }

  /// `validate(_:from:to:)` on shapes: the trees' values play no part in it.
  static func validate<Node>(
    _ patch: [OrderedCollectionOperation<Node, IndexPath>],
    fromShape old: TreeShape,
    toShape new: TreeShape
  ) throws(TreeChangesetValidationError) where Node: TreeProtocol {
    var shape = old
    for (step, operation) in patch.enumerated() {
      let (path, change, inserting): (IndexPath, Change, Bool) =
        switch operation {
        case .insert(_, let path): (path, .insert, true)
        case .delete(let path): (path, .delete, false)
        case .update(let path, _): (path, .update, false)
        case .move(let from, _): (from, .moveSource, false)
        }
      if path.isEmpty { throw .emptyIndexPath(change: change) }
      if let (depth, count) = shape.firstOutOfRange(path, inserting: inserting) {
        throw .patchIndexOutOfRange(step: step, change: change, path: path, depth: depth, childCount: count)
      }
      if case .move(let from, let to) = operation {
        if to.isEmpty { throw .emptyIndexPath(change: .moveTarget) }
        // Moved in place: checking the target on a copy of the shape copied the source's sibling
        // array for every move, O(k c) for k moves among c siblings.
        let node = shape.remove(at: from)
        if let (depth, count) = shape.firstOutOfRange(to, inserting: true) {
          throw .patchIndexOutOfRange(step: step, change: .moveTarget, path: to, depth: depth, childCount: count)
        }
        shape.insert(node, at: to)
        continue
      }
      _ = shape.apply(operation)
    }
    if let (path, actualCount, expectedCount) = shape.firstDifference(from: new) {
      throw .shapeMismatch(finalPath: path, actualCount: actualCount, expectedCount: expectedCount)
    }
  }
}
