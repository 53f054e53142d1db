import Foundation

/// A tree flattened in depth-first pre-order into parallel arrays, so the diff can work on plain
/// integers. Node `k`'s children are `childList[childStart[k] ..< childStart[k + 1]]` (the last
/// node's run ends at the end of `childList`); the roots are `childList[0 ..< rootCount]`.
@usableFromInline
struct FlatTree<Node: TreeNodeProtocol> where Node.ChildNode == Node {
  @usableFromInline
  var nodes: [Node] = []
  @usableFromInline
  var parent: [Int32] = []
  @usableFromInline
  var indexInParent: [Int32] = []
  @usableFromInline
  var childStart: [Int32] = []
  @usableFromInline
  var childList: [Int32] = []
  @usableFromInline
  let rootCount: Int

  /// Flattens `tree`, calling `visit` with each node's number and node in pre-order; keeps the
  /// nodes in ``nodes`` only when `keepsNodes` is set.
  @inlinable
  init<Tree: TreeProtocol>(_ tree: Tree, keepsNodes: Bool, visit: (Int32, Node) -> Void) where Tree.ChildNode == Node {
    let roots = tree.children
    rootCount = roots.count
    childList = [Int32](repeating: -1, count: rootCount)
    var stack: [(id: Int32, children: Node.Children, next: Int)] = []
    var nextRoot = 0
    while true {
      if let top = stack.last {
        guard top.next < top.children.count else {
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let child = top.children[top.children.startIndex + top.next]
        let id = append(child, parent: top.id, index: top.next, keepsNodes: keepsNodes)
        childList[Int(childStart[Int(top.id)]) + top.next] = id
        visit(id, child)
        stack.append((id, child.children, 0))
      } else if nextRoot < rootCount {
        let root = roots[roots.startIndex + nextRoot]
        let id = append(root, parent: -1, index: nextRoot, keepsNodes: keepsNodes)
        childList[nextRoot] = id
        visit(id, root)
        nextRoot += 1
        stack.append((id, root.children, 0))
      } else {
        break
      }
    }
  }

  @inlinable
  var count: Int { parent.count }

  @inlinable
  mutating func append(_ node: Node, parent: Int32, index: Int, keepsNodes: Bool) -> Int32 {
    let id = Int32(self.parent.count)
    if keepsNodes { nodes.append(node) }
    self.parent.append(parent)
    indexInParent.append(Int32(index))
    childStart.append(Int32(childList.count))
    childList.append(contentsOf: repeatElement(-1, count: node.children.count))
    return id
  }

  /// The children of `node`, or the roots for -1.
  @inlinable
  func children(of node: Int32) -> ArraySlice<Int32> {
    if node < 0 { return childList[0..<rootCount] }
    let start = Int(childStart[Int(node)])
    let end = Int(node) + 1 < childStart.count ? Int(childStart[Int(node) + 1]) : childList.count
    return childList[start..<end]
  }

  @inlinable
  func path(of node: Int32) -> IndexPath {
    var reversed: [Int] = []
    var current = node
    while current >= 0 {
      reversed.append(Int(indexInParent[Int(current)]))
      current = parent[Int(current)]
    }
    return IndexPath(indexes: reversed.reversed())
  }
}

/// Diffs two trees by node identity: the engine behind `diff(from:)` on trees.
@usableFromInline
enum TreeDiffer {
  /// The diff from `old` to `new` (see ``TreeProtocol/diff(from:identifiedBy:isEqual:)``).
  @inlinable
  static func diff<Tree: TreeProtocol, ID: Hashable>(
    from old: Tree,
    to new: Tree,
    identifiedBy identifier: (Tree.ChildNode) -> ID,
    isEqual: (Tree.ChildNode, Tree.ChildNode) -> Bool
  ) -> OrderedCollectionDiff<IndexPath> {
    if let sectioned = new as? any _SectionedTreeDiffing {
      return sectioned._sectionedTreeDiff(from: old, identifiedBy: identifier, isEqual: isEqual)
    }
    // Match identities; the first occurrence in pre-order on each side is the one that matches.
    // The table maps an identity to its old node, or to -1 once an unmatched new node has it.
    let oldTree = FlatTree<Tree.ChildNode>(old, keepsNodes: true) { _, _ in }
    var table: [ID: Int32] = [:]
    table.reserveCapacity(oldTree.count)
    var oldDuplicates = 0
    var newDuplicates = 0
    for id in 0..<oldTree.count {
      // One lookup in the common case; a duplicate puts the first occurrence back.
      if let first = table.updateValue(Int32(id), forKey: identifier(oldTree.nodes[id])) {
        table[identifier(oldTree.nodes[id])] = first
        oldDuplicates += 1
      }
    }
    var oldToNew = [Int32](repeating: -1, count: oldTree.count)
    var newToOld: [Int32] = []
    var updated: [Int32] = []
    let newTree = FlatTree<Tree.ChildNode>(new, keepsNodes: false) { id, node in
      newToOld.append(-1)
      let key = identifier(node)
      guard let match = table[key] else {
        table[key] = -1
        return
      }
      guard match >= 0, oldToNew[Int(match)] < 0 else {
        newDuplicates += 1
        return
      }
      oldToNew[Int(match)] = id
      newToOld[Int(id)] = match
      if !isEqual(oldTree.nodes[Int(match)], node) { updated.append(match) }
    }
    if oldDuplicates + newDuplicates > 0 {
      TetherLogger.shared.warn(
        "Tree diff: \(oldDuplicates) node(s) of the old tree and \(newDuplicates) of the new tree repeat an identity"
          + " that an earlier node (in depth-first pre-order) has; each is diffed as a different node"
          + " (deleted from the old tree, inserted into the new one)")
    }

    var diff = OrderedCollectionDiff<IndexPath>()
    // A matched node whose parent is not the match of its old parent changed parent: a move.
    var moved = [Bool](repeating: false, count: newTree.count)
    for id in 0..<newTree.count {
      let match = newToOld[id]
      guard match >= 0 else { continue }
      let oldParent = oldTree.parent[Int(match)]
      let newParent = newTree.parent[id]
      let sameParent = oldParent < 0 ? newParent < 0 : oldToNew[Int(oldParent)] == newParent && newParent >= 0
      if !sameParent { moved[id] = true }
    }
    // Among the children that kept their parent, the longest run in old order stays; the rest move.
    var oldIndices: [Int32] = []
    var candidates: [Int32] = []
    for parent in Int32(-1)..<Int32(newTree.count) {
      if parent >= 0 && newToOld[Int(parent)] < 0 { continue }
      oldIndices.removeAll(keepingCapacity: true)
      candidates.removeAll(keepingCapacity: true)
      for child in newTree.children(of: parent) where newToOld[Int(child)] >= 0 && !moved[Int(child)] {
        candidates.append(child)
        oldIndices.append(oldTree.indexInParent[Int(newToOld[Int(child)])])
      }
      if candidates.count < 2 { continue }
      let keep = longestIncreasingSubsequenceMembers(oldIndices)
      for (position, child) in candidates.enumerated() where !keep[position] { moved[Int(child)] = true }
    }

    for id in 0..<newTree.count {
      let match = newToOld[id]
      if match < 0 {
        let parent = newTree.parent[id]
        if parent < 0 || newToOld[Int(parent)] >= 0 { diff.inserts.append(newTree.path(of: Int32(id))) }
        continue
      }
      if moved[id] { diff.moves.append((from: oldTree.path(of: match), to: newTree.path(of: Int32(id)))) }
    }
    for id in 0..<oldTree.count where oldToNew[id] < 0 {
      let parent = oldTree.parent[id]
      if parent < 0 || oldToNew[Int(parent)] >= 0 { diff.deletes.append(oldTree.path(of: Int32(id))) }
    }
    // Pre-order traversal already gives sorted deletes and inserts; updates follow old order.
    updated.sort()
    diff.updates = updated.map { oldTree.path(of: $0) }
    diff.moves.sort { $0.from < $1.from }
    return diff
  }
}

/// Marks the members of one longest strictly increasing subsequence of `values`.
///
/// - Complexity: O(m log m) for m values.
@usableFromInline
func longestIncreasingSubsequenceMembers(_ values: [Int32]) -> [Bool] {
  // tails[k]: position of the smallest tail of an increasing run of length k + 1.
  var tails: [Int] = []
  var previous = [Int](repeating: -1, count: values.count)
  for (position, value) in values.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[position] = tails[low - 1] }
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }
  var members = [Bool](repeating: false, count: values.count)
  var current = tails.last ?? -1
  while current >= 0 {
    members[current] = true
    current = previous[current]
  }
  return members
}
