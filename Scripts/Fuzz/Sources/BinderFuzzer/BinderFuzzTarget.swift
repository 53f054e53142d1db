// libFuzzer target for hand-built changesets handed to binders: a flat binder on a
// `FlatUpdateValidatingView`, a sectioned binder (an `Array2D`'s tree changesets) on a
// `BatchUpdateValidatingView`, and an outline binder on an `OutlineUpdateValidatingView`. The
// first byte picks the binder; the rest is a sequence of changesets, each a patch or a diff with
// indices or paths that may be out of range, and a collection that may or may not be where the
// change ends. Property, checked after every changeset: the view reports no violation and shows
// exactly the changeset's collection (a valid change is applied, an invalid one turns into a
// reload), and nothing traps.

import Foundation
import FuzzSupport
import TetherChangesets
import TetherDataSources
import TetherValidatingViews

func fuzzBinders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = FuzzInput(data, size)
  // libFuzzer calls targets on the main thread.
  MainActor.assumeIsolated {
    var input = bytes
    switch input.next() % 3 {
    case 0: fuzzFlatBinder(&input)
    case 1: fuzzSectionedBinder(&input)
    default: fuzzOutlineBinder(&input)
    }
  }
  return 0
}

/// An index near `0..<limit`: usually in range, sometimes -1 or just past the end.
func nearIndex(_ input: inout FuzzInput, _ limit: Int) -> Int {
  input.next() % (limit + 3) - 1
}

// MARK: Flat

@MainActor
func fuzzFlatBinder(_ input: inout FuzzInput) {
  let view = FlatUpdateValidatingView<Int>()
  let binder = FlatBinderDataSource<OrderedCollectionChangeset<[Int]>, FlatUpdateValidatingView<Int>> {
    collection, row, _ in collection[row]
  }
  binder.view = view
  var current = (0..<(input.next() % 8)).map { $0 }
  binder.apply(OrderedCollectionChangeset(reloading: current))
  var fresh = 100
  while !input.isAtEnd {
    let usesDiff = input.next() % 2 == 0
    var applied = current
    var valid = true
    let changeset: OrderedCollectionChangeset<[Int]>
    if usesDiff {
      var diff = OrderedCollectionDiff<Int>()
      let newCount = input.next() % 10
      for _ in 0..<(input.next() % 4) {
        switch input.next() % 4 {
        case 0: diff.inserts.append(nearIndex(&input, newCount))
        case 1: diff.deletes.append(nearIndex(&input, current.count))
        case 2: diff.updates.append(nearIndex(&input, current.count))
        default: diff.moves.append((nearIndex(&input, current.count), nearIndex(&input, newCount)))
        }
      }
      fresh += newCount
      let collection: [Int]
      if (try? ChangesetValidator.validate(diff, oldCount: current.count, newCount: newCount)) != nil {
        // A diff says nothing of content: the collection is the one the batch gives (survivors
        // keep their value, updated and inserted rows are new), else the view could not know.
        collection = batchResult(diff, old: current, newCount: newCount, fresh: &fresh)
      } else {
        collection = (0..<newCount).map { fresh - $0 }
      }
      changeset = OrderedCollectionChangeset(collection: collection, diff: diff)
    } else {
      var patch: [OrderedCollectionOperation<Int, Int>] = []
      for _ in 0..<(input.next() % 4) {
        fresh += 1
        let a = nearIndex(&input, applied.count)
        let b = nearIndex(&input, applied.count)
        let operation: OrderedCollectionOperation<Int, Int> =
          switch input.next() % 4 {
          case 0: .insert(fresh, at: a)
          case 1: .delete(at: a)
          case 2: .update(at: a, newElement: fresh)
          default: .move(from: a, to: b)
          }
        patch.append(operation)
        valid = valid && (try? ChangesetValidator.validate([operation], sourceCount: applied.count)) != nil
        if valid { applied.apply(operation) }
      }
      // Sometimes the collection is not where the patch ends.
      if input.next() % 4 == 0 { applied.append(fresh + 1) }
      changeset = OrderedCollectionChangeset(collection: applied, patch: patch)
    }
    binder.apply(changeset)
    current = changeset.collection
    fuzzCheck(view.violations.isEmpty, "flat view violations \(view.violations) after \(changeset)")
    fuzzCheck(view.rows == current, "flat view shows \(view.rows), not \(current), after \(changeset)")
  }
}

