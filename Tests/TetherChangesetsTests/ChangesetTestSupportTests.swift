import TetherChangesets
import TetherTestSupport
import XCTest

/// The generators and the batch-update replay that other modules' tests rely on.
final class ChangesetTestSupportTests: XCTestCase {
  func testSilencedWarningsReachNoLoggerUntilTheTestEnds() {
    let counter = DiffWarningCounter()
    let previous = TetherLogger.shared
    TetherLogger.shared = counter.logger
    addTeardownBlock { TetherLogger.shared = previous }  // runs after the silencer's own block
    TetherLogger.shared.warn("before")
    silenceTetherWarnings()
    TetherLogger.shared.warn("while silenced")
    XCTAssertEqual(counter.count, 1, "only the warning before silencing was logged")
  }

  func testBatchApplyingFollowsUIKitIndexSpaces() {
    // a b c d: delete b (old 1), move d (old 3) to the front, update a (old 0), insert x at new 2.
    let diff = OrderedCollectionDiff<Int>(inserts: [2], deletes: [1], updates: [0], moves: [(from: 3, to: 0)])
    let new = ["d", "A", "x", "c"]
    XCTAssertEqual(batchApplying(diff, to: ["a", "b", "c", "d"], reading: new), new)
    // Without the update, the old value of a stays: the replay tells a missing update apart.
    let missingUpdate = OrderedCollectionDiff<Int>(inserts: [2], deletes: [1], moves: [(from: 3, to: 0)])
    XCTAssertEqual(batchApplying(missingUpdate, to: ["a", "b", "c", "d"], reading: new), ["d", "a", "x", "c"])
  }

  func testRandomPatchesAreValidOnTheirCollection() throws {
    try withSeeds(0..<200) { seed, rng in
      let old = randomArray(count: Int.random(in: 0...30, using: &rng), alphabet: 3, using: &rng)
      XCTAssert(old.allSatisfy { (0..<3).contains($0) }, "seed \(seed)")
      let patch = randomPatch(on: old, count: 20, alphabet: 3, using: &rng)
      XCTAssertEqual(patch.count, 20)
      XCTAssertNoThrow(try ChangesetValidator.validate(patch, sourceCount: old.count), "seed \(seed)")
    }
  }

  func testRandomDiffsAreValid() throws {
    try withSeeds(0..<200) { seed, rng in
      let oldCount = Int.random(in: 0...40, using: &rng)
      let diff = randomDiff(oldCount: oldCount, changeRate: 0.3, using: &rng)
      let newCount = oldCount - diff.deletes.count + diff.inserts.count
      XCTAssertNoThrow(try diff.validate(oldCount: oldCount, newCount: newCount), "seed \(seed)")
      let old = Array(0..<oldCount)
      let new = randomFinalCollection(applying: diff, to: old, using: &rng) { rng in
        Int.random(in: 100..<200, using: &rng)
      }
      XCTAssertEqual(new.count, newCount, "seed \(seed)")
      assertReplays(OrderedCollectionChangeset(collection: new, diff: diff), from: old, "seed \(seed)")
    }
  }
}
