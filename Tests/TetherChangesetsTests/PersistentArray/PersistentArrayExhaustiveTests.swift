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
