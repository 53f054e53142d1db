import TetherChangesets
import XCTest

final class RangeReplaceableCollectionApplyTests: XCTestCase {
  func testEachOperationAppliesToTheStateRightBeforeIt() {
    var letters = ["a", "b", "c"]
    letters.apply([.delete(at: 0), .insert("d", at: 2), .move(from: 0, to: 1)])
    XCTAssertEqual(letters, ["c", "b", "d"])
    letters.apply(.update(at: 2, newElement: "D"))
    XCTAssertEqual(letters, ["c", "b", "D"])
  }

  func testMovesPutTheElementAtTheTargetOfTheResult() {
    XCTAssertEqual([1, 2, 3, 4].applying([.move(from: 0, to: 3)]), [2, 3, 4, 1])
    XCTAssertEqual([1, 2, 3, 4].applying([.move(from: 3, to: 0)]), [4, 1, 2, 3])
    XCTAssertEqual([1, 2, 3, 4].applying([.move(from: 1, to: 1)]), [1, 2, 3, 4])
  }

  func testAppliesToOtherRangeReplaceableCollections() {
    XCTAssertEqual("abc".applying([.insert("x", at: 3), .delete(at: 0)]), "bcx")
    var slice = [0, 1, 2, 3][1...]
    slice.apply([.delete(at: 0), .insert(9, at: 2)])
    XCTAssertEqual(Array(slice), [2, 3, 9])
  }

  func testInsertAtTheEndIsValid() {
    XCTAssertEqual([Int]().applying([.insert(1, at: 0), .insert(2, at: 1)]), [1, 2])
  }
}
