import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

/// A node value with an identity and a version: updates bump the version, so a tree diff sees
/// them as updates of the same node.
struct TreeItem: Hashable, Identifiable, Sendable, CustomStringConvertible {
  var id: Int
  var version = 0

  var description: String { version == 0 ? "\(id)" : "\(id)'\(version)" }
}

typealias ItemTree = TreeArray<TreeItem>
typealias ItemOperation = OrderedCollectionOperation<TreeNode<TreeItem>, IndexPath>

extension TreeArray {
  /// A copy with `patch` applied.
  func applying(_ patch: [OrderedCollectionOperation<TreeNode<Value>, IndexPath>]) -> Self {
    var copy = self
    copy.apply(patch)
    return copy
  }

  /// Every node path, depth-first.
  var allPaths: [IndexPath] { depthFirst.map(\.indexPath) }
}

/// Builds random trees and random patches with unique node ids.
struct RandomTrees {
  var rng: SeededRandomNumberGenerator
  var nextID = 1
  let maxDepth: Int

  init(seed: UInt64, maxDepth: Int = 5) {
    rng = SeededRandomNumberGenerator(seed: seed)
    self.maxDepth = maxDepth
  }

  mutating func node(depth: Int, budget: inout Int, fanOut: Int) -> TreeNode<TreeItem> {
    budget -= 1
    let id = nextID
    nextID += 1
    var children: [TreeNode<TreeItem>] = []
    if depth < maxDepth {
      let count = Int.random(in: 0...fanOut, using: &rng)
      for _ in 0..<count where budget > 0 {
        children.append(node(depth: depth + 1, budget: &budget, fanOut: fanOut))
      }
    }
    return TreeNode(TreeItem(id: id), children)
  }

  /// A forest of about `size` nodes.
  mutating func tree(size: Int, fanOut: Int = 4) -> ItemTree {
    var budget = size
    var roots: [TreeNode<TreeItem>] = []
    while budget > 0 {
      roots.append(node(depth: 1, budget: &budget, fanOut: fanOut))
    }
    return TreeArray(roots)
  }

  /// Paths where a node can be inserted in `tree` without exceeding the maximum depth.
  func insertionPaths(in tree: ItemTree) -> [IndexPath] {
    var paths = (0...tree.children.count).map { IndexPath(index: $0) }
    for (path, node) in tree.depthFirst where path.count < maxDepth {
      paths += (0...node.children.count).map { path.appending($0) }
    }
    return paths
  }

  /// A random node path found by a random walk from the roots (O(depth), not uniform).
  mutating func randomPath(in tree: ItemTree) -> IndexPath? {
    guard !tree.children.isEmpty else { return nil }
    var path = IndexPath(index: Int.random(in: 0..<tree.children.count, using: &rng))
    var node = tree.children[path[0]]
    while !node.children.isEmpty, Int.random(in: 0..<10, using: &rng) < 7 {
      let index = Int.random(in: 0..<node.children.count, using: &rng)
      path.append(index)
      node = node.children[index]
    }
    return path
  }

  /// A random path where a subtree of height `height` can be inserted within the maximum depth.
  mutating func randomInsertionPath(in tree: ItemTree, height: Int = 1) -> IndexPath? {
    for _ in 0..<8 {
      if Int.random(in: 0..<4, using: &rng) == 0 || tree.children.isEmpty {
        if height <= maxDepth { return IndexPath(index: Int.random(in: 0...tree.children.count, using: &rng)) }
        continue
      }
      guard let parent = randomPath(in: tree), parent.count + height <= maxDepth else { continue }
      return parent.appending(Int.random(in: 0...tree[childAt: parent].children.count, using: &rng))
    }
    return nil
  }

