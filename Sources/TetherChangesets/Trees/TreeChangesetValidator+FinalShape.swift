import Foundation

extension TreeChangesetValidator {
  /// Validates a tree patch that turns `old` into `new`: each operation's paths must address nodes
  /// of the tree right before it (see ``validate(_:on:)``), and performing the patch must give
  /// `new`'s shape (a patch that leaves nodes out, or an empty patch between trees of different
  /// shapes, fails with ``TreeChangesetValidationError/shapeMismatch(finalPath:actualCount:expectedCount:)``).
  ///
  /// - Complexity: O(n + k (d + c)) for trees of n nodes and k operations.
  public static func validate<Tree: TreeProtocol>(
    _ patch: [OrderedCollectionOperation<Tree.ChildNode, IndexPath>],
    from old: Tree,
    to new: Tree
  ) throws(TreeChangesetValidationError) {
    try validate(patch, on: old)
    var shape = TreeShape(old)
    for operation in patch { _ = shape.apply(operation) }
    if let (path, actualCount, expectedCount) = shape.firstDifference(from: TreeShape(new)) {
      throw .shapeMismatch(finalPath: path, actualCount: actualCount, expectedCount: expectedCount)
    }
  }
}
