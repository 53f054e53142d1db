import Foundation
import TetherChangesets
import XCTest

@testable import TetherCollections

/// Traps cannot be caught in XCTest, so the messages are checked through the functions that build
/// them; every container check calls these before changing anything.
final class CollectionPreconditionsTests: XCTestCase {
  func testMessagesNameTheIndexAndTheCount() {
    XCTAssertEqual(
      CollectionPreconditions.indexOutOfRange(7, count: 5),
      "Index 7 is out of range for a collection of 5 elements"
    )
    XCTAssertEqual(
      CollectionPreconditions.insertionIndexOutOfRange(6, count: 5),
      "Insertion index 6 is out of range for a collection of 5 elements (valid: 0...5)"
    )
    XCTAssertEqual(
      CollectionPreconditions.rangeOutOfBounds(3..<9, count: 5),
      "Range 3..<9 is out of range for a collection of 5 elements"
    )
    XCTAssertEqual(
      CollectionPreconditions.emptyCollection("removeLast()"),
      "removeLast() needs an element, but the collection has 0 elements"
    )
    XCTAssertEqual(
      CollectionPreconditions.moveTargetOutOfRange(4, moving: 2, count: 5),
      "Target index 4 is out of range for moving 2 of the 5 elements (valid: 0...3)"
    )
    XCTAssertEqual(
      CollectionPreconditions.duplicateIndex(3, operation: "move(from:to:)"),
      "Index 3 is listed twice in move(from:to:)")
    XCTAssertEqual(
      CollectionPreconditions.sectionOutOfRange(4, count: 2),
      "Section index 4 is out of range for a 2D array of 2 sections"
    )
    XCTAssertEqual(
      CollectionPreconditions.itemOutOfRange([1, 5], count: 3),
      "Index 5 is out of range for section 1 of 3 items (index path [1, 5])"
    )
  }

  func testTreeMessagesNameTheIndexItsDepthAndTheChildCount() {
    XCTAssertEqual(
      CollectionPreconditions.treeIndexOutOfRange(3, depth: 1, of: [0, 3], childCount: 2),
      "Index 3 is out of range for a node of 2 children (depth 1 of index path [0, 3])"
    )
    XCTAssertEqual(
      CollectionPreconditions.treeEmptyPath("remove(at:)"),
      "remove(at:) needs a non-empty index path; the empty path addresses the tree itself"
    )
    XCTAssertEqual(
      CollectionPreconditions.treeDuplicatePath([1, 2], operation: "remove(at:)"),
      "Index path [1, 2] is listed twice in remove(at:)"
    )
    XCTAssertEqual(
      CollectionPreconditions.itemInsertionOutOfRange([0, 4], count: 2),
      "Insertion index 4 is out of range for section 0 of 2 items (index path [0, 4], valid: 0...2)"
    )
    XCTAssertEqual(
      CollectionPreconditions.accessInsideBatch,
      "An observable container was accessed from inside its own batchUpdate; use the collection passed to the batch"
    )
  }

  func testTreePathChecksCountInTheTreeWithoutTheMovedNodes() {
    let tree = TreeArray([TreeNode("a", [TreeNode("b"), TreeNode("c")]), TreeNode("d")])
    XCTAssertEqual(tree.checkedChildCount(at: [0], fullPath: [0, 0]), 2)
    XCTAssertEqual(tree.checkedChildCount(at: [0], fullPath: [0, 0], removing: [[0, 1]]), 1)
    // Without [0], the node at [0] is "d", which has no children.
    XCTAssertEqual(tree.checkedChildCount(at: [0], fullPath: [0, 0], removing: [[0]]), 0)
    XCTAssertEqual(tree.checkedChildCount(at: [], fullPath: [2], removing: [[1]]), 1)
    tree.checkNodePath([0, 1], operation: "remove(at:)")
    tree.checkInsertionPath([0, 2], operation: "insert(_:at:)")
    tree.checkInsertionPath([1], removing: [[0]], operation: "move(from:to:)")
    tree.checkDistinctNodePaths([[0], [0, 0], [1]], operation: "remove(at:)")
  }

  func testValidArgumentsPassTheChecks() {
    CollectionPreconditions.checkIndex(0, count: 1)
    CollectionPreconditions.checkInsertionIndex(1, count: 1)
    CollectionPreconditions.checkRange(0..<1, count: 1)
    CollectionPreconditions.checkRange(1..<1, count: 1)
    CollectionPreconditions.checkNotEmpty(1, operation: "removeFirst()")
    CollectionPreconditions.checkMove([2, 0], to: 1, count: 3)
    CollectionPreconditions.checkMove([], to: 3, count: 3)
  }
}