  /// A random valid operation on `tree`, and the tree after it.
  mutating func operation(on tree: ItemTree) -> (ItemOperation, ItemTree) {
    var kind = Int.random(in: 0..<4, using: &rng)
    if tree.children.isEmpty { kind = 0 }
    var result = tree
    switch kind {
    case 0:
      let target = randomInsertionPath(in: tree) ?? IndexPath(index: 0)
      var budget = Int.random(in: 1...4, using: &rng)
      var limited = RandomTrees(seed: rng.next(), maxDepth: maxDepth - target.count + 1)
      limited.nextID = nextID
      let node = limited.node(depth: 1, budget: &budget, fanOut: 2)
      nextID = limited.nextID
      result.insert(node, at: target)
      return (.insert(node, at: target), result)
    case 1:
      let target = randomPath(in: tree)!
      result.remove(at: target)
      return (.delete(at: target), result)
    case 2:
      let target = randomPath(in: tree)!
      var node = tree[childAt: target]
      node.value.version += 1
      // The children of an update's element are ignored; give it none to prove it.
      node.children = []
      result.updateValue(node.value, at: target)
      return (.update(at: target, newElement: node), result)
    default:
      let source = randomPath(in: tree)!
      let moving = result.remove(at: source)
      let target = randomInsertionPath(in: result, height: height(of: moving)) ?? IndexPath(index: 0)
      result.insert(moving, at: target)
      return (.move(from: source, to: target), result)
    }
  }

  private func height(of node: TreeNode<TreeItem>) -> Int {
    1 + (node.children.map { height(of: $0) }.max() ?? 0)
  }

  /// A random patch of `count` operations on `tree`, and the tree after it.
  mutating func patch(count: Int, on tree: ItemTree) -> ([ItemOperation], ItemTree) {
    var current = tree
    var patch: [ItemOperation] = []
    for _ in 0..<count {
      let (operation, next) = operation(on: current)
      patch.append(operation)
      current = next
    }
    return (patch, current)
  }
}

/// The diff a patch must produce, computed from node identities: every node value has a unique
/// id, so the old and new trees say what survived, and the patch says what moved and updated.
func expectedTreeDiff(old: ItemTree, new: ItemTree, patch: [ItemOperation]) -> OrderedCollectionDiff<IndexPath> {
  var oldPaths: [Int: IndexPath] = [:]
  var newPaths: [Int: IndexPath] = [:]
  for (path, node) in old.depthFirst { oldPaths[node.value.id] = path }
  for (path, node) in new.depthFirst { newPaths[node.value.id] = path }
  var moved = Set<Int>()
  var updated = Set<Int>()
  var tree = old
  for operation in patch {
    switch operation {
    case .move(let from, _): moved.insert(tree[childAt: from].value.id)
    case .update(let at, _): updated.insert(tree[childAt: at].value.id)
    default: break
    }
    tree.apply(operation)
  }
  var diff = OrderedCollectionDiff<IndexPath>()
  for (path, node) in old.depthFirst {
    let id = node.value.id
    if let newPath = newPaths[id] {
      if moved.contains(id) { diff.moves.append((from: path, to: newPath)) }
      if updated.contains(id) { diff.updates.append(path) }
    } else if path.count == 1 || newPaths[old[childAt: path.dropLast()].value.id] != nil {
      diff.deletes.append(path)
    }
  }
  for (path, node) in new.depthFirst where oldPaths[node.value.id] == nil {
    if path.count == 1 || oldPaths[new[childAt: path.dropLast()].value.id] != nil {
      diff.inserts.append(path)
    }
  }
  diff.deletes.sort()
  diff.inserts.sort()
  diff.updates.sort()
  diff.moves.sort { $0.from < $1.from }
  return diff
}

/// Asserts that two diffs are equal part by part, once sorted.
func assertSameTreeDiff(
  _ actual: OrderedCollectionDiff<IndexPath>,
  _ expected: OrderedCollectionDiff<IndexPath>,
  _ message: @autoclosure () -> String,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  func sorted(_ diff: OrderedCollectionDiff<IndexPath>) -> OrderedCollectionDiff<IndexPath> {
    OrderedCollectionDiff(
      inserts: diff.inserts.sorted(), deletes: diff.deletes.sorted(), updates: diff.updates.sorted(),
      moves: diff.moves.sorted { $0.from == $1.from ? $0.to < $1.to : $0.from < $1.from })
  }
  XCTAssertEqual(sorted(actual), sorted(expected), message(), file: file, line: line)
}
