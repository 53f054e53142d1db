import Foundation
import TetherChangesets
import TetherSynchronization
import TetherTestSupport
import XCTest

final class TreeChangesetTests: XCTestCase {
  private func item(_ id: Int, _ children: [TreeNode<TreeItem>] = []) -> TreeNode<TreeItem> {
    TreeNode(TreeItem(id: id), children)
  }

  /// Checks every property of a patch on `old`: the derived diff is the expected one, the patch
  /// generated back from it replays to the same tree, and converting that patch gives the diff again.
  private func checkPatch(_ patch: [ItemOperation], on old: ItemTree, _ context: @autoclosure () -> String) {
    let new = old.applying(patch)
    let diff = OrderedCollectionDiff(fromTreePatch: patch)
    assertSameTreeDiff(diff, expectedTreeDiff(old: old, new: new, patch: patch), "diff of \(context())")
    XCTAssertNoThrow(try diff.validate(from: old, to: new), "validator, \(context())")
    XCTAssertNoThrow(try TreeChangesetValidator.validate(patch, on: old), "patch validator, \(context())")
    let regenerated = diff.generateTreePatch(to: new)
    XCTAssertNoThrow(try TreeChangesetValidator.validate(regenerated, on: old), "validator, \(context())")
    XCTAssertEqual(old.applying(regenerated), new, "replay of the generated patch, \(context())")
    XCTAssertEqual(regenerated.count, diff.count, "one operation per diff entry, \(context())")
    assertSameTreeDiff(OrderedCollectionDiff(fromTreePatch: regenerated), diff, "round trip of \(context())")
  }

  func testHandPickedPatches() {
    let old = TreeArray([item(1, [item(2), item(3, [item(4)])]), item(5), item(6, [item(7)])])
    checkPatch([], on: old, "empty patch")
    checkPatch([.delete(at: [0])], on: old, "delete a subtree")
    checkPatch(
      [.insert(item(8, [item(9)]), at: [1, 0]), .insert(item(10), at: [1, 0, 1])], on: old, "insert under new")
    checkPatch([.move(from: [0, 1], to: [2, 0]), .move(from: [2, 0, 0], to: [0])], on: old, "move out of moved")
    checkPatch([.move(from: [0], to: [1, 0]), .move(from: [1, 1], to: [1, 0, 0])], on: old, "move into moved")
    checkPatch([.move(from: [0, 1, 0], to: [3]), .delete(at: [0])], on: old, "move out of deleted")
    checkPatch([.update(at: [0, 1], newElement: item(3)), .move(from: [0, 1], to: [0])], on: old, "update, move")
    checkPatch([.move(from: [2], to: [0]), .move(from: [0], to: [2])], on: old, "move back")
    checkPatch(
      [.insert(item(8), at: [0]), .move(from: [1, 0], to: [0, 0]), .delete(at: [0])], on: old, "into inserted")
  }

  func testDerivedDiffFollowsTheTreeRules() {
    let patch: [ItemOperation] = [
      .move(from: [0, 1, 0], to: [3]),  // 4 leaves 3 before 3's parent goes
      .delete(at: [0]),  // 1 with 2 and 3: listed once
      .insert(item(8, [item(9)]), at: [0, 0]),  // under 5, with a child
      .move(from: [2], to: [0, 0, 1]),  // 4 into the inserted 8
      .update(at: [1, 0], newElement: item(7)),  // 6's child 7
    ]
    let diff = OrderedCollectionDiff(fromTreePatch: patch)
    XCTAssertEqual(diff.deletes, [[0]])
    XCTAssertEqual(diff.inserts, [[0, 0]])
    XCTAssertEqual(diff.updates, [[2, 0]])
    XCTAssertEqual(diff.moves.map { "\($0.from)→\($0.to)" }, ["[0, 1, 0]→[0, 0, 1]"])
  }

  func testRandomPatchesOnSmallTrees() {
    withSeeds(0..<1000) { seed, rng in
      var random = RandomTrees(seed: seed, maxDepth: 4)
      let old = random.tree(size: Int.random(in: 0...25, using: &rng), fanOut: 3)
      let (patch, _) = random.patch(count: Int.random(in: 1...12, using: &rng), on: old)
      checkPatch(patch, on: old, "seed \(seed)")
    }
  }

