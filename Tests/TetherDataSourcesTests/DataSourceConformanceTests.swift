import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherValidatingViews
import XCTest

final class DataSourceConformanceTests: XCTestCase {
  func testArrayIsOneSectionAndAFlatList() {
    let array = ["a", "b", "c"]
    XCTAssertEqual(array.numberOfSections, 1)
    XCTAssertEqual(array.numberOfItems(inSection: 0), 3)
    XCTAssertEqual(array.item(at: [0, 2]), "c")
    XCTAssertEqual(array.numberOfItems, 3)
    XCTAssertEqual(array.item(at: 1), "b")
    XCTAssertEqual([Int]().numberOfSections, 1, "an empty array is still one (empty) section, as in Bond")
  }

  func testPlainArraysConvertToReloads() {
    let sectioned = ["a", "b"].asSectionedDataSourceChangeset
    XCTAssertTrue(sectioned.isReload)
    XCTAssertEqual(sectioned.collection, ["a", "b"])
    XCTAssertTrue(sectioned.diff.isEmpty)
    let flat = ["a", "b"].asFlatDataSourceChangeset
    XCTAssertTrue(flat.isReload)
  }

  func testOrderedChangesetMapsIntoSectionZero() {
    let flat = OrderedCollectionChangeset(
      collection: ["x", "b", "a"],
      diff: OrderedCollectionDiff(inserts: [0], deletes: [2], updates: [1], moves: [(from: 0, to: 2)])
    )
    let sectioned = flat.asSectionedDataSourceChangeset
    XCTAssertFalse(sectioned.isReload)
    XCTAssertEqual(sectioned.collection, ["x", "b", "a"])
    XCTAssertEqual(
      sectioned.diff,
      OrderedCollectionDiff(
        inserts: [[0, 0]], deletes: [[0, 2]], updates: [[0, 1]], moves: [(from: [0, 0], to: [0, 2])])
    )
    XCTAssertEqual(sectioned.patch.count, flat.patch.count)
    XCTAssertTrue(flat.asFlatDataSourceChangeset.diff == flat.diff)
  }

  func testReloadStaysAReloadThroughTheConversion() {
    let reload = OrderedCollectionChangeset(reloading: [1, 2])
    XCTAssertTrue(reload.asSectionedDataSourceChangeset.isReload)
    XCTAssertTrue(reload.asFlatDataSourceChangeset.isReload)
    let tree = TreeChangeset(reloading: TreeArray([TreeNode(1)]))
    XCTAssertTrue(tree.asSectionedDataSourceChangeset.isReload)
  }

  func testSingleSectionChangesetRoundTripsThroughItsInitializers() {
    let fromDiff = SingleSectionChangeset(collection: ["a", "c"], diff: OrderedCollectionDiff(deletes: [[0, 1]]))
    XCTAssertEqual(fromDiff.base.diff, OrderedCollectionDiff(deletes: [1]))
    let fromPatch = SingleSectionChangeset(collection: ["a", "c"], patch: [.delete(at: [0, 1])])
    XCTAssertEqual(fromPatch.diff, OrderedCollectionDiff(deletes: [[0, 1]]))
    XCTAssertEqual(fromPatch.patch, [.delete(at: [0, 1])])
  }

  func testArray2DIsItsSections() {
    let grid = Array2D(sectionsWithItems: [("Fruit", ["apple", "pear"]), ("Veg", [])])
    XCTAssertEqual(grid.numberOfSections, 2)
    XCTAssertEqual(grid.numberOfItems(inSection: 0), 2)
    XCTAssertEqual(grid.item(at: [0, 1]), "pear")
    XCTAssertEqual(grid.title(forSection: 1), "Veg")
    XCTAssertTrue(grid.asSectionedDataSourceChangeset.isReload)
  }

  func testTreeArrayIsTwoLevels() {
    let forest = TreeArray([TreeNode("A", [TreeNode("a1", [TreeNode("deep")]), TreeNode("a2")]), TreeNode("B")])
    XCTAssertEqual(forest.numberOfSections, 2)
    XCTAssertEqual(forest.numberOfItems(inSection: 0), 2)
    XCTAssertEqual(forest.numberOfItems(inSection: 1), 0)
    XCTAssertEqual(forest.item(at: [0, 0]), "a1")
    XCTAssertEqual(forest.title(forSection: 0), "A")
  }

