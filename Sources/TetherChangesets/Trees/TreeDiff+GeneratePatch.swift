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
    let patch = generator.generate()
    if let path = generator.unreachableUpdate {
      tetherPreconditionFailure(
        "An updated node of the tree diff ends at \(path), which \(tree) does not have: the diff is not valid for it")
    }
    return patch
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
  /// The tracked nodes of the move sources.
  private var moveSources: [Int32] = []
  private var prepared = false
  /// Final paths of inserts and move targets, sorted, with what goes there.
  private var placements: [(path: IndexPath, placement: Placement)] = []
  /// The final paths the generator has met, as a trie, so a path as deep as the tree is walked
  /// index by index instead of being hashed once per prefix.
  private var finalPaths = FinalPathTrie()
  /// Where an updated node ended when the final tree has no node there: the diff is not valid for
  /// the tree (its counts do not add up), and ``generate()`` stopped instead of trapping, since
  /// the validator generates before it checks counts (issue 25: a hand-built diff trapped the
  /// outline binder's check).
  private(set) var unreachableUpdate: IndexPath?

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
      moveSources.append(node)
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
      finalPaths.addPlacedIndex(index, under: finalPaths.node(for: entry.path, count: entry.path.count - 1))
    }
  }

  /// The patch; the tracker ends in the final state.
  mutating func generate() -> [Operation] {
    if diff.isEmpty { return [] }
    prepare()
    patch.reserveCapacity(diff.count)

    // A deleted subtree that some node moves out of can only go once that node has left. The
    // source ancestors of a move source are its tracked nodes' chain of source parents.
    let deletedNodes = Set(deleted.map(\.node))
    var blocked = Set<Int32>()
    for source in moveSources {
      var ancestor = tracker[source].oldParent
      while ancestor > 0 {
        if deletedNodes.contains(ancestor) { blocked.insert(ancestor) }
        ancestor = tracker[ancestor].oldParent
      }
    }
    deleted.sort { $0.path > $1.path }
    for entry in deleted where !blocked.contains(entry.node) { emitDelete(entry.node) }

    for (position, entry) in placements.enumerated() {
      switch entry.placement {
      case .insert: emitInsert(at: entry.path, placementIndex: position)
      case .move(let node): emitMove(node, to: entry.path)
      }
    }

    for entry in deleted where blocked.contains(entry.node) { emitDelete(entry.node) }

    for entry in updated {
      guard let path = tracker.path(of: entry.node) else {
        tetherPreconditionFailure("The update at \(entry.path) addresses a node that the same diff deletes")
      }
      guard tree.contains(indexPath: path) else {
        unreachableUpdate = path
        return patch
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
    let (parent, parentEntry) = resolveFinalParent(of: path)
    let position = insertionPosition(under: parentEntry, parent: parent, finalIndex: path.last!)
    let node = tracker.makeNode(kind: .inserted, oldParent: -1, oldIndex: -1)
    tracker.insert(node, at: position, of: parent, fixed: false)
    finalPaths.setTrackedNode(node, for: finalPaths.child(path.last!, of: parentEntry))
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
    let (parent, parentEntry) = resolveFinalParent(of: path)
    let position = insertionPosition(under: parentEntry, parent: parent, finalIndex: path.last!)
    tracker.insert(node, at: position, of: parent, fixed: false)
    finalPaths.setTrackedNode(node, for: finalPaths.child(path.last!, of: parentEntry))
    patch.append(.move(from: source, to: tracker.path(of: node)!))
  }

  /// Where a node whose final index under the final parent `parentEntry` is `finalIndex` goes
  /// now: right after its final predecessor, which is already in place (placements run in
  /// ascending final order).
  private mutating func insertionPosition(under parentEntry: Int32, parent: Int32, finalIndex: Int) -> Int {
    if finalIndex == 0 { return 0 }
    let predecessor = finalIndex - 1
    if let entry = finalPaths.existingChild(predecessor, of: parentEntry),
      let placed = finalPaths.trackedNode(of: entry), tracker[placed].owner == parent
    {
      return tracker.position(of: placed) + 1
    }
    let rank = finalPaths.fixedRank(of: predecessor, under: parentEntry)
    return tracker.positionOfFixedChild(rank: rank, of: parent) + 1
  }

  /// The tracked node that has final path `path` (a placed node, or a fixed one found by rank).
  mutating func resolveFinal(_ path: IndexPath) -> Int32 {
    resolveFinal(path, count: path.count).node
  }

  /// The tracked node of the final parent of `path`, with its trie entry.
  private mutating func resolveFinalParent(of path: IndexPath) -> (node: Int32, entry: Int32) {
    resolveFinal(path, count: path.count - 1)
  }

  /// The tracked node that has the first `count` indices of `path` as its final path, resolved
  /// level by level from the root (a loop, so any depth is fine), with its trie entry.
  private mutating func resolveFinal(_ path: IndexPath, count: Int) -> (node: Int32, entry: Int32) {
    var node: Int32 = 0
    var entry: Int32 = 0
    for depth in 0..<count {
      let index = path[depth]
      let child = finalPaths.child(index, of: entry)
      if let known = finalPaths.trackedNode(of: child) {
        node = known
      } else {
        let rank = finalPaths.fixedRank(of: index, under: entry)
        node = tracker.child(at: tracker.positionOfFixedChild(rank: rank, of: node), of: node)
        finalPaths.setTrackedNode(node, for: child)
      }
      entry = child
    }
    return (node, entry)
  }

  /// A node being rebuilt by ``pruned(_:removing:)``: its children, the next child, the range of
  /// the paths below it (whose index at `depth` is a child index of this node), and the children
  /// kept so far.
  private struct PruneFrame {
    let node: Tree.ChildNode
    let children: Tree.ChildNode.Children
    var next = 0
    var pathIndex: Int
    let pathEnd: Int
    let depth: Int
    var kept: [Tree.ChildNode] = []
  }

  /// `node` without the descendants at `paths` (relative, sorted, non-empty), rebuilt with an
  /// explicit stack so that deep entries cost no stack.
  private func pruned(_ node: Tree.ChildNode, removing paths: ArraySlice<IndexPath>) -> Tree.ChildNode {
    var stack = [
      PruneFrame(node: node, children: node.children, pathIndex: paths.startIndex, pathEnd: paths.endIndex, depth: 0)
    ]
    while true {
      let top = stack.count - 1
      guard stack[top].next < stack[top].children.count else {
        let finished = stack.removeLast()
        let rebuilt = Tree.ChildNode(finished.node.value, finished.kept)
        if stack.isEmpty { return rebuilt }
        stack[stack.count - 1].kept.append(rebuilt)
        continue
      }
      let index = stack[top].next
      stack[top].next += 1
      let child = stack[top].children[stack[top].children.startIndex + index]
      let depth = stack[top].depth
      let start = stack[top].pathIndex
      var end = start
      var removed = false
      while end < stack[top].pathEnd, paths[end][depth] == index {
        if paths[end].count == depth + 1 { removed = true }
        end += 1
      }
      stack[top].pathIndex = end
      if removed { continue }
      if start == end {
        stack[top].kept.append(child)
      } else {
        stack.append(
          PruneFrame(node: child, children: child.children, pathIndex: start, pathEnd: end, depth: depth + 1))
      }
    }
  }
}

/// The final paths a ``TreePatchGenerator`` works with, as a trie: entry 0 is the empty path, and
/// each entry knows its children by index, the sorted final indices of the placements (inserts and
/// move targets) directly below it, and the tracked node at its path once resolved or placed.
private struct FinalPathTrie {
  private struct Key: Hashable {
    let parent: Int32
    let index: Int
  }

  private var entries: [Key: Int32] = [:]
  private var placedIndices: [Int32: [Int]] = [:]
  private var trackedNodes: [Int32: Int32] = [:]
  private var count: Int32 = 1

  /// The entry of the child at `index` of `parent`, created if needed.
  mutating func child(_ index: Int, of parent: Int32) -> Int32 {
    let key = Key(parent: parent, index: index)
    if let known = entries[key] { return known }
    let entry = count
    count += 1
    entries[key] = entry
    return entry
  }

  /// The entry of the child at `index` of `parent`, if there is one.
  func existingChild(_ index: Int, of parent: Int32) -> Int32? {
    entries[Key(parent: parent, index: index)]
  }

  /// The entry of the first `count` indices of `path`.
  mutating func node(for path: IndexPath, count: Int) -> Int32 {
    var entry: Int32 = 0
    for depth in 0..<count { entry = child(path[depth], of: entry) }
    return entry
  }

  /// Records a placement at final index `index` below `parent`; placements arrive sorted.
  mutating func addPlacedIndex(_ index: Int, under parent: Int32) {
    placedIndices[parent, default: []].append(index)
  }

  /// Among the final children of `parent`, the rank of `finalIndex` among those that stay (that
  /// no placement puts there).
  func fixedRank(of finalIndex: Int, under parent: Int32) -> Int {
    guard let indices = placedIndices[parent] else { return finalIndex }
    var low = 0
    var high = indices.count
    while low < high {
      let middle = (low + high) / 2
      if indices[middle] < finalIndex { low = middle + 1 } else { high = middle }
    }
    return finalIndex - low
  }

  func trackedNode(of entry: Int32) -> Int32? {
    trackedNodes[entry]
  }

  mutating func setTrackedNode(_ node: Int32, for entry: Int32) {
    trackedNodes[entry] = node
  }
}
