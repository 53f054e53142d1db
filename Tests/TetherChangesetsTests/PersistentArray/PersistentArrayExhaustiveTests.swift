import TetherChangesets
import TetherTestSupport
import XCTest

/// Every insertion, removal and small replacement at every position of lists of 0 to 70
/// elements (across the first leaf boundary), and of lists around the first index-level
/// boundaries.
final class PersistentArrayExhaustiveTests: XCTestCase {
  func testInsertAndRemoveAtEveryPositionOfSmallLists() {
    withEvery("count", in: 0...70) { count in
      let expected = Array(0..<count)
      let original = PersistentArray(expected)
      for index in 0...count {
        var list = original
        var array = expected
        list.insert(-1, at: index)
        array.insert(-1, at: index)
        XCTAssertEqual(Array(list), array, "insert at \(index) of \(count)")
      }
      for index in 0..<count {
        var list = original
        var array = expected
        XCTAssertEqual(list.remove(at: index), array.remove(at: index))
        XCTAssertEqual(Array(list), array, "remove at \(index) of \(count)")
      }
      XCTAssertEqual(Array(original), expected, "the original of \(count) changed")
    }
  }

  func testReplaceSubrangeAtEveryRangeOfSmallLists() {
    withEvery("count", in: 0...70) { count in
      let expected = Array(0..<count)
      let original = PersistentArray(expected)
      for lower in 0...count {
        for upper in lower...count {
          for inserted in [0, 3] {
            var list = original
            var array = expected
            let replacement = Array(repeating: -1, count: inserted)
            list.replaceSubrange(lower..<upper, with: replacement)
            array.replaceSubrange(lower..<upper, with: replacement)
            XCTAssertEqual(Array(list), array, "replace \(lower)..<\(upper) of \(count) with \(inserted)")
          }
        }
      }
    }
  }

  func testInsertAndRemoveAtEveryPositionAroundIndexLevelBoundaries() {
    // 64 x 32 = 2,048 elements fill one index node of full leaves.
    withEvery("count", in: [2_047, 2_048, 2_049]) { count in
      let expected = Array(0..<count)
      let original = PersistentArray(expected)
      for index in stride(from: 0, through: count, by: 7) + [count] {
        var list = original
        list.insert(-1, at: index)
        XCTAssertEqual(list[index], -1)
        XCTAssertEqual(list.count, count + 1)
        XCTAssertTrue(list[..<index].elementsEqual(0..<index), "insert at \(index) of \(count)")
        XCTAssertTrue(list[(index + 1)...].elementsEqual(index..<count), "insert at \(index) of \(count)")
        if index < count {
          var removed = original
          XCTAssertEqual(removed.remove(at: index), index)
          XCTAssertTrue(removed.elementsEqual(Array(0..<index) + Array((index + 1)..<count)))
        }
      }
      XCTAssertTrue(original.elementsEqual(expected))
    }
  }

  func testBuildingAndIteratingEverySize() {
    for count in Array(0...300) + [2_047, 2_048, 2_049, 65_535, 65_536, 65_537] {
      let list = PersistentArray(0..<count)
      list._checkInvariants()
      XCTAssertEqual(list.count, count)
      XCTAssertTrue(list.elementsEqual(0..<count), "iterating \(count)")
      XCTAssertEqual(Array(list), Array(0..<count), "copying \(count)")
      XCTAssertEqual(list.reduce(0, +), (0..<count).reduce(0, +))
      var appended = PersistentArray<Int>()
      for value in 0..<Swift.min(count, 3_000) { appended.append(value) }
      XCTAssertEqual(Array(appended), Array(0..<Swift.min(count, 3_000)))
    }
  }
}

/// Shapes random sequences rarely reach: a node whose last child is small (allowed while it is
/// last) merged with or borrowing from its right neighbor, so that the small child ends up in the
/// middle.
final class PersistentArrayRebalancingTests: XCTestCase {
  func testASmallLastChildDoesNotEndUpInTheMiddleAfterAMerge() {
    // Two index nodes of 32 full leaves each.
    var expected = Array(0..<4_096)
    var list = PersistentArray(expected)
    // Shrink the first index node's last leaf (offsets 1,984..<2,048) to a few elements.
    for _ in 0..<60 {
      list.remove(at: 1_990)
      expected.remove(at: 1_990)
    }
    list._checkInvariants()
    // Empty the first index node from the front until it must merge with or borrow from the second.
    for _ in 0..<1_400 {
      list.remove(at: 0)
      expected.remove(at: 0)
      list._checkInvariants()
    }
    XCTAssertEqual(Array(list), expected)
  }

  func testRandomRemovalsAndInsertsOverDeepTrees() {
    withSeeds(0..<12) { seed, rng in
      var expected = Array(0..<(seed % 2 == 0 ? 20_000 : 6_000))
      var list = PersistentArray(expected)
      for step in 0..<6_000 {
        if Int.random(in: 0..<3, using: &rng) == 0 {
          let index = Int.random(in: 0...expected.count, using: &rng)
          list.insert(-step, at: index)
          expected.insert(-step, at: index)
        } else {
          // Removals cluster, so that whole nodes empty and merge.
          let center = Int(seed) * 3_000 % Swift.max(1, expected.count)
          let index = Swift.min(expected.count - 1, center + Int.random(in: 0..<200, using: &rng))
          list.remove(at: index)
          expected.remove(at: index)
        }
        if step % 25 == 0 { list._checkInvariants() }
      }
      list._checkInvariants()
      XCTAssertEqual(Array(list), expected, "seed \(seed)")
    }
  }
}
