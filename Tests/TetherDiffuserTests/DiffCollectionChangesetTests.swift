import Foundation
import TetherChangesets
import TetherDiffuser
import TetherTestSupport
import XCTest

/// Applies a sectioned item patch to plain bins, operation by operation.
func applying<Element>(_ patch: [OrderedCollectionOperation<Element, IndexPath>], to bins: [[Element]]) -> [[Element]] {
  var bins = bins
  for operation in patch {
    switch operation {
    case .insert(let element, let path): bins[path[0]].insert(element, at: path[1])
    case .delete(let path): bins[path[0]].remove(at: path[1])
    case .update(let path, let element): bins[path[0]][path[1]] = element
    case .move(let from, let to):
      let element = bins[from[0]].remove(at: from[1])
      bins[to[0]].insert(element, at: to[1])
    }
  }
  return bins
}

private func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(indexes: [section, row]) }

final class DiffCollectionChangesetTests: XCTestCase {
  private let names = ["a", "b", "c"]

  func testTheChangesetOfAMutationResult() {
    var collection = DiffCollection(filters: [
      DiffCollectionFilter<TestObject>(name: "a") { $0.value.hasPrefix("a") },
      DiffCollectionFilter<TestObject>(name: "b") { $0.value.hasPrefix("b") },
    ])
    collection.update(element: TestObject(id: 1, value: "apple"))
    collection.update(element: TestObject(id: 2, value: "avocado"))
    let before = collection.bins
    let result = collection.update(element: TestObject(id: 1, value: "banana"))
    let changeset = DiffCollectionChangeset(result: result, collection: collection.snapshot)
    XCTAssertFalse(changeset.isReload)
    XCTAssertEqual(changeset.diff, result.diff)
    XCTAssertEqual(
      changeset.patch, [.delete(at: path(0, 0)), .insert(TestObject(id: 1, value: "banana"), at: path(1, 0))])
    XCTAssertEqual(applying(changeset.patch, to: before), collection.bins)
    XCTAssertEqual(changeset.collection.sectionNames, ["a", "b"])
  }

  func testAReloadIsExplicit() {
    let snapshot = DiffCollectionSnapshot(sectionNames: names, bins: [[1], [], [2, 3]])
    let reload = DiffCollectionChangeset.reload(snapshot)
    XCTAssertTrue(reload.isReload)
    XCTAssertTrue(reload.diff.isEmpty)
    XCTAssertEqual(reload.collection.bins, [[1], [], [2, 3]])
  }

  func testDiffToPatchWithUpdatesThatShift() {
    // Old: a: [1, 2, 3], b: [4]. Delete 1, insert 0 at the end of a, update 3 (now at row 1),
    // move 4 into a's front.
    let final = DiffCollectionSnapshot(sectionNames: ["a", "b"], bins: [[40, 2, 30, 0], []])
    let diff = OrderedCollectionDiff<IndexPath>(
      inserts: [path(0, 3)],
      deletes: [path(0, 0)],
      updates: [path(0, 2), path(1, 0)],
      moves: [(from: path(1, 0), to: path(0, 0))]
    )
    let changeset = DiffCollectionChangeset(collection: final, diff: diff)
    XCTAssertEqual(applying(changeset.patch, to: [[1, 2, 3], [4]]), final.bins)
  }

  func testRandomPatchesAndDiffsConvertBothWays() {
    withSeeds(0..<300) { seed, rng in
      // Unique, versioned values so that a lost update or a misplaced element shows.
      var next = 0
      func fresh() -> Int {
        next += 1
        return next
      }
      let sectionCount = Int.random(in: 1...3, using: &rng)
      let start: [[Int]] = (0..<sectionCount).map { _ in (0..<Int.random(in: 0...5, using: &rng)).map { _ in fresh() } }
      var current = start
      var patch: [OrderedCollectionOperation<Int, IndexPath>] = []
      for _ in 0..<Int.random(in: 0...8, using: &rng) {
        let section = Int.random(in: 0..<sectionCount, using: &rng)
        let count = current[section].count
        let operation: OrderedCollectionOperation<Int, IndexPath>
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: operation = .insert(fresh(), at: path(section, Int.random(in: 0...count, using: &rng)))
        case 1 where count > 0: operation = .delete(at: path(section, Int.random(in: 0..<count, using: &rng)))
        case 2 where count > 0:
          operation = .update(at: path(section, Int.random(in: 0..<count, using: &rng)), newElement: fresh())
        case 3 where count > 0:
          let target = Int.random(in: 0..<sectionCount, using: &rng)
          let from = path(section, Int.random(in: 0..<count, using: &rng))
          let targetCount = current[target].count - (target == section ? 1 : 0)
          operation = .move(from: from, to: path(target, Int.random(in: 0...targetCount, using: &rng)))
        default: continue
        }
        patch.append(operation)
        current = applying([operation], to: current)
      }
      let names = (0..<sectionCount).map { "s\($0)" }
      let final = DiffCollectionSnapshot(sectionNames: names, bins: current)

      let fromPatch = DiffCollectionChangeset(collection: final, patch: patch)
      do {
        try fromPatch.diff.validate(oldItemCounts: start.map(\.count), newItemCounts: current.map(\.count))
      } catch {
        XCTFail("seed \(seed): derived diff \(fromPatch.diff) is invalid: \(error); patch \(patch)")
        return
      }
      let fromDiff = DiffCollectionChangeset(collection: final, diff: fromPatch.diff)
      XCTAssertEqual(
        applying(fromDiff.patch, to: start),
        current,
        "seed \(seed): patch \(patch) -> diff \(fromPatch.diff) -> patch \(fromDiff.patch) does not replay"
      )
    }
  }
}
