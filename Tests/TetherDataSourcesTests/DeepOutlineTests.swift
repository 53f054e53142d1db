import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import XCTest

/// An outline 100,000 levels deep: binding, replaying a patch at the bottom, checking the view,
/// reloading and releasing everything run without recursion on depth.
final class DeepOutlineTests: XCTestCase {
  private typealias View = OutlineUpdateValidatingView<Int>
  private typealias Forest = TreeArray<Int>
  private static let depth = 100_000

  private static func zeros(_ count: Int) -> IndexPath {
    IndexPath(indexes: [Int](repeating: 0, count: count))
  }

  /// The rows a view shows for `forest`, built bottom-up from the deepest level.
  private static func rows(_ forest: Forest) -> [View.Row] {
    var levels: [[TreeNode<Int>]] = [forest.children]
    while let last = levels.last, !last.isEmpty { levels.append(last.flatMap(\.children)) }
    var below: [View.Row] = []
    for level in levels.reversed() {
      var next = below.makeIterator()
      below = level.map { node in View.Row(cell: node.value, children: node.children.map { _ in next.next()! }) }
    }
    return below
  }

  func testADeepOutlineBindsReplaysAndIsReleased() {
    MainActor.assumeIsolated {
      var node = TreeNode(Self.depth - 1)
      for value in (0..<Self.depth - 1).reversed() { node = TreeNode(value, [node]) }
      var forest = Forest([node])
      var view: View? = View()
      let changes = Property(TreeChangeset(reloading: forest))
      var binder: OutlineBinderDataSource<Forest, View>? = OutlineBinderDataSource { item, _ in item.value }
      let binding = changes.bind(to: view!, using: binder!)
      XCTAssertEqual(binder!.item(at: Self.zeros(Self.depth)).value, Self.depth - 1)

      let half = Self.depth / 2
      let patch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = [
        .insert(TreeNode(-1, [TreeNode(-2)]), at: Self.zeros(Self.depth + 1)),
        .update(at: Self.zeros(Self.depth), newElement: TreeNode(-3)),
        .move(from: Self.zeros(half), to: [1]),
        .delete(at: Self.zeros(10)),
      ]
      forest.apply(patch)
      view!.resetRecords()
      changes.value = TreeChangeset(collection: forest, patch: patch)
      XCTAssertEqual(view!.violations, [])
      XCTAssertEqual(view!.calls.count, 6)
      XCTAssertEqual(binder!.item(at: [1]).value, half - 1)
      XCTAssertEqual(view!.rows, Self.rows(forest))

      changes.value = .reload(Forest([TreeNode(0)]))
      XCTAssertEqual(view!.rows, [View.Row(cell: 0)])
      changes.value = .reload(forest)
      binding.dispose()
      binder = nil
      view = nil
    }
  }
}
