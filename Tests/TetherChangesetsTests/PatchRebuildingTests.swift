import TetherTestSupport
import XCTest

@testable import TetherChangesets

/// Applying a patch by rebuilding the collection from the patch's layout gives exactly what
/// replaying it operation by operation gives.
final class PatchRebuildingTests: XCTestCase {
  func testRebuildingEqualsReplayingOnRandomPatches() {
    var rng = SeededRandomNumberGenerator(seed: 718)
    for round in 0..<400 {
      let source = randomArray(count: Int.random(in: 0...40, using: &rng), alphabet: 1_000, using: &rng)
      let patch = randomPatch(on: source, count: Int.random(in: 0...60, using: &rng), alphabet: 1_000, using: &rng)
      var replayed = source
      replayed.applyByReplaying(patch)
      var rebuilt = source
      rebuilt.applyByRebuilding(patch)
      XCTAssertEqual(rebuilt, replayed, "round \(round): \(source) patch \(patch)")
    }
  }

  func testRebuildingKeepsASliceStartIndexAndWorksOnStrings() {
    var rng = SeededRandomNumberGenerator(seed: 9)
    for _ in 0..<50 {
      let base = randomArray(count: 30, alphabet: 100, using: &rng)
      let patch = randomPatch(on: Array(base[5...]), count: 40, alphabet: 100, using: &rng)
      var replayed = base[5...]
      replayed.applyByReplaying(patch)
      var rebuilt = base[5...]
      rebuilt.applyByRebuilding(patch)
      XCTAssertEqual(rebuilt.startIndex, replayed.startIndex)
      XCTAssertEqual(Array(rebuilt), Array(replayed))
    }
    var text = "abcdef"
    text.applyByRebuilding([
      .move(from: 0, to: 5), .insert("x", at: 0), .update(at: 3, newElement: "Y"), .delete(at: 1),
    ])
    XCTAssertEqual(text, "xcYefa")
  }

  func testLongPatchesThatShiftManyElementsAreRebuilt() {
    let moves = [OrderedCollectionOperation<Int, Int>](repeating: .move(from: 0, to: 9_999), count: 200)
    XCTAssertTrue(PatchApplication.prefersRebuilding(moves, count: 10_000))
    let appends = (0..<200).map { index -> OrderedCollectionOperation<Int, Int> in .insert(index, at: 10_000 + index) }
    XCTAssertFalse(PatchApplication.prefersRebuilding(appends, count: 10_000))
    XCTAssertFalse(PatchApplication.prefersRebuilding(Array(moves.prefix(10)), count: 10_000))
    var array = Array(0..<10_000)
    array.apply(moves)
    XCTAssertEqual(array, Array(200..<10_000) + Array(0..<200))
  }
}
