import Dispatch
import Foundation
import TetherChangesets
import TetherDiffuser
import TetherSignals
import TetherTestSupport
import XCTest

private func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(indexes: [section, row]) }

private typealias Changeset = ObservableDiffCollection<BinItem, Int>.Changeset

extension Array2D {
  /// The items of every section.
  fileprivate var bins: [[Item]] { sections.map(\.items) }
}

final class ObservableDiffCollectionTests: XCTestCase {
  private func makeCollection() -> ObservableDiffCollection<BinItem, Int> {
    ObservableDiffCollection(filters: binFilters, sortedBy: { $0.value < $1.value })
  }

  func testObservingStartsWithAReloadThenOneChangesetPerChange() {
    let bins = makeCollection()
    bins.update(element: BinItem(id: 1, value: 3))
    let recorder = EventRecorder<Changeset, Never>()
    let observation = recorder.observe(bins)

    bins.update(element: BinItem(id: 2, value: 6))  // added at [0, 1]
    bins.update(element: BinItem(id: 2, value: 6))  // unchanged: nothing emitted
    bins.update(element: BinItem(id: 3, value: 7))  // rejected, not stored: nothing emitted
    bins.update(element: BinItem(id: 1, value: 2))  // moved to [1, 0]
    bins.delete(id: 9)  // not found: nothing emitted
    bins.removeAll()

    let changesets = recorder.elements
    XCTAssertEqual(changesets.map(\.isReload), [true, false, false, true])
    XCTAssertEqual(changesets[0].collection.bins, [[BinItem(id: 1, value: 3)], [], []])
    XCTAssertEqual(changesets[1].diff, OrderedCollectionDiff(inserts: [path(0, 1)]))
    XCTAssertEqual(changesets[2].diff, OrderedCollectionDiff(inserts: [path(1, 0)], deletes: [path(0, 0)]))
    XCTAssertEqual(changesets[2].collection.bins, [[BinItem(id: 2, value: 6)], [BinItem(id: 1, value: 2)], []])
    XCTAssertEqual(changesets[3].collection.bins, [[], [], []])
    observation.dispose()
    recorder.assertNoViolations()
  }

  func testReadingTheCurrentState() {
    let bins = makeCollection()
    let result = bins.update(element: BinItem(id: 1, value: 4))
    XCTAssertEqual(result.added, [path(1, 0)])
    XCTAssertEqual(bins.numberOfSections, 3)
    XCTAssertEqual(bins.numberOfElements(inSection: 1), 1)
    XCTAssertEqual(bins.element(atIndexPath: path(1, 0)), BinItem(id: 1, value: 4))
    XCTAssertEqual(bins.element(withID: 1), BinItem(id: 1, value: 4))
    XCTAssertEqual(bins.collection.sections.map(\.metadata), ["multiple of 3", "even", "small"])
  }

  func testSeededMutationsEmitChangesetsThatReplayAndValidate() {
    withSeeds(0..<40) { seed, rng in
      let bins = makeCollection()
      let recorder = EventRecorder<Changeset, Never>()
      let observation = recorder.observe(bins)
      for _ in 0..<80 {
        let id = Int.random(in: 0..<12, using: &rng)
        if Int.random(in: 0..<10, using: &rng) < 3 {
          bins.delete(id: id)
        } else {
          bins.update(element: BinItem(id: id, value: Int.random(in: 0..<12, using: &rng)))
        }
      }
      observation.dispose()
      assertChangesetsReplay(recorder.elements, seed: seed)
    }
  }

  func testMutationsFromManyThreadsReachObserversInOneReplayableOrder() {
    let bins = makeCollection()
    let recorder = EventRecorder<Changeset, Never>()
    let observation = recorder.observe(bins)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      var rng = SeededRandomNumberGenerator(seed: UInt64(thread))
      for _ in 0..<300 {
        let id = thread * 100 + Int.random(in: 0..<20, using: &rng)
        if Int.random(in: 0..<10, using: &rng) < 3 {
          bins.delete(id: id)
        } else {
          bins.update(element: BinItem(id: id, value: Int.random(in: 0..<12, using: &rng)))
        }
      }
    }
    observation.dispose()
    let changesets = recorder.elements
    assertChangesetsReplay(changesets, seed: nil)
    XCTAssertEqual(changesets.last?.collection, bins.collection)
    XCTAssertEqual(bins.collection.bins.joined().count, Set(bins.collection.bins.joined().map(\.id)).count)
    recorder.assertNoViolations()
  }

  /// Every changeset's patch, applied to the previous 2D array, gives its 2D array; its diff and
  /// patch pass the tree validator; its diff only addresses items; the first is a reload.
  private func assertChangesetsReplay(_ changesets: [Changeset], seed: UInt64?) {
    let label = seed.map { "seed \($0)" } ?? "threads"
    guard let first = changesets.first, first.isReload else {
      XCTFail("\(label): the first changeset is not a reload")
      return
    }
    var previous = first.collection
    for (index, changeset) in changesets.enumerated().dropFirst() {
      defer { previous = changeset.collection }
      if changeset.isReload { continue }
      var replayed = previous
      replayed.apply(changeset.patch)
      XCTAssertEqual(replayed, changeset.collection, "\(label), changeset \(index): \(changeset.patch) does not replay")
      XCTAssertNoThrow(
        try changeset.validate(from: previous), "\(label), changeset \(index): invalid \(changeset.diff)")
      let paths = changeset.diff.inserts + changeset.diff.deletes + changeset.diff.updates
      XCTAssertTrue(
        paths.allSatisfy { $0.count == 2 }, "\(label), changeset \(index): a section entry in \(changeset.diff)")
      XCTAssertEqual(changeset.collection.sections.map(\.metadata), previous.sections.map(\.metadata))
    }
  }
}
