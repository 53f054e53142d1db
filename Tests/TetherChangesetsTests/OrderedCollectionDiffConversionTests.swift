import TetherChangesets
import TetherTestSupport
import XCTest

final class OrderedCollectionDiffConversionTests: XCTestCase {
  typealias Operation = OrderedCollectionOperation<String, Int>

  private func diff(_ patch: [Operation], sourceCount: Int) -> OrderedCollectionDiff<Int> {
    OrderedCollectionDiff(from: patch, sourceCount: sourceCount)
  }

  // MARK: Hand-picked patch -> diff examples

  func testSingleOperations() {
    XCTAssertEqual(diff([.insert("x", at: 1)], sourceCount: 3), OrderedCollectionDiff(inserts: [1]))
    XCTAssertEqual(diff([.delete(at: 2)], sourceCount: 3), OrderedCollectionDiff(deletes: [2]))
    XCTAssertEqual(diff([.update(at: 0, newElement: "x")], sourceCount: 3), OrderedCollectionDiff(updates: [0]))
    XCTAssertEqual(diff([.move(from: 0, to: 2)], sourceCount: 3), OrderedCollectionDiff(moves: [(from: 0, to: 2)]))
    XCTAssertEqual(diff([], sourceCount: 3), OrderedCollectionDiff())
  }

  func testDeletesAreReportedInTheSourceSpace() {
    // a b c d: deleting at 0 twice removes a and b.
    XCTAssertEqual(diff([.delete(at: 0), .delete(at: 0)], sourceCount: 4), OrderedCollectionDiff(deletes: [0, 1]))
  }

  func testInsertsAreReportedInTheFinalSpace() {
    // Inserting at 0 then at 0 again: the first insert ends up at 1.
    XCTAssertEqual(
      diff([.insert("x", at: 0), .insert("y", at: 0)], sourceCount: 2),
      OrderedCollectionDiff(inserts: [0, 1])
    )
  }

  func testSeveralMovesOfOneElementBecomeOneMove() {
    // a b c d: move a to 3 (b c d a), then back to 1 (b a c d).
    XCTAssertEqual(
      diff([.move(from: 0, to: 3), .move(from: 3, to: 1)], sourceCount: 4),
      OrderedCollectionDiff(moves: [(from: 0, to: 1)])
    )
  }

  func testAnUpdatedMovedElementIsAMoveAndAnUpdateAtItsSource() {
    // a b c: move a to the end (b c a), update it (b c A).
    XCTAssertEqual(
      diff([.move(from: 0, to: 2), .update(at: 2, newElement: "A")], sourceCount: 3),
      OrderedCollectionDiff(updates: [0], moves: [(from: 0, to: 2)])
    )
    // Update first, then move: the same diff.
    XCTAssertEqual(
      diff([.update(at: 0, newElement: "A"), .move(from: 0, to: 2)], sourceCount: 3),
      OrderedCollectionDiff(updates: [0], moves: [(from: 0, to: 2)])
    )
  }

  func testOperationsOnAnInsertedElementAreOnlyItsInsert() {
    // a b: insert x at 0 (x a b), update it, move it to the end (a b X).
    XCTAssertEqual(
      diff([.insert("x", at: 0), .update(at: 0, newElement: "X"), .move(from: 0, to: 2)], sourceCount: 2),
      OrderedCollectionDiff(inserts: [2])
    )
  }

  func testADeletedInsertedElementDisappears() {
    XCTAssertEqual(diff([.insert("x", at: 1), .delete(at: 1)], sourceCount: 2), OrderedCollectionDiff())
  }

  func testADeletedUpdatedElementIsOnlyADelete() {
    XCTAssertEqual(
      diff([.update(at: 1, newElement: "B"), .delete(at: 1)], sourceCount: 3),
      OrderedCollectionDiff(deletes: [1])
    )
  }

  func testADeletedMovedElementIsOnlyADelete() {
    XCTAssertEqual(
      diff([.move(from: 0, to: 2), .delete(at: 2)], sourceCount: 3),
      OrderedCollectionDiff(deletes: [0])
    )
  }

  func testMovesAroundInsertsAndDeletes() {
    // a b c d e -> delete b (a c d e) -> insert x at 0 (x a c d e) -> move e to 1 (x e a c d)
    let patch: [Operation] = [.delete(at: 1), .insert("x", at: 0), .move(from: 4, to: 1)]
    XCTAssertEqual(
      diff(patch, sourceCount: 5),
      OrderedCollectionDiff(inserts: [0], deletes: [1], moves: [(from: 4, to: 1)])
    )
    let old = ["a", "b", "c", "d", "e"]
    XCTAssertEqual(old.applying(patch), ["x", "e", "a", "c", "d"])
    assertReplays(OrderedCollectionChangeset(collection: old.applying(patch), patch: patch), from: old)
  }

  // MARK: Hand-picked diff -> patch examples

  func testDiffToPatchOrdersUpdatesDeletesMovesInserts() {
    // a b c d -> d A c x: delete b, update a, move d to the front, insert x at the end.
    let new = ["d", "A", "c", "x"]
    let diff = OrderedCollectionDiff<Int>(inserts: [3], deletes: [1], updates: [0], moves: [(from: 3, to: 0)])
    let patch = diff.generatePatch(to: new)
    XCTAssertEqual(
      patch,
      [.update(at: 0, newElement: "A"), .delete(at: 1), .move(from: 2, to: 0), .insert("x", at: 3)]
    )
    XCTAssertEqual(["a", "b", "c", "d"].applying(patch), new)
  }

