import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTestSupport
import TetherValidatingViews
import XCTest

@testable import TetherDiffuser

/// Bins as a sectioned data source: the observable form binds to the sectioned binder directly,
/// and a plain `DiffCollection`'s results become sectioned changesets.
final class DiffCollectionDataSourceTests: XCTestCase {
  func testTheObservableFormIsAQueryableSectionedDataSource() {
    let bins = ObservableDiffCollection(filters: binFilters, sortedBy: { $0.value < $1.value })
    _ = bins.update(element: BinItem(id: 1, value: 9))
    _ = bins.update(element: BinItem(id: 2, value: 3))
    _ = bins.update(element: BinItem(id: 3, value: 2))

    let source: any SectionedDataSourceProtocol = bins
    XCTAssertEqual(source.numberOfSections, 3)
    XCTAssertEqual((0..<3).map(source.numberOfItems(inSection:)), [2, 1, 0])
    XCTAssertEqual(bins.item(at: [0, 0]), BinItem(id: 2, value: 3))
    XCTAssertEqual(bins.item(at: [0, 1]), BinItem(id: 1, value: 9))
    XCTAssertEqual(bins.item(at: [1, 0]), BinItem(id: 3, value: 2))
    XCTAssertEqual((0..<3).map(bins.title(forSection:)), ["multiple of 3", "even", "small"])
  }

  func testRandomUpdatesThroughTheSectionedBinderKeepTheViewEqualToTheBins() {
    MainActor.assumeIsolated {
      withSeeds(0..<40) { seed, rng in
        let bins = ObservableDiffCollection(filters: binFilters, sortedBy: { $0.value < $1.value })
        let view = BatchUpdateValidatingView<BinItem>()
        view.recordsCalls = false
        bins.bind(to: view) { bins, indexPath, _ in bins.item(at: indexPath) }
        XCTAssertEqual(view.reloadCount, 1, "the first changeset reloads")
        for step in 0..<60 {
          let id = Int.random(in: 0..<12, using: &rng)
          if Int.random(in: 0..<4, using: &rng) == 0 {
            _ = bins.delete(id: id)
          } else {
            _ = bins.update(element: BinItem(id: id, value: Int.random(in: 0..<12, using: &rng)))
          }
          let context = "seed \(seed), step \(step)"
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(view.rows, bins.collection.sections.map(\.items), context)
          XCTAssertEqual(view.sectionTitles, binFilters.map(\.name), context)
        }
        XCTAssertEqual(view.reloadCount, 1, "seed \(seed): every later change is a batch update")
      }
    }
  }

  func testAPlainCollectionsResultsBecomeSectionedChangesetsThatReplay() {
    MainActor.assumeIsolated {
      withSeeds(0..<40) { seed, rng in
        var bins = DiffCollection(filters: binFilters)
        let changes = Property(SectionedDiffChangeset(reloading: bins.array2D))
        let view = BatchUpdateValidatingView<BinItem>()
        view.recordsCalls = false
        changes.bind(to: view) { bins, indexPath, _ in bins.item(at: indexPath) }
        for step in 0..<60 {
          let item = BinItem(id: Int.random(in: 0..<12, using: &rng), value: Int.random(in: 0..<12, using: &rng))
          let result = bins.update(element: item)
          let changeset = bins.changeset(for: result)
          XCTAssertEqual(changeset.diff, result.diff)
          XCTAssertEqual(changeset.collection, bins.array2D)
          changes.value = changeset
          let context = "seed \(seed), step \(step)"
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(view.rows, bins.bins, context)
        }
      }
    }
  }
}
