import Foundation
import TetherSynchronization

extension OrderedCollectionDiff where Index == IndexPath {
  /// The diff of a tree patch: the same change in batch-update form.
  ///
  /// The result follows Tether's tree diff rules (see ``TreeChangeset``):
  /// - `deletes` lists source paths of deleted nodes whose source parent survives: a deleted
  ///   subtree is listed once, by its root;
  /// - `inserts` lists final paths of inserted nodes whose final parent is not itself inserted: an
  ///   inserted subtree is listed once, by its root, even when nodes were added to it later;
  /// - `moves` lists every source node the patch moved and that survives, from its source path to
  ///   its final path, even if it ends up where it started; nodes carried along inside a moved
  ///   subtree are not moves;
  /// - `updates` lists source paths of surviving source nodes the patch updated (an update of an
  ///   inserted node is part of its insert, an update of a deleted node disappears);
  /// - each array is sorted (moves by source).
  ///
  /// The source tree is not needed: nodes no operation addresses are followed implicitly.
  ///
  /// - Parameter patch: Tree operations, each applying to the tree right before it.
  /// - Complexity: O(k d log(k d)) expected for k operations on paths of length at most d,
  ///   independent of the size of the tree.
  public init<Element>(fromTreePatch patch: [OrderedCollectionOperation<Element, IndexPath>]) {
    self.init()
    if patch.isEmpty { return }
    var tracker = TreeTracker(capacity: 2 * patch.count)

    func resolve(_ path: IndexPath, step: Int) -> Int32 {
      var node: Int32 = 0
      for index in path {
        checkTreePatchIndex(index, path: path, step: step)
        node = tracker.child(at: index, of: node)
      }
      return node
    }

    for (step, operation) in patch.enumerated() {
      switch operation {
      case .insert(_, let path):
        let (parentPath, index) = splitTreePatchPath(path, step: step)
        let parent = resolve(parentPath, step: step)
        checkTreePatchIndex(index, path: path, step: step)
        let node = tracker.makeNode(kind: .inserted, oldParent: -1, oldIndex: -1)
        tracker.insert(node, at: index, of: parent, fixed: false)
      case .delete(let path):
        let (parentPath, index) = splitTreePatchPath(path, step: step)
        checkTreePatchIndex(index, path: path, step: step)
        _ = tracker.removeChild(at: index, of: resolve(parentPath, step: step))
      case .update(let path, _):
        _ = splitTreePatchPath(path, step: step)
        let node = resolve(path, step: step)
        if tracker[node].kind == .original { tracker[node].updated = true }
      case .move(let from, let to):
        let (sourceParent, sourceIndex) = splitTreePatchPath(from, step: step)
        checkTreePatchIndex(sourceIndex, path: from, step: step)
        let node = tracker.removeChild(at: sourceIndex, of: resolve(sourceParent, step: step))
        tracker[node].moved = true
        let (targetParent, targetIndex) = splitTreePatchPath(to, step: step)
        checkTreePatchIndex(targetIndex, path: to, step: step)
        tracker.insert(node, at: targetIndex, of: resolve(targetParent, step: step), fixed: false)
      }
    }
    self = TreeDiffCollector(tracker).diff
  }
}

/// Splits a patch path into its parent path and last index, trapping on an empty path.
func splitTreePatchPath(_ path: IndexPath, step: Int) -> (parent: IndexPath, index: Int) {
  guard let last = path.last else {
    tetherPreconditionFailure("Tree patch operation \(step) has an empty index path; the empty path is the tree itself")
  }
  return (path.dropLast(), last)
}

func checkTreePatchIndex(_ index: Int, path: IndexPath, step: Int) {
  if index < 0 {
    tetherPreconditionFailure("Index \(index) is out of range in index path \(path) (tree patch operation \(step))")
  }
}

/// Reads the diff off a tracker that followed a whole patch.
///
/// Paths are built only for the nodes listed in the diff, each by a loop over its ancestors: a
/// tracked chain as deep as the tree costs O(d) per listed node, never a path per tracked node.
private struct TreeDiffCollector {
  let tracker: TreeTracker
  /// Whether each tracked node is attached to the final tree.
  private var alive: [Bool]
  /// Final paths of the moved original nodes.
  private var finalPaths: [Int32: IndexPath] = [:]
  var diff = OrderedCollectionDiff<IndexPath>()

  init(_ tracker: TreeTracker) {
    self.tracker = tracker
    let count = tracker.nodes.count
    alive = [Bool](repeating: false, count: count)
    alive[0] = true
    walkFinalTree()
    for id in 1..<count {
      let node = tracker.nodes[id]
      guard node.kind == .original else { continue }
      if alive[id] {
        if node.moved { diff.moves.append((from: oldPath(of: Int32(id)), to: finalPaths[Int32(id)]!)) }
        if node.updated { diff.updates.append(oldPath(of: Int32(id))) }
      } else if alive[Int(node.oldParent)] {
        diff.deletes.append(oldPath(of: Int32(id)))
      }
    }
    diff.deletes.sort()
    diff.updates.sort()
    diff.inserts.sort()
    diff.moves.sort { $0.from < $1.from }
  }

  /// Marks every tracked node reachable from the root, records the final paths of moved nodes,
  /// and collects the inserts (inserted nodes whose final parent is not inserted).
  private mutating func walkFinalTree() {
    // A frame per node whose tracked children are being visited; `path` is the current node's.
    var stack: [(children: [(node: Int32, position: Int)], next: Int, inserted: Bool)] = [
      (trackedChildren(of: 0), 0, false)
    ]
    var path: [Int] = []
    while let top = stack.last {
      guard top.next < top.children.count else {
        stack.removeLast()
        if !path.isEmpty { path.removeLast() }
        continue
      }
      let (child, position) = top.children[top.next]
      stack[stack.count - 1].next += 1
      alive[Int(child)] = true
      let info = tracker.nodes[Int(child)]
      if info.kind == .inserted, !top.inserted { diff.inserts.append(IndexPath(indexes: path + [position])) }
      if info.kind == .original, info.moved { finalPaths[child] = IndexPath(indexes: path + [position]) }
      path.append(position)
      stack.append((trackedChildren(of: child), 0, info.kind == .inserted))
    }
  }

  private func trackedChildren(of owner: Int32) -> [(node: Int32, position: Int)] {
    var children: [(node: Int32, position: Int)] = []
    tracker.forEachTrackedChild(of: owner) { children.append(($0, $1)) }
    return children
  }

  /// The source path of an original node, read off its chain of source parents.
  private func oldPath(of node: Int32) -> IndexPath {
    var reversed: [Int] = []
    var current = node
    while current != 0 {
      let info = tracker.nodes[Int(current)]
      reversed.append(info.oldIndex)
      current = info.oldParent
    }
    return IndexPath(indexes: reversed.reversed())
  }
}
