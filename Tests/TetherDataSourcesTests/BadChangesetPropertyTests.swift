import Foundation
import TetherChangesets
import TetherDataSources
import TetherTestSupport
import TetherValidatingViews
import XCTest

/// Random corrupted changesets (an index out of range, an entry or operation listed twice, an empty
/// diff or patch while the collection changed) into every binder and ``StagedChangeset``: nothing
/// traps, every one is rejected through the fallback hook (or thrown), the validating views see no
/// violation and end showing the data source.
final class BadChangesetPropertyTests: XCTestCase {
  func testCorruptedFlatChangesetsIntoTheFlatAndSectionedBinders() {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        var array = randomArray(count: Int.random(in: 0...8, using: &rng), alphabet: 1000, using: &rng)
        let flatView = FlatUpdateValidatingView<Int>()
        flatView.recordsCalls = false
        let flat = RecordingFlatBinder<OrderedCollectionChangeset<[Int]>, Int>()
        flat.view = flatView
        flat.apply(.reload(array))
        let sectionedView = BatchUpdateValidatingView<Int>()
        sectionedView.recordsCalls = false
        let sectioned = RecordingBinder<SingleSectionChangeset<[Int]>, BatchUpdateValidatingView<Int>>()
        sectioned.view = sectionedView
        sectioned.apply(SingleSectionChangeset(.reload(array)))
        for step in 0..<15 {
          let (changeset, description) = corruptedFlatChangeset(from: array, using: &rng)
          array = changeset.collection
          flat.apply(changeset)
          sectioned.apply(SingleSectionChangeset(changeset))
          let context = "seed \(seed), step \(step): \(description)"
          XCTAssertEqual(flat.fallbacks.count, step + 1, context)
          XCTAssertEqual(sectioned.fallbacks.count, step + 1, context)
          XCTAssertEqual(flatView.violations, [], context)
          XCTAssertEqual(sectionedView.violations, [], context)
          XCTAssertEqual(flatView.rows, array, context)
          XCTAssertEqual(sectionedView.rows, [array], context)
        }
      }
    }
  }

  func testCorruptedGridChangesetsIntoTheSectionedBinderAndStaging() {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        var grid = Grid(sectionsWithItems: [(1, [2, 3]), (4, [])])
        var next = 10
        let treeView = BatchUpdateValidatingView<Int>()
        treeView.recordsCalls = false
        let tree = RecordingBinder<TreeChangeset<Grid>, BatchUpdateValidatingView<Int>>()
        tree.view = treeView
        tree.apply(.reload(grid))
        let stepsView = BatchUpdateValidatingView<Int>()
        stepsView.recordsCalls = false
        let steps = RecordingBinder<SectionedDiffChangeset<Grid>, BatchUpdateValidatingView<Int>>()
        steps.view = stepsView
        steps.apply(SectionedDiffChangeset(reloading: grid))
        for step in 0..<15 {
          let old = grid
          let patch = randomGridPatch(on: grid, count: Int.random(in: 1...4, using: &rng), next: &next, using: &rng)
          grid.apply(patch)
          let (corrupted, description) = corruptedTreeChangeset(
            patch, from: old, to: grid, using: &rng, extraRoot: GridNode(.section(next), [])
          ) { grid in
            Grid(sectionsWithItems: grid.sections.map { ($0.metadata, $0.items) } + [(next, [])])
          }
          grid = corrupted.collection
          tree.apply(corrupted)
          let stepChangeset =
            switch corrupted.givenForms {
            case .patch: SectionedDiffChangeset(collection: grid, patch: corrupted.patch.map(\.step))
            default: SectionedDiffChangeset(collection: grid, diff: corrupted.diff)
            }
          steps.apply(stepChangeset)
          let context = "seed \(seed), step \(step): \(description)"
          if corrupted.givenForms == .diff {
            let staged = Result { () throws(ChangesetValidationError) in
              try StagedChangeset(
                diff: corrupted.diff,
                oldItemCounts: old.sections.map(\.items.count),
                newItemCounts: grid.sections.map(\.items.count)
              )
            }
            if case .success = staged { XCTFail("staging accepted it: \(context)") }
          }
          XCTAssertEqual(tree.fallbacks.count, step + 1, context)
          XCTAssertEqual(steps.fallbacks.count, step + 1, context)
          XCTAssertEqual(treeView.violations, [], context)
          XCTAssertEqual(stepsView.violations, [], context)
          XCTAssertEqual(treeView.rows, grid.sections.map(\.items), context)
          XCTAssertEqual(stepsView.rows, grid.sections.map(\.items), context)
        }
      }
    }
  }

  func testCorruptedForestChangesetsIntoTheOutlineBinder() {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        var forest = TreeArray<Int>()
        var next = 0
        let view = OutlineUpdateValidatingView<Int>()
        view.recordsCalls = false
        let binder = RecordingOutlineBinder<TreeArray<Int>>()
        binder.view = view
        binder.apply(.reload(forest))
        func row(_ node: TreeNode<Int>) -> OutlineUpdateValidatingView<Int>.Row {
          .init(cell: node.value, children: node.children.map(row))
        }
        for step in 0..<15 {
          let old = forest
          let patch = randomForestPatch(on: forest, count: Int.random(in: 1...4, using: &rng), next: &next, using: &rng)
          forest.apply(patch)
          let (corrupted, description) = corruptedTreeChangeset(
            patch, from: old, to: forest, using: &rng, extraRoot: TreeNode(-3)
          ) { forest in
            TreeArray(forest.children + [TreeNode(-1)])
          }
          forest = corrupted.collection
          binder.apply(corrupted)
          let context = "seed \(seed), step \(step): \(description)"
          XCTAssertEqual(binder.fallbacks.count, step + 1, context)
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(view.rows, forest.children.map(row), context)
        }
      }
    }
  }
}

