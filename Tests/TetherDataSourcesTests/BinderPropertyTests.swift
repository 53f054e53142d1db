import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTerminal
import TetherTestSupport
import TetherValidatingViews
import XCTest

/// Random mutation sequences, bound through the binders to the validating views, never break a
/// UIKit (or AppKit) rule, never need the reload fallback, and leave the view showing the collection.
///
/// The sectioned ones run twice: against a table view's rules and against a collection view's,
/// where every cell must be dequeued by index path for the row asked (staged updates included).
final class BinderPropertyTests: XCTestCase {
  func testRandomArrayPatchesThroughTheSectionedBinder() {
    randomArrayPatchesThroughTheSectionedBinder(mode: .tableView)
  }

  func testRandomArrayPatchesThroughTheSectionedBinderIntoACollectionView() {
    randomArrayPatchesThroughTheSectionedBinder(mode: .collectionView)
  }

  private func randomArrayPatchesThroughTheSectionedBinder(mode: BatchUpdateValidatingView<Int>.Mode) {
    MainActor.assumeIsolated {
      withSeeds(0..<100) { seed, rng in
        var array = randomArray(count: Int.random(in: 0...8, using: &rng), alphabet: 1000, using: &rng)
        let property = Property(OrderedCollectionChangeset(reloading: array))
        let view = valueCellView(mode: mode)
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
    randomArrayDiffsThroughTheSectionedBinder(mode: .tableView)
  }

  func testRandomArrayDiffsWithMovedAndUpdatedElementsThroughTheSectionedBinderIntoACollectionView() {
    randomArrayDiffsThroughTheSectionedBinder(mode: .collectionView)
  }

  private func randomArrayDiffsThroughTheSectionedBinder(mode: BatchUpdateValidatingView<Int>.Mode) {
    MainActor.assumeIsolated {
      withSeeds(0..<100) { seed, rng in
        var array = randomArray(count: Int.random(in: 0...10, using: &rng), alphabet: 1000, using: &rng)
        var next = 1000
        let property = Property(OrderedCollectionChangeset(reloading: array))
        let view = valueCellView(mode: mode)
        view.recordsCalls = false
        // A Bond-style closure that dequeues its cell with the index path it is given.
        property.bind(to: view) { array, indexPath, view in
          _ = view.dequeueReusableCell(withReuseIdentifier: valueCellIdentifier, for: indexPath)
          return array.item(at: indexPath)
        }
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
    randomTwoDimensionalArrayPatchesThroughTheSectionedBinder(mode: .tableView)
  }

  func testRandomTwoDimensionalArrayPatchesThroughTheSectionedBinderIntoACollectionView() {
    randomTwoDimensionalArrayPatchesThroughTheSectionedBinder(mode: .collectionView)
  }

  private func randomTwoDimensionalArrayPatchesThroughTheSectionedBinder(mode: BatchUpdateValidatingView<Int>.Mode) {
    MainActor.assumeIsolated {
      var stagedUpdates = 0
      withSeeds(0..<100) { seed, rng in
        var grid = Grid(sectionsWithItems: [(1, [2, 3]), (4, [])])
        var next = 10
        let property = Property(TreeChangeset(reloading: grid))
        let view = valueCellView(mode: mode)
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
    randomForestPatchesThroughTheSectionedBinder(mode: .tableView)
  }

  func testRandomForestPatchesThroughTheSectionedBinderAsTwoLevelsIntoACollectionView() {
    randomForestPatchesThroughTheSectionedBinder(mode: .collectionView)
  }

  private func randomForestPatchesThroughTheSectionedBinder(mode: BatchUpdateValidatingView<Int>.Mode) {
    MainActor.assumeIsolated {
      withSeeds(0..<100) { seed, rng in
        var forest = TreeArray<Int>()
        var next = 0
        let property = Property(TreeChangeset(reloading: forest))
        let view = valueCellView(mode: mode)
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

  func testRandomGridPatchesThroughTheCellTypeBinders() {
    randomGridPatchesThroughTheCellTypeBinders(mode: .tableView)
  }

  func testRandomGridPatchesThroughTheCellTypeBindersIntoACollectionView() {
    randomGridPatchesThroughTheCellTypeBinders(mode: .collectionView)
  }

  /// `bind(to:cellType:configureCell:)` and the styled binder register and dequeue their cells
  /// themselves, staged updates included.
  private func randomGridPatchesThroughTheCellTypeBinders(mode: BatchUpdateValidatingView<Int>.Mode) {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        var grid = Grid(sectionsWithItems: [(1, [2, 3]), (4, [5])])
        var next = 10
        let property = Property(TreeChangeset(reloading: grid))
        let textView = BatchUpdateValidatingView<TerminalTextCell>(
          mode: mode == .tableView ? .tableView : .collectionView)
        textView.recordsCalls = false
        property.bind(to: textView, cellType: TerminalTextCell.self) { cell, item in cell.text = "\(item)" }
        let styledView = BatchUpdateValidatingView<ReusablePriceRow>(
          mode: mode == .tableView ? .tableView : .collectionView)
        styledView.recordsCalls = false
        property.bind(to: styledView, cellType: ReusablePriceRow.self, style: .init(currency: "EUR"))
        for step in 0..<15 {
          let patch = randomGridPatch(on: grid, count: Int.random(in: 1...4, using: &rng), next: &next, using: &rng)
          grid.apply(patch)
          property.value = TreeChangeset(collection: grid, patch: patch)
          let context = "seed \(seed), step \(step), patch \(patch.map(\.step))"
          XCTAssertEqual(textView.violations, [], context)
          XCTAssertEqual(styledView.violations, [], context)
          XCTAssertEqual(textView.rows.map { $0.map(\.text) }, grid.sections.map { $0.items.map { "\($0)" } }, context)
          XCTAssertEqual(
            styledView.rows.map { $0.map(\.text) }, grid.sections.map { $0.items.map { "\($0) EUR" } }, context)
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

/// The reuse identifier ``valueCellView(mode:)`` registers.
let valueCellIdentifier = "value"

/// A validating view of `Int` cells with ``valueCellIdentifier`` registered: it hands out `0`s,
/// which the binders replace by the item (a value has no identity, so the view checks that a cell
/// was dequeued for the row, not which).
@MainActor
func valueCellView(mode: BatchUpdateValidatingView<Int>.Mode) -> BatchUpdateValidatingView<Int> {
  let view = BatchUpdateValidatingView<Int>(mode: mode) { _, _ in 0 }
  view.register(ValueCellClass.self, forCellWithReuseIdentifier: valueCellIdentifier)
  return view
}

/// The class registered for value cells (the view never creates one).
final class ValueCellClass {}

/// A sectioned binder that records when it had to fall back to a reload. Its cells are the items,
/// each dequeued first (for the row the view asked) when the view has ``valueCellIdentifier``.
@MainActor
final class RecordingBinder<Changeset: SectionedDataSourceChangeset, View: SectionedViewProtocol>:
  SectionedBinderDataSource<Changeset, View>
where Changeset.Collection: QueryableSectionedDataSourceProtocol, Changeset.Collection.Item == View.Cell {
  private(set) var fallbacks: [ChangesetValidationError] = []

  init(animations: SectionedViewAnimations = .automatic) {
    super.init(animations: animations) { collection, indexPath, _ in collection.item(at: indexPath) }
  }

  override func cell(for collection: Changeset.Collection, at indexPath: IndexPath, in view: View) -> View.Cell {
    if let view = view as? BatchUpdateValidatingView<Int>, view.registeredCellClasses[valueCellIdentifier] != nil {
      _ = view.dequeueReusableCell(withReuseIdentifier: valueCellIdentifier, for: requestedIndexPath ?? indexPath)
    }
    return super.cell(for: collection, at: indexPath, in: view)
  }

  override func didFallBackToReload(because error: ChangesetValidationError) {
    fallbacks.append(error)
  }
}
