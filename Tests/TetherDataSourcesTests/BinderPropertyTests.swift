import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTestSupport
import XCTest

/// Random mutation sequences, bound through the binders to the validating views, never break a
/// UIKit (or AppKit) rule, never need the reload fallback, and leave the view showing the collection.
final class BinderPropertyTests: XCTestCase {
  func testRandomArrayPatchesThroughTheSectionedBinder() {
    MainActor.assumeIsolated {
      withSeeds(0..<100) { seed, rng in
        var array = randomArray(count: Int.random(in: 0...8, using: &rng), alphabet: 1000, using: &rng)
        let property = Property(OrderedCollectionChangeset(reloading: array))
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        let dataSource = RecordingBinder<SingleSectionChangeset<[Int]>, BatchUpdateValidatingView<Int>>()
        property.bind(to: view, using: dataSource)
        for step in 0..<25 {
          let patch = randomPatch(on: array, count: Int.random(in: 1...6, using: &rng), using: &rng)
          array.apply(patch)
          property.value = OrderedCollectionChangeset(collection: array, patch: patch)
          XCTAssertEqual(view.violations, [], "seed \(seed), step \(step), patch \(patch)")
          XCTAssertEqual(dataSource.fallbacks, [], "seed \(seed), step \(step)")
          XCTAssertEqual(view.rows, [array], "seed \(seed), step \(step)")
        }
      }
    }
  }

  func testRandomArrayDiffsWithMovedAndUpdatedElementsThroughTheSectionedBinder() {
    MainActor.assumeIsolated {
      withSeeds(0..<100) { seed, rng in
        var array = randomArray(count: Int.random(in: 0...10, using: &rng), alphabet: 1000, using: &rng)
        var next = 1000
        let property = Property(OrderedCollectionChangeset(reloading: array))
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        property.bind(to: view) { array, indexPath, _ in array.item(at: indexPath) }
        for step in 0..<10 {
          let diff = randomDiff(oldCount: array.count, changeRate: 0.3, using: &rng)
          array = randomFinalCollection(applying: diff, to: array, using: &rng) { _ in
            next += 1
            return next
          }
          property.value = OrderedCollectionChangeset(collection: array, diff: diff)
          XCTAssertEqual(view.violations, [], "seed \(seed), step \(step), diff \(diff)")
          XCTAssertEqual(view.rows, [array], "seed \(seed), step \(step), diff \(diff)")
        }
      }
    }
  }

  func testRandomTwoDimensionalArrayPatchesThroughTheSectionedBinder() {
    MainActor.assumeIsolated {
      var stagedUpdates = 0
      withSeeds(0..<100) { seed, rng in
        var grid = Grid(sectionsWithItems: [(1, [2, 3]), (4, [])])
        var next = 10
        let property = Property(TreeChangeset(reloading: grid))
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        let dataSource = RecordingBinder<TreeChangeset<Grid>, BatchUpdateValidatingView<Int>>()
        property.bind(to: view, using: dataSource)
        for step in 0..<25 {
          let patch = randomGridPatch(on: grid, count: Int.random(in: 1...5, using: &rng), next: &next, using: &rng)
          grid.apply(patch)
          let batchesBefore = view.batchCount
          property.value = TreeChangeset(collection: grid, patch: patch)
          if view.batchCount - batchesBefore > 1 { stagedUpdates += 1 }
          let context = "seed \(seed), step \(step), patch \(patch.map(\.step)), diff \(property.value.diff)"
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(dataSource.fallbacks, [], context)
          XCTAssertEqual(view.rows, grid.sections.map(\.items), context)
          XCTAssertEqual(view.sectionTitles, grid.sections.map { "\($0.metadata)" }, context)
        }
      }
      // The staged paths (moves across changed sections, moved and updated rows) were exercised.
      XCTAssertGreaterThan(stagedUpdates, 100)
    }
  }

  func testRandomForestPatchesThroughTheSectionedBinderAsTwoLevels() {
    MainActor.assumeIsolated {
      withSeeds(0..<100) { seed, rng in
        var forest = TreeArray<Int>()
        var next = 0
        let property = Property(TreeChangeset(reloading: forest))
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        let dataSource = RecordingBinder<TreeChangeset<TreeArray<Int>>, BatchUpdateValidatingView<Int>>()
        property.bind(to: view, using: dataSource)
        for step in 0..<25 {
          let patch = randomForestPatch(on: forest, count: Int.random(in: 1...5, using: &rng), next: &next, using: &rng)
          forest.apply(patch)
          property.value = TreeChangeset(collection: forest, patch: patch)
          let context = "seed \(seed), step \(step), patch \(patch.map(\.step))"
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(dataSource.fallbacks, [], context)
          XCTAssertEqual(view.rows, forest.children.map { $0.children.map(\.value) }, context)
        }
      }
    }
  }

  func testRandomArrayPatchesThroughTheFlatBinder() {
    MainActor.assumeIsolated {
      withSeeds(0..<100) { seed, rng in
        var array = randomArray(count: Int.random(in: 0...8, using: &rng), alphabet: 1000, using: &rng)
        let property = Property(OrderedCollectionChangeset(reloading: array))
        let view = FlatUpdateValidatingView<Int>(numberOfColumns: 2)
        view.recordsCalls = false
        property.bind(to: view) { array, row, _ in array.item(at: row) }
        for step in 0..<25 {
          let patch = randomPatch(on: array, count: Int.random(in: 1...6, using: &rng), using: &rng)
          array.apply(patch)
          property.value = OrderedCollectionChangeset(collection: array, patch: patch)
          XCTAssertEqual(view.violations, [], "seed \(seed), step \(step), patch \(patch)")
          XCTAssertEqual(view.rows, array, "seed \(seed), step \(step), patch \(patch)")
        }
      }
    }
  }

  func testRandomTwoDimensionalArrayPatchesThroughTheTerminalView() {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        var grid = Grid(sectionsWithItems: [(1, [2, 3])])
        var next = 10
        let property = Property(TreeChangeset(reloading: grid))
        let view = TerminalListView(mode: .plain) { _ in }
        property.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = "\(item)" }
        for step in 0..<15 {
          let patch = randomGridPatch(on: grid, count: Int.random(in: 1...4, using: &rng), next: &next, using: &rng)
          grid.apply(patch)
          property.value = TreeChangeset(collection: grid, patch: patch)
          let expected = grid.sections.flatMap { ["[\($0.metadata)]"] + $0.items.map { "  \($0)" } }
          XCTAssertEqual(view.violations, [], "seed \(seed), step \(step)")
          XCTAssertEqual(view.lines, expected, "seed \(seed), step \(step)")
        }
      }
    }
  }
}

/// A sectioned binder that records when it had to fall back to a reload.
@MainActor
final class RecordingBinder<Changeset: SectionedDataSourceChangeset, View: SectionedViewProtocol>:
  SectionedBinderDataSource<Changeset, View>
where Changeset.Collection: QueryableSectionedDataSourceProtocol, Changeset.Collection.Item == View.Cell {
  private(set) var fallbacks: [ChangesetValidationError] = []

  init(animations: SectionedViewAnimations = .automatic) {
    super.init(animations: animations) { collection, indexPath, _ in collection.item(at: indexPath) }
  }

  override func didFallBackToReload(because error: ChangesetValidationError) {
    fallbacks.append(error)
  }
}
