import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

/// Bond's traversals of a `TreeNode`: the node itself first, a collection indexed by `IndexPath`.
final class TreeBondTraversalTests: XCTestCase {
  private let root = TreeNode(
    "root", [TreeNode("a", [TreeNode("a1"), TreeNode("a2")]), TreeNode("b", [TreeNode("b1")])])

  func testDepthFirstIncludesTheRootAndIsIndexedByIndexPath() {
    let view = root.depthFirst(includingSelf: true)
    XCTAssertEqual(view.map(\.value), ["root", "a", "a1", "a2", "b", "b1"])
    XCTAssertEqual(Array(view.indices), [[], [0], [0, 0], [0, 1], [1], [1, 0]])
    XCTAssertEqual(view[[0, 1]].value, "a2")
    XCTAssertEqual(view.startIndex, [])
    XCTAssertEqual(view.endIndex, [2])
    XCTAssertEqual(view.firstIndex { $0.value == "b1" }, [1, 0])
    XCTAssertEqual(view.last?.value, "b1")
    XCTAssertEqual(view.count, 6)
  }

  func testTheIndicesAreInIncreasingOrder() {
    var random = SeededRandomNumberGenerator(seed: 11)
    for _ in 0..<50 {
      let tree = randomTree(depth: 4, using: &random)
      let view = tree.depthFirst(includingSelf: true)
      let indices = Array(view.indices)
      XCTAssertEqual(indices, indices.sorted(), "pre-order is lexicographic order")
      XCTAssertTrue(indices.allSatisfy { $0 < view.endIndex })
      for path in indices where !path.isEmpty {
        XCTAssertEqual(view[path].value, tree[childAt: path].value)
      }
      XCTAssertEqual(Array(view.reversed().map(\.value)), Array(view.map(\.value).reversed()))
    }
  }

  func testBreadthFirstIncludesTheRootLevelByLevel() {
    let view = root.breadthFirst(includingSelf: true)
    XCTAssertEqual(view.map(\.value), ["root", "a", "b", "a1", "a2", "b1"])
    XCTAssertEqual(view.indexPaths, [[], [0], [1], [0, 0], [0, 1], [1, 0]])
  }

  func testTheRootCanBeLeftOut() {
    XCTAssertEqual(root.depthFirst(includingSelf: false).map(\.value), ["a", "a1", "a2", "b", "b1"])
    XCTAssertEqual(root.breadthFirst(includingSelf: false).map(\.value), ["a", "b", "a1", "a2", "b1"])
    XCTAssertEqual(TreeNode("leaf").depthFirst(includingSelf: false).count, 0)
    XCTAssertEqual(TreeNode("leaf").depthFirst(includingSelf: true).map(\.value), ["leaf"])
  }

  private func randomTree(depth: Int, using random: inout SeededRandomNumberGenerator) -> TreeNode<Int> {
    let children =
      depth == 0
      ? [] : (0..<Int.random(in: 0...3, using: &random)).map { _ in randomTree(depth: depth - 1, using: &random) }
    return TreeNode(Int.random(in: 0..<100, using: &random), children)
  }
}
