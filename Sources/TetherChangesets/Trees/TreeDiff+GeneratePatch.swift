import Foundation
import TetherSynchronization

extension OrderedCollectionDiff where Index == IndexPath {
  /// A tree patch that performs this diff, reading inserted and updated nodes from `tree`, the
  /// final tree.
  ///
  /// The patch has one operation per entry of the diff, in this order:
  /// 1. deletes of subtrees that no move leaves, from the last source path to the first;
  /// 2. inserts and moves, in ascending order of their final paths, so every node is placed
  ///    right after its final predecessor and under a parent that is already where it belongs;
  /// 3. the remaining deletes (subtrees some node moved out of), last path first;
  /// 4. updates, at their final paths, carrying the final node.
  ///
  /// An insert carries the final node with its subtree, minus the descendants that have their own
  /// entry in the diff (nodes moved into the new subtree, or listed as inserts themselves); those
  /// are placed by their own operations. When nothing needs pruning the final tree's node is
  /// inserted as is (for an object tree, the same object).
  ///
  /// - Parameter tree: The tree after the change.
  /// - Precondition: The diff is valid for the change to `tree` (see
  ///   ``TreeChangesetValidator``).
  /// - Complexity: O(k d log(k d)) expected for k entries with paths of length at most d, plus
  ///   the children of the nodes pruned from inserted subtrees.
  public func generateTreePatch<Tree: TreeProtocol>(
    to tree: Tree
  ) -> [OrderedCollectionOperation<Tree.ChildNode, IndexPath>] {
    var generator = TreePatchGenerator<Tree>(diff: self, tree: tree)
    return generator.generate()
  }
}

/// Turns a tree diff into a patch by following it on a ``TreeTracker``; the validator also reads
/// the tracker afterwards to pair source and final paths of surviving nodes.
struct TreePatchGenerator<Tree: TreeProtocol> {
  typealias Operation = OrderedCollectionOperation<Tree.ChildNode, IndexPath>

  private enum Placement {
    case insert
    case move(Int32)
  }

  let diff: OrderedCollectionDiff<IndexPath>
  let tree: Tree
  private(set) var tracker: TreeTracker
  private var patch: [Operation] = []
  private var deleted: [(path: IndexPath, node: Int32)] = []
  private var updated: [(path: IndexPath, node: Int32)] = []
  private var moveSources = Set<IndexPath>()
  private var prepared = false
  /// Final paths of inserts and move targets, sorted, with what goes there.
  private var placements: [(path: IndexPath, placement: Placement)] = []
  /// For each final parent path, the sorted final indices of the placements below it.
  private var placedIndices: [IndexPath: [Int]] = [:]
  /// Tracked nodes by final path: placed nodes and resolved fixed ancestors.
  private var finalNodes: [IndexPath: Int32] = [:]

  init(diff: OrderedCollectionDiff<IndexPath>, tree: Tree) {
    self.diff = diff
    self.tree = tree
    tracker = TreeTracker(capacity: 4 * diff.count)
  }

  /// Tracks every source-space entry, before anything changes.
  mutating func prepare() {
    if prepared { return }
    prepared = true
    for path in diff.deletes {
      let node = resolveSource(path, "delete")
      tracker.setFixed(node, false)
      deleted.append((path, node))
    }
    for move in diff.moves {
      let node = resolveSource(move.from, "move source")
      tracker.setFixed(node, false)
      placements.append((move.to, .move(node)))
      moveSources.insert(move.from)
    }
    updated = diff.updates.map { (path: $0, node: resolveSource($0, "update")) }
    for path in diff.inserts { placements.append((path, .insert)) }
    placements.sort { $0.path < $1.path }
    for (position, entry) in placements.enumerated() {
      guard let index = entry.path.last else {
        tetherPreconditionFailure("A tree diff entry has an empty index path; the empty path is the tree itself")
      }
      if position > 0, placements[position - 1].path == entry.path {
        tetherPreconditionFailure("Index path \(entry.path) is the final path of two inserts or moves")
      }
      placedIndices[entry.path.dropLast(), default: []].append(index)
    }
  }

  /// The patch; the tracker ends in the final state.
  mutating func generate() -> [Operation] {
    if diff.isEmpty { return [] }
    prepare()
    patch.reserveCapacity(diff.count)

    // A deleted subtree that some node moves out of can only go once that node has left.
    let deletedPaths = Set(deleted.map(\.path))
    var blocked = Set<IndexPath>()
    for source in moveSources {
      var prefix = source.dropLast()
      while !prefix.isEmpty {
        if deletedPaths.contains(prefix) { blocked.insert(prefix) }
        prefix = prefix.dropLast()
      }
    }
    deleted.sort { $0.path > $1.path }
    for entry in deleted where !blocked.contains(entry.path) { emitDelete(entry.node) }

    for (position, entry) in placements.enumerated() {
      switch entry.placement {
      case .insert: emitInsert(at: entry.path, placementIndex: position)
      case .move(let node): emitMove(node, to: entry.path)
      }
    }

    for entry in deleted where blocked.contains(entry.path) { emitDelete(entry.node) }

    for entry in updated {
      guard let path = tracker.path(of: entry.node) else {
        tetherPreconditionFailure("The update at \(entry.path) addresses a node that the same diff deletes")
      }
      patch.append(.update(at: path, newElement: tree[childAt: path]))
    }
    return patch
  }