  func testTreeChangesetIsASectionedChangeset() {
    var grid = Array2D(sectionsWithItems: [(1, [10, 11])])
    let patch: [OrderedCollectionOperation<TreeNode<Array2DElement<Int, Int>>, IndexPath>] = [
      .insert(TreeNode(.item(12)), at: [0, 2])
    ]
    grid.apply(patch)
    let changeset = TreeChangeset(collection: grid, patch: patch).asSectionedDataSourceChangeset
    XCTAssertEqual(changeset.diff, OrderedCollectionDiff(inserts: [[0, 2]]))
    XCTAssertEqual(changeset.collection.item(at: [0, 2]), 12)
  }

  func testPatchStepsDropElements() {
    let operations: [OrderedCollectionOperation<String, Int>] = [
      .insert("a", at: 0), .delete(at: 1), .update(at: 2, newElement: "b"), .move(from: 3, to: 4),
    ]
    XCTAssertEqual(operations.map(\.step), [.insert(0), .delete(1), .update(2), .move(from: 3, to: 4)])
  }

  func testProjectionKeepsShallowDiffsAsTheyAre() {
    let diff = OrderedCollectionDiff<IndexPath>(
      inserts: [[1]], deletes: [[0, 1]], updates: [[0]], moves: [(from: [0, 0], to: [1, 0])])
    XCTAssertEqual(diff.projectedToSections(), diff)
  }

  func testProjectionDropsHiddenLevelsAndSplitsMovesAcrossLevels() {
    let diff = OrderedCollectionDiff<IndexPath>(
      inserts: [[0, 0, 1]],
      deletes: [[1, 2, 0]],
      updates: [[0, 0, 0]],
      moves: [
        (from: [0, 1, 0], to: [0, 2]),  // a hidden node shows up: an insert
        (from: [0, 0], to: [1, 0, 0]),  // an item goes out of sight: a delete
        (from: [2], to: [1, 1]),  // a section becomes an item: delete and insert
        (from: [2, 0, 0], to: [2, 1, 0]),  // hidden to hidden: nothing
      ]
    )
    XCTAssertEqual(
      diff.projectedToSections(),
      OrderedCollectionDiff(inserts: [[0, 2], [1, 1]], deletes: [[0, 0], [2]])
    )
  }

  func testProjectionDropsRowChangesCoveredBySectionChanges() {
    // A section moved out of sight while one of its rows was updated, and a row that came into
    // view inside a section inserted in the same change.
    let diff = OrderedCollectionDiff<IndexPath>(
      inserts: [[1]],
      updates: [[0], [0, 0]],
      moves: [(from: [0], to: [1, 0, 0]), (from: [1, 0, 0], to: [1, 0])]
    )
    XCTAssertEqual(diff.projectedToSections(), OrderedCollectionDiff(inserts: [[1]], deletes: [[0]]))
  }

  func testSectionedDiffChangesetDerivesItsPatchAndBack() {
    let bins = Bins(bins: [["a", "x"], ["b", "c"], []])
    let diff = OrderedCollectionDiff<IndexPath>(
      inserts: [[0, 1], [2]], deletes: [[1, 0]], updates: [[0, 0]], moves: [(from: [1, 1], to: [1, 0])])
    let changeset = SectionedDiffChangeset(collection: bins, diff: diff)
    let replayed = SectionedDiffChangeset(collection: bins, patch: changeset.patch)
    XCTAssertEqual(replayed.diff.inserts.sorted { $0.lexicographicallyPrecedes($1) }, [[0, 1], [2]])
    XCTAssertEqual(replayed.diff.deletes, [[1, 0]])
    XCTAssertEqual(replayed.diff.updates, [[0, 0]])
    XCTAssertTrue(SectionedDiffChangeset(reloading: bins).isReload)
  }

  func testACollectionThatReportsIndexPathsBindsThroughSectionedDiffChangeset() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<String>()
      var bins = Bins(bins: [["apple"], ["banana"]])
      let changes = Property(SectionedDiffChangeset(reloading: bins))
      changes.bind(to: view) { bins, indexPath, _ in bins.item(at: indexPath) }
      bins.bins[0].append("avocado")
      bins.bins[1].remove(at: 0)
      changes.value = SectionedDiffChangeset(collection: bins, diff: .init(inserts: [[0, 1]], deletes: [[1, 0]]))
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["apple", "avocado"], []])
    }
  }
}

/// A collection that keeps its own sections, like the Diffuser's bins.
private struct Bins: QueryableSectionedDataSourceProtocol, Sendable {
  var bins: [[String]]
  var numberOfSections: Int { bins.count }
  func numberOfItems(inSection section: Int) -> Int { bins[section].count }
  func item(at indexPath: IndexPath) -> String { bins[indexPath[0]][indexPath[1]] }
}
