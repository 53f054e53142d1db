import Foundation
import TetherChangesets
import TetherSynchronization

extension CollectionPreconditions {
  static func treeIndexOutOfRange(_ index: Int, depth: Int, of indexPath: IndexPath, childCount: Int) -> String {
    "Index \(index) is out of range for a node of \(childCount) children (depth \(depth) of index path \(indexPath))"
  }

  static func treeEmptyPath(_ operation: String) -> String {
    "\(operation) needs a non-empty index path; the empty path addresses the tree itself"
  }

  static func treeDuplicatePath(_ indexPath: IndexPath, operation: String) -> String {
    "Index path \(indexPath) is listed twice in \(operation)"
  }
}

// Path checks run before a tree container changes anything. `removing` describes nodes that the
// operation removes first (a move's sources): a target path is then checked in the tree without
// them, the way the operation will read it.
extension TreeProtocol {
  /// The number of children of the node at `path` (the receiver's for the empty path), checking
  /// every index. Counts are taken in the tree without the nodes at `removed`.
  func checkedChildCount(at path: IndexPath, fullPath: IndexPath, removing removed: [IndexPath] = []) -> Int {
    var node: ChildNode?  // nil: the receiver
    var original: [Int] = []  // not an IndexPath: appending to one copies it, O(d^2) on a deep path
    func childCount() -> Int { node?.children.count ?? children.count }
    for (depth, index) in path.enumerated() {
      let gone = removedChildren(of: original, in: removed)
      let count = childCount() - gone.count
      guard index >= 0, index < count else {
        tetherPreconditionFailure(
          CollectionPreconditions.treeIndexOutOfRange(index, depth: depth, of: fullPath, childCount: count)
        )
      }
      var position = index
      for removedIndex in gone where removedIndex <= position { position += 1 }
      original.append(position)
      if let current = node {
        node = current.children[current.children.startIndex + position]
      } else {
        node = children[children.startIndex + position]
      }
    }
    return childCount() - removedChildren(of: original, in: removed).count
  }

  /// Checks that `path` addresses a node.
  func checkNodePath(_ path: IndexPath, operation: String) {
    guard let last = path.last else { tetherPreconditionFailure(CollectionPreconditions.treeEmptyPath(operation)) }
    let count = checkedChildCount(at: path.dropLast(), fullPath: path)
    if last < 0 || last >= count {
      tetherPreconditionFailure(
        CollectionPreconditions.treeIndexOutOfRange(last, depth: path.count - 1, of: path, childCount: count)
      )
    }
  }

  /// Checks that `path` is a place to insert `count` nodes (its last index may be the number of
  /// children), in the tree without the nodes at `removed`.
  func checkInsertionPath(
    _ path: IndexPath, inserting count: Int = 1, removing removed: [IndexPath] = [], operation: String
  ) {
    guard let last = path.last else { tetherPreconditionFailure(CollectionPreconditions.treeEmptyPath(operation)) }
    let children = checkedChildCount(at: path.dropLast(), fullPath: path, removing: removed)
    if last < 0 || last > children {
      tetherPreconditionFailure(
        CollectionPreconditions.treeIndexOutOfRange(last, depth: path.count - 1, of: path, childCount: children)
      )
    }
  }

  /// Checks that `paths` address nodes and are listed once each.
  func checkDistinctNodePaths(_ paths: [IndexPath], operation: String) {
    var seen = Set<IndexPath>(minimumCapacity: paths.count)
    for path in paths {
      checkNodePath(path, operation: operation)
      if !seen.insert(path).inserted {
        tetherPreconditionFailure(CollectionPreconditions.treeDuplicatePath(path, operation: operation))
      }
    }
  }
}

/// The sorted child indices of `parent` among `removed` paths (nodes whose ancestor is removed too
/// are removed with it and do not count separately).
private func removedChildren(of parent: [Int], in removed: [IndexPath]) -> [Int] {
  guard !removed.isEmpty else { return [] }
  return removed.filter { $0.count == parent.count + 1 && $0.starts(with: parent) }.map { $0.last! }.sorted()
}
