import TetherChangesets
import TetherTestSupport
import XCTest

/// Diffs and changesets convert to and from the standard library's `CollectionDifference`, moves
/// as associated removal-insertion pairs.
final class CollectionDifferenceInteropTests: XCTestCase {
  func testAStandardLibraryDifferenceRoundTripsOnRandomPairs() {
    withSeeds(0..<300) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<16, using: &rng), alphabet: 10, using: &rng)
      let new = randomArray(count: Int.random(in: 0..<16, using: &rng), alphabet: 10, using: &rng)
      let difference = new.difference(from: old).inferringMoves()
      let diff = OrderedCollectionDiff(difference)
      let changeset = OrderedCollectionChangeset(collection: new, difference: difference)
      XCTAssertEqual(changeset.diff, diff, "seed \(seed)")
      assertReplays(changeset, from: old, "seed \(seed)")
      XCTAssertEqual(diff.collectionDifference(from: old, to: new), difference, "seed \(seed)")
      XCTAssertEqual(changeset.collectionDifference(from: old), difference, "seed \(seed)")
    }
  }

  func testTetherDiffsOfRandomPairsApplyAsCollectionDifferences() {
    withSeeds(0..<300) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<16, using: &rng), alphabet: 1_000, using: &rng)
      let diff = randomDiff(oldCount: old.count, changeRate: 0.3, using: &rng)
      let new = randomFinalCollection(applying: diff, to: old, using: &rng) { Int.random(in: 0..<1_000, using: &$0) }
      let difference = diff.collectionDifference(from: old, to: new)
      XCTAssertEqual(old.applying(difference), new, "seed \(seed)")
      // Every move of an element that is not also updated is an associated pair.
      let associated = difference.insertions.filter {
        if case .insert(_, _, let source) = $0 { return source != nil }
        return false
      }
      XCTAssertEqual(associated.count, diff.moves.filter { !diff.updates.contains($0.from) }.count, "seed \(seed)")
      // And back: the diff of the difference replays too.
      assertReplays(
        OrderedCollectionChangeset(collection: new, diff: OrderedCollectionDiff(difference)), from: old, "seed \(seed)")
    }
  }

  func testDiffsOfTetherAlgorithmsApplyAsCollectionDifferences() {
    withSeeds(0..<200) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 6, using: &rng)
      let new = randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 6, using: &rng)
      let changeset = OrderedCollectionChangeset(collection: new, diff: new.diff(from: old))
      XCTAssertEqual(old.applying(changeset.collectionDifference(from: old)), new, "seed \(seed)")
    }
  }

  func testAMoveIsAnAssociatedPairAndAReloadReplacesEverything() {
    let diff = OrderedCollectionDiff(moves: [(from: 0, to: 2)])
    let difference = diff.collectionDifference(from: ["a", "b", "c"], to: ["b", "c", "a"])
    XCTAssertEqual(
      Array(difference),
      [.remove(offset: 0, element: "a", associatedWith: 2), .insert(offset: 2, element: "a", associatedWith: 0)]
    )
    XCTAssertEqual(OrderedCollectionDiff(difference), diff)
    let reload = OrderedCollectionChangeset.reload(["x"])
    XCTAssertEqual(["a", "b"].applying(reload.collectionDifference(from: ["a", "b"])), ["x"])
  }
}
