import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherValidatingViews
import XCTest

/// Hand-built changesets that are not valid never trap a binder or ``StagedChangeset``: binders
/// reload and report through their fallback hook, the staged changeset throws.
final class BadChangesetTests: XCTestCase {
  private typealias Files = TreeArray<String>

  func testTheFlatBinderReloadsOnADiffWithAnOutOfRangeInsert() {
    MainActor.assumeIsolated {
      let view = FlatUpdateValidatingView<String>()
      let binder = RecordingFlatBinder<OrderedCollectionChangeset<[String]>, String>()
      binder.view = view
      binder.apply(.reload(["a", "b"]))
      // Deriving the patch of this diff would read element 5 of a 3-element collection.
      binder.apply(OrderedCollectionChangeset(collection: ["a", "b", "c"], diff: .init(inserts: [5])))
      XCTAssertEqual(binder.fallbacks, [.indexOutOfRange(change: .insert, location: .index(5), count: 3)])
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, ["a", "b", "c"])
    }
  }

  func testTheOutlineBinderReloadsOnABadTreeDiff() {
    MainActor.assumeIsolated {
      let view = OutlineUpdateValidatingView<String>()
      let binder = RecordingOutlineBinder<Files>()
      binder.view = view
      binder.apply(.reload(Files([TreeNode("a")])))
      // Deriving the patch of this diff would index the final tree at [7].
      let files = Files([TreeNode("a"), TreeNode("b")])
      binder.apply(TreeChangeset(collection: files, diff: .init(inserts: [[7]])))
      XCTAssertEqual(binder.fallbacks.count, 1)
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows.map(\.cell), ["a", "b"])
    }
  }

  func testTheSectionedBinderReloadsOnChangesetsMadeFromOutOfRangePatches() {
    MainActor.assumeIsolated {
      // Deriving the diff of each of these patches would trap.
      let flat = BatchUpdateValidatingView<String>()
      let flatBinder = RecordingBinder<SingleSectionChangeset<[String]>, BatchUpdateValidatingView<String>>()
      flatBinder.view = flat
      flatBinder.apply(SingleSectionChangeset(.reload(["a", "b"])))
      flatBinder.apply(SingleSectionChangeset(collection: ["a"], patch: [.delete(at: [0, 5])]))
      XCTAssertEqual(flatBinder.fallbacks, [.patchIndexOutOfRange(step: 0, change: .delete, index: 5, count: 2)])
      XCTAssertEqual(flat.rows, [["a"]])

      let grid = BatchUpdateValidatingView<Int>()
      let gridBinder = RecordingBinder<TreeChangeset<Grid>, BatchUpdateValidatingView<Int>>()
      gridBinder.view = grid
      gridBinder.apply(.reload(Grid(sectionsWithItems: [(1, [2, 3])])))
      let after = Grid(sectionsWithItems: [(1, [2])])
      gridBinder.apply(TreeChangeset(collection: after, patch: [.delete(at: [0, 9])]))
      XCTAssertEqual(gridBinder.fallbacks, [.patchIndexOutOfRange(step: 0, change: .delete, index: 9, count: 2)])
      XCTAssertEqual(grid.rows, [[2]])

      let steps = BatchUpdateValidatingView<Int>()
      let stepsBinder = RecordingBinder<SectionedDiffChangeset<Grid>, BatchUpdateValidatingView<Int>>()
      stepsBinder.view = steps
      stepsBinder.apply(SectionedDiffChangeset(reloading: Grid(sectionsWithItems: [(1, [2, 3])])))
      stepsBinder.apply(SectionedDiffChangeset(collection: after, patch: [.move(from: [4], to: [0])]))
      XCTAssertEqual(stepsBinder.fallbacks, [.patchIndexOutOfRange(step: 0, change: .moveSource, index: 4, count: 1)])
      XCTAssertEqual(steps.rows, [[2]])
      XCTAssertEqual([flat.violations, grid.violations, steps.violations], [[], [], []])
    }
  }

  func testStagingThrowsOnAMoveSourceListedTwiceWhileTheRowIsUpdated() {
    let diff = OrderedCollectionDiff<IndexPath>(updates: [[0, 0]], moves: [([0, 0], [0, 1]), ([0, 0], [0, 2])])
    XCTAssertThrowsError(try StagedChangeset(diff: diff, oldItemCounts: [3], newItemCounts: [3])) { error in
      XCTAssertEqual(
        error as? ChangesetValidationError, .duplicateIndex(change: .moveSource, location: .item(0, section: 0)))
    }
  }

  func testStagingThrowsOnARowDeletedAndMovedIntoAnInsertedSection() {
    let diff = OrderedCollectionDiff<IndexPath>(inserts: [[1]], deletes: [[0, 0]], moves: [([0, 0], [1, 0])])
    XCTAssertThrowsError(try StagedChangeset(diff: diff, oldItemCounts: [2], newItemCounts: [1, 1])) { error in
      XCTAssertEqual(
        error as? ChangesetValidationError,
        .conflictingChanges(location: .item(0, section: 0), first: .delete, second: .moveSource))
    }
  }

  // MARK: An empty diff while the collection changed (issue 18, item 2)

  func testTheSectionedBinderReloadsOnAnEmptyDiffWhenTheRowsChanged() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<String>()
      let binder = RecordingBinder<SingleSectionChangeset<[String]>, BatchUpdateValidatingView<String>>()
      binder.view = view
      binder.apply(SingleSectionChangeset(.reload(["a", "b"])))
      binder.apply(SingleSectionChangeset(collection: ["a", "b", "c"], diff: .init()))
      XCTAssertEqual(binder.fallbacks.count, 1)
      XCTAssertEqual(view.rows, [["a", "b", "c"]])
      // The next valid change applies to the rows the view shows.
      binder.apply(SingleSectionChangeset(collection: ["a", "b", "c", "d"], diff: .init(inserts: [[0, 3]])))
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["a", "b", "c", "d"]])
      XCTAssertEqual(binder.fallbacks.count, 1)
      // An empty diff on unchanged sections still means "nothing changed".
      binder.apply(SingleSectionChangeset(collection: ["a", "b", "c", "d"], diff: .init()))
      XCTAssertEqual(binder.fallbacks.count, 1)
    }
  }

  func testTheOutlineBinderReloadsOnAnEmptyDiffOrPatchWhenTheTreeChanged() {
    MainActor.assumeIsolated {
      let view = OutlineUpdateValidatingView<String>()
      let binder = RecordingOutlineBinder<Files>()
      binder.view = view
      binder.apply(.reload(Files([TreeNode("a")])))
      binder.apply(TreeChangeset(collection: Files([TreeNode("a", [TreeNode("b")])]), diff: .init()))
      binder.apply(TreeChangeset(collection: Files([TreeNode("a"), TreeNode("c")]), patch: []))
      XCTAssertEqual(binder.fallbacks.count, 2)
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows.map(\.cell), ["a", "c"])
      binder.apply(TreeChangeset(collection: Files([TreeNode("a"), TreeNode("c")]), diff: .init()))
      XCTAssertEqual(binder.fallbacks.count, 2)
    }
  }
}

/// A flat binder that records when it had to fall back to a reload.
@MainActor
final class RecordingFlatBinder<Changeset: FlatDataSourceChangeset, Cell>:
  FlatBinderDataSource<Changeset, FlatUpdateValidatingView<Cell>>
where Changeset.Collection: QueryableFlatDataSourceProtocol, Changeset.Collection.Item == Cell {
  private(set) var fallbacks: [ChangesetValidationError] = []

  init() {
    super.init { collection, row, _ in collection.item(at: row) }
  }

  override func didFallBackToReload(because error: ChangesetValidationError) {
    fallbacks.append(error)
  }
}

/// An outline binder that records when it had to fall back to a reload.
@MainActor
final class RecordingOutlineBinder<Tree: TreeProtocol>:
  OutlineBinderDataSource<Tree, OutlineUpdateValidatingView<Tree.ChildNode.Value>>
{
  private(set) var fallbacks: [TreeChangesetValidationError] = []

  init() {
    super.init { item, _ in item.value }
  }

  override func didFallBackToReload(because error: TreeChangesetValidationError) {
    fallbacks.append(error)
  }
}
