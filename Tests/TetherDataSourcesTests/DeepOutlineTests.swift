import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import TetherValidatingViews
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
  /// The items of a deep outline with nothing else holding them: the root's, as the binder built them.
  private static func deepRoot() -> OutlineItem<Int> {
    MainActor.assumeIsolated {
      var node = TreeNode(depth - 1)
      for value in (0..<depth - 1).reversed() { node = TreeNode(value, [node]) }
      let view = View()
      let binder = OutlineBinderDataSource<Forest, View> { item, _ in item.value }
      let binding = Property(TreeChangeset(reloading: Forest([node]))).bind(to: view, using: binder)
      let root = binder.item(at: [0])
      binding.dispose()
      return root
    }
  }

  /// An item whose last reference goes on another thread leaves its descendants, which the main
  /// actor may still reach through a `parent`, to the main queue: they are released there, without
  /// recursion on depth.
  func testADeepItemReleasedOnAnotherThreadIsReleasedOnTheMainQueue() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let slot = ItemSlot()
    weak var weakDeepest: OutlineItem<Int>?
    do {
      let root = Self.deepRoot()
      weakDeepest = MainActor.assumeIsolated {
        var item = root
        while let child = item.children.first { item = child }
        return item
      }
      slot.item.withLock { $0 = root }
    }
    let released = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      // The last reference, taken out of the lock and dropped here, off the main thread.
      _ = slot.item.withLock { slot in
        defer { slot = nil }
        return slot
      }
      released.signal()
    }
    released.wait()
    XCTAssertNotNil(weakDeepest, "the descendants wait for the main queue")
    drainMainQueue()
    XCTAssertNil(weakDeepest, "and are released there")
  }

  /// Releasing an item reads and unlinks only descendants nobody else holds: one still held keeps
  /// its children.
  func testADescendantStillHeldKeepsItsChildren() {
    MainActor.assumeIsolated {
      let held: OutlineItem<Int>
      weak var weakRoot: OutlineItem<Int>?
      do {
        let root = Self.deepRoot()
        weakRoot = root
        held = root.children[0].children[0]
      }
      XCTAssertNil(weakRoot)
      XCTAssertNil(held.parent, "its parent went with the root")
      XCTAssertEqual(held.value, 2)
      XCTAssertEqual(held.children.map(\.value), [3], "it keeps its children")
      XCTAssertEqual(held.children[0].children.map(\.value), [4], "and they keep theirs")
    }
  }
}

/// Hands an item to another thread.
private final class ItemSlot: Sendable {
  let item = Locked<OutlineItem<Int>?>(nil)
}
