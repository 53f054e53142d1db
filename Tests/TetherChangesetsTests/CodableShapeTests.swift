import Foundation
import TetherChangesets
import XCTest

/// The documented JSON shapes, written out for small examples (keys sorted so the text is stable).
final class CodableShapeTests: XCTestCase {
  private func json<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  func testAnOrderedChangesetMadeFromAPatch() throws {
    let changeset = OrderedCollectionChangeset(collection: ["a", "c", "b"], patch: [.insert("c", at: 1)])
    XCTAssertEqual(
      try json(changeset),
      #"{"collection":["a","c","b"],"patch":[{"at":1,"element":"c","type":"insert"}],"type":"patch"}"#
    )
  }

  func testAnOrderedChangesetMadeFromADiffAndFromBoth() throws {
    let diff = OrderedCollectionDiff(updates: [0], moves: [(from: 1, to: 0)])
    XCTAssertEqual(
      try json(OrderedCollectionChangeset(collection: [2, 9], diff: diff)),
      #"{"collection":[2,9],"diff":{"deletes":[],"inserts":[],"moves":[{"from":1,"to":0}],"updates":[0]},"type":"diff"}"#
    )
    let both = OrderedCollectionChangeset(
      collection: [1], patch: [.delete(at: 0)], diff: OrderedCollectionDiff(deletes: [0]))
    XCTAssertEqual(
      try json(both),
      #"{"collection":[1],"diff":{"deletes":[0],"inserts":[],"moves":[],"updates":[]},"#
        + #""patch":[{"at":0,"type":"delete"}],"type":"patchAndDiff"}"#
    )
    XCTAssertEqual(try json(OrderedCollectionChangeset.reload([1])), #"{"collection":[1],"type":"reload"}"#)
  }

  func testOperations() throws {
    let operations: [OrderedCollectionOperation<String, Int>] = [
      .update(at: 2, newElement: "x"), .move(from: 0, to: 3),
    ]
    XCTAssertEqual(
      try json(operations),
      #"[{"at":2,"element":"x","type":"update"},{"from":0,"to":3,"type":"move"}]"#
    )
  }

  func testTreesAreFlatPreOrderListsWithChildCounts() throws {
    let tree = TreeArray([TreeNode("a", [TreeNode("b"), TreeNode("c")]), TreeNode("d")])
    XCTAssertEqual(
      try json(tree),
      #"{"nodes":[{"childCount":2,"value":"a"},{"childCount":0,"value":"b"},"#
        + #"{"childCount":0,"value":"c"},{"childCount":0,"value":"d"}]}"#
    )
    let changeset = TreeChangeset(collection: tree, patch: [.move(from: [2], to: [0, 1])])
    XCTAssertEqual(
      try json(changeset),
      #"{"collection":"# + (try json(tree)) + #","patch":[{"from":[2],"to":[0,1],"type":"move"}],"type":"patch"}"#
    )
  }

  func testArray2D() throws {
    let array = Array2D(sectionsWithItems: [("A", [1, 2])])
    XCTAssertEqual(try json(array), #"{"sections":[{"items":[1,2],"metadata":"A"}]}"#)
    let elements: [Array2DElement<String, Int>] = [.section("A"), .item(1)]
    XCTAssertEqual(try json(elements), #"[{"metadata":"A","type":"section"},{"item":1,"type":"item"}]"#)
  }
}
