import Dispatch
import Tether
import TetherTestSupport
import XCTest

/// A forest batch-updated from two threads at once (nodes inserted at every depth, removed, moved
/// among their siblings or to the top level, updated), bound to the outline validating view (run
/// under the thread sanitizer by CI). Guards invariant 8 of DESIGN.md for tree changesets under
/// concurrency: no batch the view receives breaks an AppKit rule, and the view ends showing the
/// final forest. Seeded; values stay unique.
final class TreeBindingStressTests: XCTestCase {
  private typealias Row = OutlineUpdateValidatingView<Int>.Row

  func testConcurrentBatchUpdatesReachTheOutlineViewAsValidBatches() {
    let forest = MutableObservableTreeArray<Int>(
      TreeArray((0..<4).map { TreeNode($0 * 100, [TreeNode($0 * 100 + 1), TreeNode($0 * 100 + 2)]) }))
    let view = MainActor.assumeIsolated {
      let view = OutlineUpdateValidatingView<Int>()
      view.recordsCalls = false
      forest.bind(to: view) { item, _ in item.value }
      return view
    }
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      var rng = SeededRandomNumberGenerator(seed: UInt64(71 + thread))
      for step in 0..<150 {
        forest.batchUpdate { batch in
          for operation in 0..<Int.random(in: 1...3, using: &rng) {
            Self.edit(&batch, value: 10_000 + thread * 100_000 + step * 10 + operation, using: &rng)
          }
        }
      }
    }
    drainMainQueue()
    func row(_ node: TreeNode<Int>) -> Row {
      Row(cell: node.value, children: node.children.map(row))
    }
    let expected = forest.collection.children.map(row)
    MainActor.assumeIsolated {
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, expected)
    }
  }

  /// The index paths of every node, parents before their children.
  private static func paths(of forest: TreeArray<Int>) -> [IndexPath] {
    var result: [IndexPath] = []
    var pending = forest.children.indices.map { (IndexPath(index: $0), forest.children[$0]) }
    while let (path, node) = pending.popLast() {
      result.append(path)
      for (index, child) in node.children.enumerated() { pending.append((path.appending(index), child)) }
    }
    return result
  }

  /// One random edit of the batch's forest.
  private static func edit(
    _ batch: inout TreeBatch<TreeArray<Int>>, value: Int, using rng: inout SeededRandomNumberGenerator
  ) {
    let forest = batch.collection
    let all = paths(of: forest)
    func childCount(_ path: IndexPath) -> Int {
      path.isEmpty ? forest.children.count : batch[childAt: path].children.count
    }
    switch Int.random(in: 0..<6, using: &rng) {
    case 0 where all.count > 4:
      _ = batch.remove(at: all.randomElement(using: &rng)!)
    case 1 where !all.isEmpty:
      // Among its siblings.
      let from = all.randomElement(using: &rng)!
      let parent = from.dropLast()
      batch.move(from: from, to: parent.appending(Int.random(in: 0..<childCount(parent), using: &rng)))
    case 2 where !all.isEmpty:
      // To the top level (never into its own subtree).
      let from = all.randomElement(using: &rng)!
      let remaining = forest.children.count - (from.count == 1 ? 1 : 0)
      batch.move(from: from, to: IndexPath(index: Int.random(in: 0...remaining, using: &rng)))
    case 3 where !all.isEmpty:
      batch.updateValue(value, at: all.randomElement(using: &rng)!)
    default:
      let parent = Bool.random(using: &rng) || all.isEmpty ? IndexPath() : all.randomElement(using: &rng)!
      batch.insert(TreeNode(value), at: parent.appending(Int.random(in: 0...childCount(parent), using: &rng)))
    }
  }
}