/// The collection `diff` (valid from `old`) gives: survivors keep their value, updated rows
/// and inserted ones get new values.
func batchResult(_ diff: OrderedCollectionDiff<Int>, old: [Int], newCount: Int, fresh: inout Int) -> [Int] {
  var new = [Int?](repeating: nil, count: newCount)
  let updated = Set(diff.updates)
  var leaves = Set(diff.deletes)
  for move in diff.moves {
    leaves.insert(move.from)
    fresh += 1
    new[move.to] = updated.contains(move.from) ? fresh : old[move.from]
  }
  for j in diff.inserts {
    fresh += 1
    new[j] = fresh
  }
  var survivors = old.indices.filter { !leaves.contains($0) }.makeIterator()
  for j in 0..<newCount where new[j] == nil {
    let i = survivors.next()!
    fresh += 1
    new[j] = updated.contains(i) ? fresh : old[i]
  }
  return new.map { $0! }
}

// MARK: Sectioned

typealias Grid = Array2D<Int, Int>
typealias GridNode = TreeNode<Array2DElement<Int, Int>>

@MainActor
func fuzzSectionedBinder(_ input: inout FuzzInput) {
  let view = BatchUpdateValidatingView<Int>()
  let binder = SectionedBinderDataSource<TreeChangeset<Grid>, BatchUpdateValidatingView<Int>> {
    collection, indexPath, _ in collection[itemAt: indexPath]
  }
  binder.view = view
  var fresh = 100
  func section() -> GridNode {
    fresh += 1
    let items = (0..<(input.next() % 3)).map { _ in
      fresh += 1
      return GridNode(.item(fresh))
    }
    return GridNode(.section(fresh), items)
  }
  var current = Grid(sectionsWithItems: (0..<(input.next() % 4)).map { _ in (0, [1, 2]) })
  binder.apply(TreeChangeset(reloading: current))
  while !input.isAtEnd {
    var applied = current
    var patch: [OrderedCollectionOperation<GridNode, IndexPath>] = []
    var valid = true
    for _ in 0..<(1 + input.next() % 3) {
      let depth = 1 + input.next() % 2
      let sectionIndex = nearIndex(&input, applied.sections.count)
      let hasSection = sectionIndex >= 0 && sectionIndex < applied.sections.count
      let itemCount = hasSection ? applied.sections[sectionIndex].items.count : 0
      let path: IndexPath = depth == 1 ? [sectionIndex] : [sectionIndex, nearIndex(&input, itemCount)]
      let target: IndexPath =
        depth == 1 ? [nearIndex(&input, applied.sections.count)] : [sectionIndex, nearIndex(&input, itemCount)]
      fresh += 1
      let node = depth == 1 ? section() : GridNode(.item(fresh))
      let operation: OrderedCollectionOperation<GridNode, IndexPath> =
        switch input.next() % 4 {
        case 0: .insert(node, at: path)
        case 1: .delete(at: path)
        case 2: .update(at: path, newElement: GridNode(node.value))
        default: .move(from: path, to: target)
        }
      patch.append(operation)
      valid = valid && (try? TreeChangesetValidator.validate([operation], on: applied)) != nil
      if valid { applied.apply(operation) }
    }
    let usesDiff = input.next() % 2 == 0
    // An empty diff means "nothing changed": an invalid patch's diff (empty here) comes with a
    // collection whose shape changed, so that the binder can tell.
    if usesDiff && !valid {
      // Shaped unlike the shown grid (the patch's valid prefix may have changed its shape back).
      applied = current
      applied.appendSection(-1)
    } else if input.next() % 4 == 0 {
      applied.appendSection(-1)
    }
    let changeset =
      !usesDiff
      ? TreeChangeset(collection: applied, patch: patch)
      : TreeChangeset(collection: applied, diff: OrderedCollectionDiff(fromTreePatch: valid ? patch : []))
    binder.apply(changeset)
    current = applied
    fuzzCheck(view.violations.isEmpty, "sectioned view violations \(view.violations) after \(changeset)")
    let expected = current.sections.map(\.items)
    fuzzCheck(view.rows == expected, "sectioned view shows \(view.rows), not \(expected), after \(changeset)")
  }
}