  /// The tracked node at a source path; only before ``generate()`` (positions are source indices).
  mutating func resolveSource(_ path: IndexPath, _ change: String) -> Int32 {
    guard !path.isEmpty else {
      tetherPreconditionFailure("A tree diff \(change) has an empty index path; the empty path is the tree itself")
    }
    var node: Int32 = 0
    for index in path {
      guard index >= 0 else { tetherPreconditionFailure("Index \(index) is out of range in the \(change) at \(path)") }
      node = tracker.child(at: index, of: node)
    }
    return node
  }

  private mutating func emitDelete(_ node: Int32) {
    // A node inside a subtree deleted earlier (a redundant entry) is already gone.
    guard let path = tracker.path(of: node) else { return }
    patch.append(.delete(at: path))
    tracker.detach(node)
  }

  private mutating func emitInsert(at path: IndexPath, placementIndex: Int) {
    let parentPath = path.dropLast()
    let parent = resolveFinal(parentPath)
    let position = insertionPosition(under: parentPath, parent: parent, finalIndex: path.last!)
    let node = tracker.makeNode(kind: .inserted, oldParent: -1, oldIndex: -1)
    tracker.insert(node, at: position, of: parent, fixed: false)
    finalNodes[path] = node
    // Descendants with their own entries follow this one in the sorted placements.
    var ownEntries: [IndexPath] = []
    var next = placementIndex + 1
    while next < placements.count, path.isAncestor(of: placements[next].path) {
      ownEntries.append(placements[next].path.suffix(from: path.count))
      next += 1
    }
    let element = tree[childAt: path]
    patch.append(
      .insert(ownEntries.isEmpty ? element : pruned(element, removing: ownEntries[...]), at: tracker.path(of: node)!))
  }

  private mutating func emitMove(_ node: Int32, to path: IndexPath) {
    guard let source = tracker.path(of: node) else {
      tetherPreconditionFailure("A move source is inside a subtree the diff deletes without moving it out first")
    }
    tracker.detach(node)
    let parentPath = path.dropLast()
    let parent = resolveFinal(parentPath)
    let position = insertionPosition(under: parentPath, parent: parent, finalIndex: path.last!)
    tracker.insert(node, at: position, of: parent, fixed: false)
    finalNodes[path] = node
    patch.append(.move(from: source, to: tracker.path(of: node)!))
  }

  /// Where a node whose final index under `parentPath` is `finalIndex` goes now: right after its
  /// final predecessor, which is already in place (placements run in ascending final order).
  private mutating func insertionPosition(under parentPath: IndexPath, parent: Int32, finalIndex: Int) -> Int {
    if finalIndex == 0 { return 0 }
    let predecessor = finalIndex - 1
    if let placed = finalNodes[parentPath.appending(predecessor)], tracker[placed].owner == parent {
      return tracker.position(of: placed) + 1
    }
    return tracker.positionOfFixedChild(rank: fixedRank(of: predecessor, under: parentPath), of: parent) + 1
  }

  /// Among the final children of `parentPath`, the rank of `finalIndex` among those that stay.
  private func fixedRank(of finalIndex: Int, under parentPath: IndexPath) -> Int {
    guard let indices = placedIndices[parentPath] else { return finalIndex }
    var low = 0
    var high = indices.count
    while low < high {
      let middle = (low + high) / 2
      if indices[middle] < finalIndex { low = middle + 1 } else { high = middle }
    }
    return finalIndex - low
  }

  /// The tracked node that has final path `path` (a placed node, or a fixed one found by rank).
  mutating func resolveFinal(_ path: IndexPath) -> Int32 {
    if path.isEmpty { return 0 }
    if let known = finalNodes[path] { return known }
    let parentPath = path.dropLast()
    let parent = resolveFinal(parentPath)
    let position = tracker.positionOfFixedChild(rank: fixedRank(of: path.last!, under: parentPath), of: parent)
    let node = tracker.child(at: position, of: parent)
    finalNodes[path] = node
    return node
  }

  /// `node` without the descendants at `paths` (relative, sorted, non-empty).
  private func pruned(_ node: Tree.ChildNode, removing paths: ArraySlice<IndexPath>) -> Tree.ChildNode {
    var children: [Tree.ChildNode] = []
    children.reserveCapacity(node.children.count)
    var next = paths.startIndex
    for (index, child) in node.children.enumerated() {
      var below: ArraySlice<IndexPath> = []
      var removed = false
      let start = next
      while next < paths.endIndex, paths[next].first == index {
        if paths[next].count == 1 { removed = true }
        next += 1
      }
      if removed { continue }
      below = paths[start..<next]
      if below.isEmpty {
        children.append(child)
      } else {
        children.append(pruned(child, removing: ArraySlice(below.map { $0.dropFirst() })))
      }
    }
    return Tree.ChildNode(node.value, children)
  }
}
