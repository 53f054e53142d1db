import TetherTestSupport
import XCTest

@testable import TetherChangesets

/// `replaceSubrange` and what is built on it (`append(contentsOf:)`, `insert(contentsOf:at:)`,
/// `removeSubrange`) cut the tree and concatenate trees of different heights: seeded random
/// sequences against `Array` with snapshots that must never change, every small range, and the
/// shapes that make a seam hard (different heights, small last nodes on either side).
final class PersistentArrayReplaceSubrangeTests: XCTestCase {
  func testRandomReplacementsMatchArrayAndSnapshotsNeverChange() {
    withSeeds(0..<20) { seed, rng in
      let initialCount = Int.random(in: 0...5_000, using: &rng)
      var expected = Array(0..<initialCount)
      var list = Self.randomlyShaped(expected, using: &rng)
      var snapshots: [(list: PersistentArray<Int>, array: [Int])] = []
      var nextValue = initialCount
      for step in 0..<120 {
        let count = expected.count
        let range: Range<Int>
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
          let index = Int.random(in: 0...count, using: &rng)
          range = index..<index
        case 1: range = 0..<count
        default:
          let lower = Int.random(in: 0...count, using: &rng)
          let longest = [8, 300, count][Int.random(in: 0..<3, using: &rng)]
          range = lower..<lower + Int.random(in: 0...Swift.min(count - lower, longest), using: &rng)
        }
        let inserted = Array(nextValue..<nextValue + Int.random(in: 0...300, using: &rng))
        nextValue += inserted.count
        // Now and then the new elements come as a list, which is concatenated as it is.
        if Int.random(in: 0..<4, using: &rng) == 0 {
          list.replaceSubrange(range, with: Self.randomlyShaped(inserted, using: &rng))
        } else {
          list.replaceSubrange(range, with: inserted)
        }
        expected.replaceSubrange(range, with: inserted)
        list._checkInvariants()
        guard list.count == expected.count, list.elementsEqual(expected) else {
          XCTFail("seed \(seed) step \(step): replacing \(range) with \(inserted.count) elements differs")
          return
        }
        if Int.random(in: 0..<8, using: &rng) == 0 { snapshots.append((list, expected)) }
        if step % 20 == 0 {
          for (offset, snapshot) in snapshots.enumerated() {
            XCTAssertTrue(snapshot.list.elementsEqual(snapshot.array), "seed \(seed) step \(step) snapshot \(offset)")
          }
        }
      }
      for (offset, snapshot) in snapshots.enumerated() {
        snapshot.list._checkInvariants()
        XCTAssertEqual(Array(snapshot.list), snapshot.array, "seed \(seed) final snapshot \(offset)")
      }
    }
  }

  func testEveryRangeOfSmallListsReplacedWithZeroToThreeElements() {
    withEvery("count", in: 0...12) { count in
      let expected = Array(0..<count)
      let original = PersistentArray(expected)
      for lower in 0...count {
        for upper in lower...count {
          for inserted in 0...3 {
            var list = original
            var array = expected
            let replacement = Array(repeating: -1, count: inserted)
            list.replaceSubrange(lower..<upper, with: replacement)
            array.replaceSubrange(lower..<upper, with: replacement)
            list._checkInvariants()
            XCTAssertEqual(Array(list), array, "replace \(lower)..<\(upper) of \(count) with \(inserted)")
          }
        }
      }
      XCTAssertEqual(Array(original), expected, "the original of \(count) changed")
    }
  }

  func testEveryRangeAcrossLeafAndIndexBoundariesReplacedWithZeroToThreeElements() {
    // Windows of 12 positions around the first leaf boundary and the first index-node boundary
    // of lists built in one pass and by appends (whose last leaf is small).
    for (count, window) in [(130, 58..<70), (2_100, 2_042..<2_054), (2_100, 2_090..<2_100)] {
      let expected = Array(0..<count)
      var appended = PersistentArray<Int>()
      for value in expected { appended.append(value) }
      for original in [PersistentArray(expected), appended] {
        for lower in window {
          for upper in lower...window.upperBound {
            for inserted in 0...3 {
              var list = original
              var array = expected
              let replacement = Array(repeating: -1, count: inserted)
              list.replaceSubrange(lower..<upper, with: replacement)
              array.replaceSubrange(lower..<upper, with: replacement)
              list._checkInvariants()
              XCTAssertTrue(list.elementsEqual(array), "replace \(lower)..<\(upper) of \(count) with \(inserted)")
            }
          }
        }
        XCTAssertTrue(original.elementsEqual(expected), "the original of \(count) changed")
      }
    }
  }

  func testConcatenatingTreesOfEveryHeightAndShape() {
    var rng = SeededRandomNumberGenerator(seed: 0xC0CA7)
    let shapes = Self.shapes(using: &rng)
    var heights = Set<[Int]>()
    for (left, leftArray) in shapes {
      for (right, rightArray) in shapes {
        let leftBefore = left
        var joined = left
        joined.append(contentsOf: right)
        joined._checkInvariants()
        XCTAssertEqual(joined.count, leftArray.count + rightArray.count)
        XCTAssertTrue(joined.elementsEqual(leftArray + rightArray), "\(left.count) ++ \(right.count)")
        var prepended = right
        prepended.insert(contentsOf: left, at: 0)
        prepended._checkInvariants()
        XCTAssertTrue(prepended.elementsEqual(leftArray + rightArray), "\(left.count) before \(right.count)")
        XCTAssertTrue(leftBefore.elementsEqual(leftArray), "the left operand changed")
        heights.insert([left._root.height, right._root.height])
      }
    }
    // Every pair of heights from 0 to 3 was concatenated.
    XCTAssertEqual(heights.count, 16)
  }

  func testSplittingAtEveryBoundaryOfEveryShape() {
    var rng = SeededRandomNumberGenerator(seed: 0x5B117)
    for (list, array) in Self.shapes(using: &rng) {
      let count = array.count
      let cuts = Set([0, 1, 2, 31, 32, 33, 63, 64, 65, 2_047, 2_048, 2_049, count / 2, count - 65, count - 1, count])
      for cut in cuts where cut >= 0 && cut <= count {
        var prefix = list
        prefix.removeSubrange(cut...)
        prefix._checkInvariants()
        XCTAssertTrue(prefix.elementsEqual(array[..<cut]), "prefix \(cut) of \(count)")
        var suffix = list
        suffix.removeSubrange(..<cut)
        suffix._checkInvariants()
        XCTAssertTrue(suffix.elementsEqual(array[cut...]), "suffix from \(cut) of \(count)")
        var rejoined = prefix
        rejoined.append(contentsOf: suffix)
        rejoined._checkInvariants()
        XCTAssertTrue(rejoined.elementsEqual(array), "rejoined at \(cut) of \(count)")
      }
      XCTAssertTrue(list.elementsEqual(array), "the list of \(count) changed")
    }
  }

  func testReplacingInAMillionElementsSharesAllButThePaths() {
    let original = PersistentArray(0..<1_000_000)
    var list = original
    list.replaceSubrange(500_000..<500_016, with: (0..<16).map { -$0 })
    list.replaceSubrange(250_000..<250_100, with: [-1])
    list.insert(contentsOf: 0..<5, at: 999_000)
    list.removeSubrange(10..<70_000)
    list._checkInvariants()
    var expected = Array(0..<1_000_000)
    expected.replaceSubrange(500_000..<500_016, with: (0..<16).map { -$0 })
    expected.replaceSubrange(250_000..<250_100, with: [-1])
    expected.insert(contentsOf: 0..<5, at: 999_000)
    expected.removeSubrange(10..<70_000)
    XCTAssertTrue(list.elementsEqual(expected))
    XCTAssertTrue(original.elementsEqual(0..<1_000_000))
    original._checkInvariants()
  }

  func testReplacingAtBothEndsOfAShortList() {
    var list = PersistentArray(0..<10)
    list.replaceSubrange(10..<10, with: [10])
    list.replaceSubrange(0..<0, with: [-1])
    XCTAssertEqual(Array(list), Array(-1...10))
  }

  func testRandomReplacementsWithLargeElementsAndOddLeafCapacities() {
    // 40-byte elements make leaves of 51 (an odd capacity), elements of 128 bytes or more leaves
    // of 16 (the smallest).
    XCTAssertEqual(_PersistentArrayNode<Wide40>.leafCapacity, 51)
    XCTAssertEqual(_PersistentArrayNode<WideLarge>.leafCapacity, 16)
    Self.checkRandomReplacements(of: Wide40.init)
    Self.checkRandomReplacements(of: WideLarge.init)
  }

  static func checkRandomReplacements<Element: Equatable>(of make: (Int) -> Element) {
    withSeeds(0..<6) { seed, rng in
      var expected = (0..<Int.random(in: 0...3_000, using: &rng)).map(make)
      var list = PersistentArray(expected)
      var snapshots: [(PersistentArray<Element>, [Element])] = []
      for step in 0..<80 {
        let lower = Int.random(in: 0...expected.count, using: &rng)
        let upper = lower + Int.random(in: 0...Swift.min(expected.count - lower, 200), using: &rng)
        let inserted = (0..<Int.random(in: 0...200, using: &rng)).map { make(-step * 1_000 - $0) }
        list.replaceSubrange(lower..<upper, with: inserted)
        expected.replaceSubrange(lower..<upper, with: inserted)
        list._checkInvariants()
        XCTAssertTrue(list.elementsEqual(expected), "\(Element.self) seed \(seed) step \(step)")
        if step % 10 == 0 { snapshots.append((list, expected)) }
      }
      for (snapshot, array) in snapshots {
        XCTAssertTrue(snapshot.elementsEqual(array), "\(Element.self) seed \(seed): a snapshot changed")
      }
    }
  }

  struct Wide40: Equatable {
    var value: Int
    var padding: (Int, Int, Int, Int) = (0, 0, 0, 0)

    init(_ value: Int) { self.value = value }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  }

  struct WideLarge: Equatable {
    var value: Int
    var padding: (SIMD8<Int>, SIMD8<Int>) = (.zero, .zero)

    init(_ value: Int) { self.value = value }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  }

  // MARK: Shapes

  /// `elements` in a list of one of three shapes: built in one pass (full nodes, small last
  /// ones), by appends, or by random inserts (half-full nodes).
  static func randomlyShaped(_ elements: [Int], using rng: inout SeededRandomNumberGenerator) -> PersistentArray<Int> {
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: return PersistentArray(elements)
    case 1:
      var list = PersistentArray<Int>()
      for element in elements { list.append(element) }
      return list
    default: return insertedShape(elements, using: &rng)
    }
  }

  /// `elements` inserted in random order at their final positions relative to each other, so
  /// that leaves split in half and hold about three quarters.
  static func insertedShape(_ elements: [Int], using rng: inout SeededRandomNumberGenerator) -> PersistentArray<Int> {
    var list = PersistentArray<Int>()
    var positions: [Int] = []
    for offset in elements.indices.shuffled(using: &rng) {
      var low = 0
      var high = positions.count
      while low < high {
        let middle = (low + high) / 2
        if positions[middle] < offset { low = middle + 1 } else { high = middle }
      }
      positions.insert(offset, at: low)
      list.insert(elements[offset], at: low)
    }
    return list
  }

  /// Lists of heights 0 to 3 in every shape, with small last nodes, full last nodes, and a last
  /// index node of one child.
  static func shapes(using rng: inout SeededRandomNumberGenerator) -> [(PersistentArray<Int>, [Int])] {
    var result: [(PersistentArray<Int>, [Int])] = []
    var base = 0
    for count in [0, 1, 2, 31, 33, 64, 65, 100, 2_047, 2_049, 2_112, 5_000, 70_000] {
      let elements = Array(base..<base + count)
      base += count
      result.append((PersistentArray(elements), elements))
      if count <= 5_000 {
        var appended = PersistentArray<Int>()
        for element in elements { appended.append(element) }
        result.append((appended, elements))
        result.append((insertedShape(elements, using: &rng), elements))
      }
      if count >= 100 {
        // Shrink the last leaf to one element by removing from the end.
        var trimmed = PersistentArray(elements)
        let keep = (count - 2) / 64 * 64 + 1
        trimmed.removeSubrange(keep...)
        result.append((trimmed, Array(elements[..<keep])))
      }
    }
    return result
  }
}