/// A flat changeset from `old` that no validator accepts: a valid random change given as a patch
/// or a diff, then corrupted one way, with a description for failure messages.
private func corruptedFlatChangeset(
  from old: [Int],
  using rng: inout SeededRandomNumberGenerator
) -> (OrderedCollectionChangeset<[Int]>, String) {
  var patch = randomPatch(on: old, count: Int.random(in: 0...5, using: &rng), using: &rng)
  var new = old.applying(patch)
  let byDiff = Bool.random(using: &rng)
  var diff = OrderedCollectionDiff(from: patch, sourceCount: old.count)
  let far = old.count + patch.count + 1 + Int.random(in: 0...3, using: &rng)
  let outOfRange = Bool.random(using: &rng) ? -1 - Int.random(in: 0...2, using: &rng) : far
  switch Int.random(in: 0..<3, using: &rng) {
  case 0 where byDiff && !diff.isEmpty:
    // One entry out of range.
    switch Int.random(in: 0..<diff.count, using: &rng) {
    case let index where index < diff.inserts.count: diff.inserts[index] = outOfRange
    case let index where index < diff.inserts.count + diff.deletes.count:
      diff.deletes[index - diff.inserts.count] = outOfRange
    case let index where index < diff.inserts.count + diff.deletes.count + diff.updates.count:
      diff.updates[index - diff.inserts.count - diff.deletes.count] = outOfRange
    default: diff.moves[Int.random(in: 0..<diff.moves.count, using: &rng)].from = outOfRange
    }
  case 0 where !byDiff && !patch.isEmpty:
    let index = Int.random(in: 0..<patch.count, using: &rng)
    patch[index] =
      switch patch[index] {
      case .insert(let element, _): .insert(element, at: outOfRange)
      case .delete: .delete(at: outOfRange)
      case .update(_, let element): .update(at: outOfRange, newElement: element)
      case .move(_, let to): .move(from: outOfRange, to: to)
      }
  case 1 where byDiff && !diff.isEmpty:
    // One entry listed twice.
    if let delete = diff.deletes.first {
      diff.moves.append((from: delete, to: Int.random(in: 0..<max(new.count, 1), using: &rng)))
    } else if let insert = diff.inserts.last {
      diff.inserts.append(insert)
    } else if let update = diff.updates.first {
      diff.updates.append(update)
    } else {
      diff.moves.append(diff.moves[0])
    }
  case 1 where !byDiff && !patch.isEmpty:
    // An insert or a delete too many: the counts no longer add up.
    patch.append(.insert(-1, at: 0))
  default:
    // Nothing while the collection changed size.
    (patch, diff) = ([], OrderedCollectionDiff())
    new = old + [-2]
  }
  let changeset =
    byDiff
    ? OrderedCollectionChangeset(collection: new, diff: diff)
    : OrderedCollectionChangeset(collection: new, patch: patch)
  return (changeset, byDiff ? "\(old) -> \(new) diff \(diff)" : "\(old) -> \(new) patch \(patch.map(\.step))")
}

