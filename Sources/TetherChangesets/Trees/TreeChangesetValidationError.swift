import Foundation

/// What is wrong with a tree diff or a tree patch, in the terms an outline view uses.
///
/// It mirrors ``ChangesetValidationError`` (and reuses its ``ChangesetValidationError/Change``
/// kinds) with index paths of any depth. The empty path stands for the tree itself.
///
/// ```swift
/// do {
///   try diff.validate(from: old, to: new)
/// } catch {
///   print(error)  // node [0] had 2 children, 1 inserted and 0 deleted, but now has 2
/// }
/// ```
public enum TreeChangesetValidationError: Error, Hashable, Sendable {
  /// The kind of change an entry makes (insert, delete, update, move source, move target).
  public typealias Change = ChangesetValidationError.Change

  /// An entry has an empty index path, which addresses the tree itself rather than a node.
  case emptyIndexPath(change: Change)

  /// An entry addresses no node: the index at `depth` of `path` is not below `childCount`, the
  /// number of children at that point of the tree (the source tree for deletes, updates and move
  /// sources, the final tree for inserts and move targets).
  case indexOutOfRange(change: Change, path: IndexPath, depth: Int, childCount: Int)

  /// The same kind of change lists the same path twice.
  case duplicateIndexPath(change: Change, path: IndexPath)

  /// Two changes address the same path in the same index space: a node both deleted and moved,
  /// both deleted and updated, both inserted and a move target, or (where illegal) both moved
  /// and updated.
  case conflictingChanges(path: IndexPath, first: Change, second: Change)

  /// An entry addresses a node inside a subtree the diff deletes (`deleted`); only move sources
  /// may (the node moves out before the deletion).
  case insideDeletedSubtree(change: Change, path: IndexPath, deleted: IndexPath)

  /// An insert addresses a node inside a subtree the diff inserts (`inserted`), which already
  /// carries it; only move targets may.
  case insideInsertedSubtree(change: Change, path: IndexPath, inserted: IndexPath)

  /// The children of a surviving node do not add up: `oldCount - deleted - movedOut + inserted +
  /// movedIn != newCount`. `sourcePath` is the node's path before the change, `finalPath` after.
  case countMismatch(
    sourcePath: IndexPath,
    finalPath: IndexPath,
    oldCount: Int,
    inserted: Int,
    deleted: Int,
    movedIn: Int,
    movedOut: Int,
    newCount: Int
  )

  /// Performing the diff on the source tree does not give the final tree's shape: the node at
  /// `finalPath` ends with `actualCount` children where the final tree has `expectedCount` (the
  /// diff's entries add up, but they are not consistent with each other).
  case shapeMismatch(finalPath: IndexPath, actualCount: Int, expectedCount: Int)

  /// Operation number `step` of a patch addresses no node: the index at `depth` of `path` is not
  /// below `childCount` in the tree right before that operation.
  case patchIndexOutOfRange(step: Int, change: Change, path: IndexPath, depth: Int, childCount: Int)
}

extension TreeChangesetValidationError: CustomStringConvertible {
  /// A sentence such as `node [0, 2] had 3 children, 1 inserted and 0 deleted, but now has 5`.
  public var description: String {
    switch self {
    case .emptyIndexPath(let change):
      return "a \(change.rawValue) has an empty index path, which is the tree itself, not a node"
    case .indexOutOfRange(let change, let path, let depth, let childCount):
      let when = change.isInFinalSpace ? "after" : "before"
      return "\(change.rawValue) at \(path) is out of range: \(Self.node(path.prefix(depth))) has \(childCount)"
        + " \(childCount == 1 ? "child" : "children") \(when) the update"
    case .duplicateIndexPath(let change, let path):
      return "\(path) is listed twice as \(change.withArticle)"
    case .conflictingChanges(let path, let first, let second):
      return "\(path) is both \(first.withArticle) and \(second.withArticle)"
    case .insideDeletedSubtree(let change, let path, let deleted):
      return "\(change.rawValue) at \(path) is inside the subtree deleted at \(deleted)"
    case .insideInsertedSubtree(let change, let path, let inserted):
      return "\(change.rawValue) at \(path) is inside the subtree inserted at \(inserted), which already carries it"
    case .countMismatch(
      let source, let final, let oldCount, let inserted, let deleted, let movedIn, let movedOut, let newCount):
      let subject = source == final ? Self.node(source) : "\(Self.node(source)) (now \(final))"
      let moves = movedIn == 0 && movedOut == 0 ? "" : ", \(movedIn) moved in and \(movedOut) moved out"
      return "\(subject) had \(oldCount) \(oldCount == 1 ? "child" : "children"), \(inserted) inserted and"
        + " \(deleted) deleted\(moves), but now has \(newCount)"
    case .shapeMismatch(let path, let actual, let expected):
      return "performing the diff leaves \(Self.node(path)) with \(actual) children, but the final tree has \(expected)"
    case .patchIndexOutOfRange(let step, let change, let path, let depth, let childCount):
      return "patch operation \(step) (\(change.rawValue) at \(path)): index \(path[depth]) is out of range for"
        + " \(Self.node(path.prefix(depth))) of \(childCount) \(childCount == 1 ? "child" : "children")"
    }
  }

  private static func node(_ path: IndexPath) -> String {
    path.isEmpty ? "the tree" : "node \(path)"
  }
}