// MARK: Outline

typealias Tree = TreeArray<Int>

@MainActor
func fuzzOutlineBinder(_ input: inout FuzzInput) {
  let view = OutlineUpdateValidatingView<Int>()
  let binder = OutlineBinderDataSource<Tree, OutlineUpdateValidatingView<Int>> { item, _ in item.value }
  binder.view = view
  var current = Tree((0..<(input.next() % 3)).map { TreeNode($0, [TreeNode($0 + 10)]) })
  binder.apply(TreeChangeset(reloading: current))
  var fresh = 100
  while !input.isAtEnd {
    var applied = current
    var patch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = []
    var valid = true
    for _ in 0..<(1 + input.next() % 3) {
      fresh += 1
      let path = nearPath(&input, in: applied)
      let target = nearPath(&input, in: applied)
      let operation: OrderedCollectionOperation<TreeNode<Int>, IndexPath> =
        switch input.next() % 4 {
        case 0: .insert(TreeNode(fresh, [TreeNode(fresh + 1_000)]), at: path)
        case 1: .delete(at: path)
        case 2: .update(at: path, newElement: TreeNode(fresh))
        default: .move(from: path, to: target)
        }
      patch.append(operation)
      valid = valid && (try? TreeChangesetValidator.validate([operation], on: applied)) != nil
      if valid { applied.apply(operation) }
    }
    let usesDiff = input.next() % 2 == 0
    // As for sections: an invalid patch's (empty) diff comes with a tree whose shape changed.
    if usesDiff && !valid {
      // Shaped unlike the shown tree (the patch's valid prefix may have changed its shape back).
      applied = current
      applied.insert(TreeNode(-1), at: [current.children.count])
    } else if input.next() % 4 == 0 {
      applied.insert(TreeNode(-1), at: [0])
    }
    let changeset =
      !usesDiff
      ? TreeChangeset(collection: applied, patch: patch)
      : TreeChangeset(collection: applied, diff: OrderedCollectionDiff(fromTreePatch: valid ? patch : []))
    binder.apply(changeset)
    current = applied
    fuzzCheck(view.violations.isEmpty, "outline view violations \(view.violations) after \(changeset)")
    fuzzCheck(view.rows == rows(current), "outline view shows \(view.rows), not \(current), after \(changeset)")
  }
}

/// The rows a view showing `tree` has (trees here are a few levels deep: recursion is fine).
func rows(_ tree: Tree) -> [OutlineUpdateValidatingView<Int>.Row] {
  func row(_ node: TreeNode<Int>) -> OutlineUpdateValidatingView<Int>.Row {
    .init(cell: node.value, children: node.children.map(row))
  }
  return tree.children.map(row)
}

/// A path of one to three indices near the child counts of `tree` on the way.
func nearPath(_ input: inout FuzzInput, in tree: Tree) -> IndexPath {
  let length = 1 + input.next() % 3
  var path: [Int] = []
  var count = tree.children.count
  for _ in 0..<length {
    let index = nearIndex(&input, count)
    path.append(index)
    let current = IndexPath(indexes: path)
    count = index >= 0 && tree.contains(indexPath: current) ? tree[childAt: current].children.count : 0
  }
  return IndexPath(indexes: path)
}