/// A tree changeset for `patch` (valid, from `old` to `new`) that no validator accepts: given as the
/// patch or its diff, then corrupted one way. `grown` adds a root to a tree (for "nothing changed"
/// while the tree changed); `extraRoot` is a root to insert once too often.
private func corruptedTreeChangeset<Tree: TreeProtocol>(
  _ patch: [OrderedCollectionOperation<Tree.ChildNode, IndexPath>],
  from old: Tree,
  to new: Tree,
  using rng: inout SeededRandomNumberGenerator,
  extraRoot: Tree.ChildNode,
  grown: (Tree) -> Tree
) -> (TreeChangeset<Tree>, String) {
  var patch = patch
  var diff = OrderedCollectionDiff<IndexPath>(fromTreePatch: patch)
  var new = new
  let byDiff = Bool.random(using: &rng)
  func outOfRange(_ path: IndexPath) -> IndexPath {
    var path = path
    path[path.count - 1] = Bool.random(using: &rng) ? -1 : 1_000 + Int.random(in: 0...9, using: &rng)
    return path
  }
  switch Int.random(in: 0..<3, using: &rng) {
  case 0 where byDiff && !diff.isEmpty:
    if !diff.inserts.isEmpty {
      diff.inserts[0] = outOfRange(diff.inserts[0])
    } else if !diff.deletes.isEmpty {
      diff.deletes[0] = outOfRange(diff.deletes[0])
    } else if !diff.updates.isEmpty {
      diff.updates[0] = outOfRange(diff.updates[0])
    } else {
      diff.moves[0].from = outOfRange(diff.moves[0].from)
    }
  case 0 where !byDiff:
    let index = Int.random(in: 0..<patch.count, using: &rng)
    patch[index] =
      switch patch[index] {
      case .insert(let node, let path): .insert(node, at: outOfRange(path))
      case .delete(let path): .delete(at: outOfRange(path))
      case .update(let path, let node): .update(at: outOfRange(path), newElement: node)
      case .move(let from, let to): .move(from: outOfRange(from), to: to)
      }
  case 1 where byDiff && !diff.isEmpty:
    if let insert = diff.inserts.last {
      diff.inserts.append(insert)
    } else if let delete = diff.deletes.last {
      diff.deletes.append(delete)
    } else if let update = diff.updates.last {
      diff.updates.append(update)
    } else {
      diff.moves.append(diff.moves[0])
    }
  case 1 where !byDiff:
    // Inserting a root once more: the patch no longer ends at the tree's shape.
    patch.append(.insert(extraRoot, at: [0]))
  default:
    (patch, diff) = ([], OrderedCollectionDiff())
    new = grown(old)
  }
  let changeset =
    byDiff ? TreeChangeset(collection: new, diff: diff) : TreeChangeset(collection: new, patch: patch)
  return (changeset, byDiff ? "diff \(diff)" : "patch \(patch.map(\.step))")
}
