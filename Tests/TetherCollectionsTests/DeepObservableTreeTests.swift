import Foundation
import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

/// An observable tree 100,000 levels deep: mutations at the bottom, reparenting, batches, diffs,
/// patches and undo, each replayed by an observer, and the container released, all without
/// recursion on depth.
final class DeepObservableTreeTests: XCTestCase {
  private static let depth = 100_000

  /// The path `[0, 0, ..., 0]` of `count` indices, after `prefix`.
  private static func zeros(_ count: Int, after prefix: [Int] = []) -> IndexPath {
    IndexPath(indexes: prefix + [Int](repeating: 0, count: count))
  }

  /// A chain `0(1(2(...)))` of `depth` nodes, built bottom-up.
  private static func chain() -> TreeNode<Int> {
    var node = TreeNode(depth - 1)
    for value in (0..<depth - 1).reversed() { node = TreeNode(value, [node]) }
    return node
  }

  func testMutationsReplayAndTheContainerIsReleased() {
    var tree: MutableObservableTreeArray<Int>? = MutableObservableTreeArray([Self.chain()])
    let recorder = EventRecorder<TreeChangeset<TreeArray<Int>>, Never>()
    recorder.observe(tree!)
    let bottom = Self.zeros(Self.depth)
    let half = Self.depth / 2

    tree!.append(TreeNode(-1), toChildAt: bottom)
    tree!.updateValue(-2, at: bottom)
    tree!.move(from: Self.zeros(half), to: [1])  // the lower half becomes a root of its own
    tree!.remove(at: [Self.zeros(Self.depth - half, after: [1]), Self.zeros(Self.depth - half - 1, after: [1])])
    tree!.batchUpdate { batch in
      batch.insert(TreeNode(-3, [TreeNode(-4)]), at: Self.zeros(10))
      batch.move(from: Self.zeros(Self.depth - half - 2, after: [1]), to: [2])
    }
    let beforePatch = tree!.collection
    // The upper chain now runs 0 ... 8, then 9 as the second child of 8 (after the inserted -3).
    let nineteen = IndexPath(indexes: Array(Self.zeros(9)) + [1] + Array(Self.zeros(10)))
    let patch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = [
      .update(at: Self.zeros(11), newElement: TreeNode(-5)),
      .move(from: nineteen, to: Self.zeros(12)),
    ]
    tree!.apply(patch)
    XCTAssertEqual(tree!.collection[childAt: Self.zeros(12)].value, 19)
    tree!.undo(recorder.elements.last!, from: beforePatch)
    XCTAssertEqual(tree!.collection, beforePatch)
    var reversed = tree!.collection
    let lower = reversed.remove(at: [1])
    let upperBottom = IndexPath(indexes: Array(Self.zeros(9)) + [1] + Array(Self.zeros(half - 11)))
    XCTAssertEqual(reversed[childAt: upperBottom].value, half - 2)
    reversed.append(lower, toChildAt: upperBottom)
    tree!.replace(with: reversed, performDiff: true)

    // The observer replays every changeset's patch on its own copy, and reads every diff.
    let changesets = recorder.elements
    XCTAssertEqual(changesets.count, 9)
    var replica = changesets[0].collection
    for changeset in changesets.dropFirst() {
      XCTAssertFalse(changeset.isReload)
      replica.apply(changeset.patch)
      XCTAssertFalse(changeset.diff.isEmpty)
    }
    XCTAssertEqual(replica, tree!.collection)
    XCTAssertEqual(changesets.last?.diff.moves.map(\.to), [upperBottom.appending(0)])

    tree = nil
    recorder.dispose()
  }
}
