import Foundation
import TetherChangesets
import TetherTestSupport

typealias Grid = Array2D<Int, Int>
typealias GridNode = TreeNode<Array2DElement<Int, Int>>

/// A random tree patch valid on `grid` (sections and items only), with fresh values from a counter.
func randomGridPatch(
  on grid: Grid,
  count: Int,
  next: inout Int,
  using rng: inout SeededRandomNumberGenerator
) -> [OrderedCollectionOperation<GridNode, IndexPath>] {
  var shape = grid.sections.map(\.items.count)
  var patch: [OrderedCollectionOperation<GridNode, IndexPath>] = []
  func fresh() -> Int {
    next += 1
    return next
  }
  for _ in 0..<count {
    let itemSections = shape.indices.filter { shape[$0] > 0 }
    switch Int.random(in: 0..<10, using: &rng) {
    case 0 where shape.count < 6:
      let items = (0..<Int.random(in: 0...3, using: &rng)).map { _ in GridNode(.item(fresh())) }
      let index = Int.random(in: 0...shape.count, using: &rng)
      patch.append(.insert(GridNode(.section(fresh()), items), at: [index]))
      shape.insert(items.count, at: index)
    case 1 where !shape.isEmpty:
      let index = Int.random(in: 0..<shape.count, using: &rng)
      patch.append(.delete(at: [index]))
      shape.remove(at: index)
    case 2 where !shape.isEmpty:
      let from = Int.random(in: 0..<shape.count, using: &rng)
      let to = Int.random(in: 0..<shape.count, using: &rng)
      patch.append(.move(from: [from], to: [to]))
      shape.insert(shape.remove(at: from), at: to)
    case 3 where !shape.isEmpty:
      patch.append(.update(at: [Int.random(in: 0..<shape.count, using: &rng)], newElement: GridNode(.section(fresh()))))
    case 4 where !shape.isEmpty, 5 where !shape.isEmpty:
      let section = Int.random(in: 0..<shape.count, using: &rng)
      patch.append(.insert(GridNode(.item(fresh())), at: [section, Int.random(in: 0...shape[section], using: &rng)]))
      shape[section] += 1
    case 6 where !itemSections.isEmpty:
      let section = itemSections.randomElement(using: &rng)!
      patch.append(.delete(at: [section, Int.random(in: 0..<shape[section], using: &rng)]))
      shape[section] -= 1
    case 7 where !itemSections.isEmpty:
      let section = itemSections.randomElement(using: &rng)!
      let item = Int.random(in: 0..<shape[section], using: &rng)
      patch.append(.update(at: [section, item], newElement: GridNode(.item(fresh()))))
    case 8 where !itemSections.isEmpty, 9 where !itemSections.isEmpty:
      let from = itemSections.randomElement(using: &rng)!
      let fromItem = Int.random(in: 0..<shape[from], using: &rng)
      shape[from] -= 1
      let to = Int.random(in: 0..<shape.count, using: &rng)
      let toItem = Int.random(in: 0...shape[to], using: &rng)
      shape[to] += 1
      patch.append(.move(from: [from, fromItem], to: [to, toItem]))
    default:
      let index = Int.random(in: 0...shape.count, using: &rng)
      patch.append(.insert(GridNode(.section(fresh()), [GridNode(.item(fresh()))]), at: [index]))
      shape.insert(1, at: index)
    }
  }
  return patch
}

/// A random tree patch on a forest of up to three levels (roots, children, grandchildren).
func randomForestPatch(
  on forest: TreeArray<Int>,
  count: Int,
  next: inout Int,
  using rng: inout SeededRandomNumberGenerator
) -> [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] {
  var tree = forest
  var patch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = []
  for _ in 0..<count {
    let paths = Array(tree.depthFirst.map(\.indexPath))
    let operation: OrderedCollectionOperation<TreeNode<Int>, IndexPath>
    next += 1
    let kind = paths.isEmpty ? 0 : Int.random(in: 0..<4, using: &rng)
    switch kind {
    case 0:
      // Insert under the root or under a node of depth 1 or 2.
      let parents = [IndexPath()] + paths.filter { $0.count < 3 }
      let parent = parents.randomElement(using: &rng)!
      let siblings = parent.isEmpty ? tree.children.count : tree[childAt: parent].children.count
      operation = .insert(TreeNode(next), at: parent.appending(Int.random(in: 0...siblings, using: &rng)))
    case 1:
      operation = .delete(at: paths.randomElement(using: &rng)!)
    case 2:
      operation = .update(at: paths.randomElement(using: &rng)!, newElement: TreeNode(next))
    default:
      // Move a node to another place at the same depth, keeping depth at most 3.
      let source = paths.randomElement(using: &rng)!
      var removed = tree
      let node = removed.remove(at: source)
      let height = node.depthFirst.map(\.indexPath.count).max() ?? 0
      let parents = ([IndexPath()] + Array(removed.depthFirst.map(\.indexPath))).filter { $0.count + 1 + height <= 3 }
      let parent = parents.randomElement(using: &rng)!
      let siblings = parent.isEmpty ? removed.children.count : removed[childAt: parent].children.count
      operation = .move(from: source, to: parent.appending(Int.random(in: 0...siblings, using: &rng)))
    }
    tree.apply(operation)
    patch.append(operation)
  }
  return patch
}