  func testDiffToPatchMovesEachElementOnce() {
    // Reversal: a b c d -> d c b a, every element but one must move.
    let diff = OrderedCollectionDiff<Int>(moves: [(from: 0, to: 3), (from: 1, to: 2), (from: 3, to: 0)])
    let new = ["d", "c", "b", "a"]
    let patch = diff.generatePatch(to: new)
    XCTAssertEqual(patch.count, 3)
    XCTAssertEqual(["a", "b", "c", "d"].applying(patch), new)
    XCTAssertEqual(OrderedCollectionDiff(from: patch, sourceCount: 4), diff.normalized())
  }

  // MARK: Properties

  func testExhaustiveSmallPatchesMatchTheOracleAndRoundTrip() {
    var checked = 0
    withEvery("source count", in: 0...4) { sourceCount in
      let old = Array(0..<sourceCount)
      withEvery("patch length", in: 0...3) { length in
        for patch in everyPatch(length: length, onSize: sourceCount) {
          let fast = OrderedCollectionDiff(from: patch, sourceCount: sourceCount)
          let expected = naiveDiff(of: patch, sourceCount: sourceCount)
          guard fast == expected else {
            return XCTFail("\(patch) on \(sourceCount): \(fast), expected \(expected)")
          }
          let new = old.applying(patch)
          let derived = fast.generatePatch(to: new)
          guard old.applying(derived) == new,
            OrderedCollectionDiff(from: derived, sourceCount: sourceCount) == fast
          else {
            return XCTFail("\(patch) on \(sourceCount): derived patch \(derived) of \(fast) does not round-trip")
          }
          checked += 1
        }
      }
    }
    // 1 + 5 + 29 + 29^2 ... summed over source counts 0...4: every patch is checked.
    XCTAssertEqual(checked, 39_464)
  }

  func testRandomPatchesMatchTheOracleAndReplay() {
    withSeeds(0..<1_000) { seed, rng in
      let old = randomArray(count: Int.random(in: 0...200, using: &rng), alphabet: 8, using: &rng)
      let patch = randomPatch(on: old, count: Int.random(in: 0...60, using: &rng), alphabet: 8, using: &rng)
      let new = old.applying(patch)
      let diff = OrderedCollectionDiff(from: patch, sourceCount: old.count)
      XCTAssertEqual(diff, naiveDiff(of: patch, sourceCount: old.count), "seed \(seed)")
      assertReplays(OrderedCollectionChangeset(collection: new, patch: patch), from: old, "seed \(seed)")
      // patch -> diff -> patch' replays; diff -> patch' -> diff is stable.
      let derived = diff.generatePatch(to: new)
      XCTAssertEqual(old.applying(derived), new, "seed \(seed)")
      XCTAssertEqual(OrderedCollectionDiff(from: derived, sourceCount: old.count), diff, "seed \(seed)")
    }
  }

  func testRandomDiffsRoundTripThroughPatches() {
    withSeeds(0..<700) { seed, rng in
      let old = randomArray(count: Int.random(in: 0...200, using: &rng), alphabet: 8, using: &rng)
      let rate = [0.0, 0.05, 0.2, 0.5, 1.0].randomElement(using: &rng)!
      let diff = randomDiff(oldCount: old.count, changeRate: rate, using: &rng)
      let new = randomFinalCollection(applying: diff, to: old, using: &rng) { Int.random(in: 100..<200, using: &$0) }
      assertReplays(OrderedCollectionChangeset(collection: new, diff: diff), from: old, "seed \(seed)")
      let patch = diff.generatePatch(to: new)
      XCTAssertEqual(old.applying(patch), new, "seed \(seed)")
      XCTAssertEqual(OrderedCollectionDiff(from: patch, sourceCount: old.count), diff.normalized(), "seed \(seed)")
      XCTAssertEqual(patch.count, diff.count, "one operation per diff entry, seed \(seed)")
    }
  }

  func testLargePatchMatchesTheOracle() {
    var rng = SeededRandomNumberGenerator(seed: 42)
    let old = Array(0..<10_000)
    let patch = randomPatch(on: old, count: 10_000, using: &rng)
    let diff = OrderedCollectionDiff(from: patch, sourceCount: old.count)
    XCTAssertEqual(diff, naiveDiff(of: patch, sourceCount: old.count))
    let new = old.applying(patch)
    XCTAssertEqual(old.applying(diff.generatePatch(to: new)), new)
  }

  func testDiffToPatchReadsAnyCollection() {
    // A collection that is not random-access: offsets are walked once, in order.
    let new = ["b", "x", "c"].lazy.map { $0.uppercased() }
    let diff = OrderedCollectionDiff<Int>(inserts: [1], deletes: [0], updates: [2])
    XCTAssertEqual(diff.generatePatch(to: new), [.update(at: 2, newElement: "C"), .delete(at: 0), .insert("X", at: 1)])
  }
}