  func testRandomPatchesOnLargeTrees() {
    withSeeds(1000..<1010) { seed, rng in
      var random = RandomTrees(seed: seed, maxDepth: 5)
      let old = random.tree(size: 2000, fanOut: 6)
      let (patch, _) = random.patch(count: 500, on: old)
      checkPatch(patch, on: old, "seed \(seed)")
    }
  }

  /// Every pair of operations on a small tree of depth 3.
  func testEveryPairOfOperationsOnASmallTree() {
    let old = TreeArray([item(1, [item(2, [item(3)]), item(4)]), item(5)])
    var random = RandomTrees(seed: 0, maxDepth: 4)
    random.nextID = 100
    func operations(on tree: ItemTree) -> [(ItemOperation, ItemTree)] {
      var result: [(ItemOperation, ItemTree)] = []
      for target in random.insertionPaths(in: tree) {
        let node = TreeNode(TreeItem(id: 100 + result.count), [TreeNode(TreeItem(id: 200 + result.count))])
        result.append((.insert(node, at: target), tree.applying([.insert(node, at: target)])))
      }
      for path in tree.allPaths {
        result.append((.delete(at: path), tree.applying([.delete(at: path)])))
        var node = tree[childAt: path]
        node.value.version += 1
        result.append((.update(at: path, newElement: node), tree.applying([.update(at: path, newElement: node)])))
        var without = tree
        let moving = without.remove(at: path)
        for target in random.insertionPaths(in: without) {
          var moved = without
          moved.insert(moving, at: target)
          result.append((.move(from: path, to: target), moved))
        }
      }
      return result
    }
    var pairs = 0
    for (first, middle) in operations(on: old) {
      for (second, _) in operations(on: middle) {
        checkPatch([first, second], on: old, "\(first), \(second)")
        pairs += 1
      }
    }
    XCTAssertGreaterThan(pairs, 1000)
  }

  func testChangesetDerivesEachFormOnce() {
    let old = TreeArray([item(1, [item(2)]), item(3)])
    let patch: [ItemOperation] = [.move(from: [0, 0], to: [1, 0]), .insert(item(4), at: [0])]
    let new = old.applying(patch)
    let fromPatch = TreeChangeset(collection: new, patch: patch)
    XCTAssertFalse(fromPatch.isReload)
    XCTAssertEqual(fromPatch.diff.inserts, [[0]])
    XCTAssertEqual(fromPatch.diff.moves.map { "\($0.from)→\($0.to)" }, ["[0, 0]→[2, 0]"])
    let fromDiff = TreeChangeset(collection: new, diff: fromPatch.diff)
    XCTAssertEqual(old.applying(fromDiff.patch), new)
    XCTAssertEqual(fromPatch, fromDiff)
    XCTAssertEqual(
      fromDiff.description,
      "diff D[] I[[0]] U[] M[[0, 0]→[2, 0]] patch [insert(4, at: [0]), move([1, 0] → [2, 0])]")
  }

  func testReloadIsExplicit() {
    let tree = TreeArray([item(1)])
    let reload = TreeChangeset.reload(tree)
    XCTAssertTrue(reload.isReload)
    XCTAssertTrue(reload.diff.isEmpty)
    XCTAssertTrue(reload.patch.isEmpty)
    let nothing = TreeChangeset(collection: tree, patch: [])
    XCTAssertFalse(nothing.isReload)
    XCTAssertNotEqual(reload, nothing)
    XCTAssertEqual(reload.description, "reload [1]")
  }

  func testConcurrentReadersDeriveTheSameDiff() {
    var random = RandomTrees(seed: 7)
    let old = random.tree(size: 300)
    let (patch, new) = random.patch(count: 100, on: old)
    let changeset = TreeChangeset(collection: new, patch: patch)
    let expected = OrderedCollectionDiff(fromTreePatch: patch)
    let results = Locked<[OrderedCollectionDiff<IndexPath>]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let diff = changeset.diff
      results.withLock { $0.append(diff) }
    }
    XCTAssertEqual(results.withLock { $0 }, Array(repeating: expected, count: 8))
  }
}
