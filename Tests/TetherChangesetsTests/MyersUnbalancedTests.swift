import TetherTestSupport
import XCTest

@testable import TetherChangesets

/// Myers' search on collections of very different lengths: each round visits only the diagonals a
/// path can reach inside the grid, so the work grows with the short side times the distance, not
/// with the square of the distance (the diff fuzzer's slowest inputs had this shape: one element
/// against a thousand).
final class MyersUnbalancedTests: XCTestCase {
  /// The furthest-reaching points Myers computes for `old` → `new`, and its matching.
  private func myersWork(_ old: [Int], _ new: [Int], inferMoves: Bool = false) -> (_Matching, Int) {
    _withContiguousElements(old, new) { old, new in
      let result = _myersMatchingCountingWork(
        _internIdentities(_HashableElements(old: old, new: new)),
        inferMoves: inferMoves
      )
      return (result.matching, result.searchedDiagonals)
    }
  }

  /// 10 old elements, 5 of them kept in order among 5,000 new ones: the whole search used to visit
  /// every diagonal of every round, about 12.5 million points.
  func testShortOldSideAgainstLongNewSide() {
    let new = Array(0..<5_000)
    let old = [10, 1_000_001, 1_000, 1_000_002, 2_000, 1_000_003, 3_000, 1_000_004, 4_000, 1_000_005]
    let kept: Set = [10, 1_000, 2_000, 3_000, 4_000]

    let diff = new.diff(from: old, algorithm: .myers())
    XCTAssertEqual(diff.deletes, [1, 3, 5, 7, 9])
    XCTAssertEqual(diff.inserts, new.indices.filter { !kept.contains(new[$0]) })
    XCTAssertEqual(diff.updates, [])
    XCTAssertTrue(diff.moves.isEmpty)
    XCTAssertEqual(old.applying(diff.generatePatch(to: new)), new)

    let (matching, work) = myersWork(old, new)
    XCTAssertEqual(matching.matchedCount, 5)
    // 2 directions × about D rounds / 2 × at most min(n, m) + 1 diagonals, with room for the
    // recursion: 220,000 against the 12.5 million of the unbounded rounds.
    XCTAssertLessThanOrEqual(work, 4 * (old.count + new.count) * (old.count + 1))
  }

  func testLongOldSideAgainstShortNewSide() {
    let old = Array(0..<5_000)
    let new = [4_000, -1, 3_000, -2, 2_000, -3, 1_000, -4, 10, -5]
    let diff = new.diff(from: old, algorithm: .myers())
    // The kept elements are in reverse order: exactly one of them stays.
    XCTAssertEqual(diff.deletes.count, 4_999)
    XCTAssertEqual(diff.inserts.count, 9)
    XCTAssertEqual(old.applying(diff.generatePatch(to: new)), new)

    let (matching, work) = myersWork(old, new, inferMoves: true)
    XCTAssertEqual(matching.matchedCount, 5, "one kept, four paired into moves")
    XCTAssertLessThanOrEqual(work, 4 * (old.count + new.count) * (new.count + 1))
  }

  /// The shape of the slowest fuzz inputs: one element against 1,016 (over 340,000 points before).
  func testOneElementAgainstAThousand() {
    let new = (0..<1_016).map { $0 % 40 }
    for old in [[47], [7]] {
      let diff = new.diff(from: old, algorithm: .myers())
      XCTAssertEqual(old.applying(diff.generatePatch(to: new)), new)
      XCTAssertEqual(diff.deletes.count + diff.inserts.count, old.count + new.count - 2 * (old == [7] ? 1 : 0))
      let (_, work) = myersWork(old, new)
      XCTAssertLessThanOrEqual(work, 4 * (old.count + new.count) * 2)
    }
  }

  /// Balanced random inputs still get a shortest script, checked against dynamic programming.
  func testRandomUnbalancedPairsGetShortestScripts() {
    var rng = SeededRandomNumberGenerator(seed: 1_016)
    for round in 0..<300 {
      let short = (0..<Int.random(in: 0...6, using: &rng)).map { _ in Int.random(in: 0..<8, using: &rng) }
      let long = (0..<Int.random(in: 0...300, using: &rng)).map { _ in Int.random(in: 0..<8, using: &rng) }
      let (old, new) = round.isMultiple(of: 2) ? (short, long) : (long, short)
      let diff = new.diff(from: old, algorithm: .myers())
      XCTAssertEqual(
        diff.deletes.count + diff.inserts.count,
        old.count + new.count - 2 * longestCommonSubsequenceLength(old, new),
        "round \(round)"
      )
      XCTAssertEqual(old.applying(diff.generatePatch(to: new)), new, "round \(round)")
    }
  }

  private func longestCommonSubsequenceLength(_ a: [Int], _ b: [Int]) -> Int {
    var previous = [Int](repeating: 0, count: b.count + 1)
    var current = previous
    for i in a.indices {
      for j in b.indices {
        current[j + 1] = a[i] == b[j] ? previous[j] + 1 : max(previous[j + 1], current[j])
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
