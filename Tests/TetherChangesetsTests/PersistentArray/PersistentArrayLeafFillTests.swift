import TetherTestSupport
import XCTest

@testable import TetherChangesets

/// A full leaf shares elements with a neighbor that has room before it splits (issue 24: memory
/// per element within 1.5x of an array's): the exact leaves that sharing leaves behind, the fill
/// that random insertions reach (splitting in half alone reaches about two thirds), and the
/// guarantees it keeps (elements and order, the tree's invariants, snapshots that never change).
final class PersistentArrayLeafFillTests: XCTestCase {
  /// The element counts of the leaves, left to right.
  private func leafCounts<Element>(_ list: PersistentArray<Element>) -> [Int] {
    var counts: [Int] = []
    func visit(_ node: _PersistentArrayNode<Element>) {
      if node.height == 0 {
        counts.append(node.elements.count)
      } else {
        for child in node.children { visit(child) }
      }
    }
    visit(list._root)
    return counts
  }

  func testAFullLeafMovesElementsToItsRightNeighborInsteadOfSplitting() {
    // Built in one pass: leaves of 64, 64 and 32 elements.
    var list = PersistentArray(0..<160)
    var expected = Array(0..<160)
    XCTAssertEqual(leafCounts(list), [64, 64, 32])
    // Into the full middle leaf, whose left neighbor is full too: half the difference (16)
    // moves right, the insertion stays in the middle leaf. Splitting would have made 4 leaves.
    list.insert(-1, at: 100)
    expected.insert(-1, at: 100)
    XCTAssertEqual(leafCounts(list), [64, 49, 48])
    XCTAssertEqual(Array(list), expected)
    list._checkInvariants()
  }

  func testAFullLeafMovesElementsToItsLeftNeighborInsteadOfSplitting() {
    var list = PersistentArray(0..<192)
    var expected = Array(0..<192)
    for _ in 0..<10 {
      list.remove(at: 0)
      expected.remove(at: 0)
    }
    XCTAssertEqual(leafCounts(list), [54, 64, 64])
    // Into the full middle leaf, 5 elements in: its first 5 elements move left (half the
    // difference), and the insertion lands at the middle leaf's start.
    list.insert(-1, at: 59)
    expected.insert(-1, at: 59)
    XCTAssertEqual(leafCounts(list), [59, 60, 64])
    XCTAssertEqual(Array(list), expected)
    list._checkInvariants()
    // An insertion among the elements that moved lands in the left neighbor.
    var other = PersistentArray(0..<192)
    for _ in 0..<10 { other.remove(at: 0) }
    var otherExpected = Array(10..<192)
    other.insert(-2, at: 56)
    otherExpected.insert(-2, at: 56)
    XCTAssertEqual(leafCounts(other), [60, 59, 64])
    XCTAssertEqual(Array(other), otherExpected)
    other._checkInvariants()
  }

  func testAFullLeafBetweenFullNeighborsStillSplits() {
    var list = PersistentArray(0..<192)
    var expected = Array(0..<192)
    list.insert(-1, at: 100)
    expected.insert(-1, at: 100)
    XCTAssertEqual(leafCounts(list), [64, 32, 33, 64])
    XCTAssertEqual(Array(list), expected)
    list._checkInvariants()
  }

  func testRandomInsertionsFillLeavesToMoreThanFourFifths() {
    withSeeds(0..<6) { seed, rng in
      var list = PersistentArray<Int>()
      var expected: [Int] = []
      for value in 0..<20_000 {
        let index = Int.random(in: 0...expected.count, using: &rng)
        list.insert(value, at: index)
        expected.insert(value, at: index)
      }
      XCTAssertEqual(Array(list), expected, "seed \(seed)")
      list._checkInvariants()
      let leaves = leafCounts(list)
      let fill = Double(list.count) / Double(leaves.count * _PersistentArrayNode<Int>.leafCapacity)
      // Splitting in half alone leaves about 0.69 (ln 2); sharing with a neighbor first about 0.85.
      XCTAssertGreaterThan(fill, 0.8, "seed \(seed): leaves are \(fill) full on average")
    }
  }

  func testSharingWithANeighborNeverChangesASnapshot() {
    withSeeds(0..<8) { seed, rng in
      var list = PersistentArray(0..<Int.random(in: 0...3_000, using: &rng))
      var expected = Array(list)
      var snapshots: [(list: PersistentArray<Int>, array: [Int])] = []
      for value in 0..<3_000 {
        // Mostly insertions, with removals to make room in neighbors again.
        if Int.random(in: 0..<4, using: &rng) == 0 && !expected.isEmpty {
          let index = Int.random(in: 0..<expected.count, using: &rng)
          list.remove(at: index)
          expected.remove(at: index)
        } else {
          let index = Int.random(in: 0...expected.count, using: &rng)
          list.insert(-value, at: index)
          expected.insert(-value, at: index)
        }
        if value % 7 == 0 { snapshots.append((list, expected)) }
      }
      XCTAssertEqual(Array(list), expected, "seed \(seed)")
      list._checkInvariants()
      for (offset, snapshot) in snapshots.enumerated() {
        snapshot.list._checkInvariants()
        XCTAssertEqual(Array(snapshot.list), snapshot.array, "seed \(seed) snapshot \(offset)")
      }
    }
  }
}
