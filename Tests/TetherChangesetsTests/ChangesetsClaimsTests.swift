import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

/// Sentences of Changesets.md and Trees.md that no other test pinned down.
final class ChangesetsClaimsTests: XCTestCase {
  // Changesets.md: "Patches are not compared, because different patches can describe the same change."
  func testChangesetsWithDifferentPatchesForTheSameChangeAreEqual() {
    let old = ["a", "b"]
    let insertingInOrder = OrderedCollectionChangeset(
      collection: ["x", "a", "y", "b"], patch: [.insert("x", at: 0), .insert("y", at: 2)])
    let insertingBackwards = OrderedCollectionChangeset(
      collection: ["x", "a", "y", "b"], patch: [.insert("y", at: 1), .insert("x", at: 0)])
    XCTAssertNotEqual(insertingInOrder.patch, insertingBackwards.patch)
    assertReplays(insertingInOrder, from: old)
    assertReplays(insertingBackwards, from: old)
    XCTAssertEqual(insertingInOrder, insertingBackwards)

    // A move written as a delete and an insert of the same element is a different change.
    let moved = OrderedCollectionChangeset(collection: ["b", "a"], patch: [.move(from: 0, to: 1)])
    let replaced = OrderedCollectionChangeset(
      collection: ["b", "a"], patch: [.delete(at: 0), .insert("a", at: 1)])
    assertReplays(moved, from: old)
    assertReplays(replaced, from: old)
    XCTAssertNotEqual(moved, replaced, "the diffs differ (a move against a delete and an insert)")
  }

  // Changesets.md: "Two changesets are `==` when both are reloads of equal collections".
  func testAReloadEqualsOnlyAReloadOfAnEqualCollection() {
    XCTAssertEqual(OrderedCollectionChangeset.reload([1, 2]), OrderedCollectionChangeset(reloading: [1, 2]))
    XCTAssertNotEqual(OrderedCollectionChangeset.reload([1, 2]), OrderedCollectionChangeset.reload([2, 1]))
    XCTAssertNotEqual(
      OrderedCollectionChangeset.reload([1, 2]), OrderedCollectionChangeset(collection: [1, 2], patch: []))
  }

  // Trees.md: "`validate(from:)` on a `TreeChangeset` ... checks both the patch and the diff, and always accepts a reload."
  func testTreeChangesetValidationAlwaysAcceptsAReloadAndChecksBothForms() {
    let old = TreeArray([TreeNode(1, [TreeNode(2)]), TreeNode(3)])
    let unrelated = TreeArray([TreeNode(7), TreeNode(8, [TreeNode(9), TreeNode(10)])])
    XCTAssertNoThrow(try TreeChangeset.reload(unrelated).validate(from: old))
    XCTAssertNoThrow(try TreeChangeset.reload(TreeArray<Int>()).validate(from: old))

    // The same change from a tree it cannot follow is rejected, through the patch...
    let appended = TreeChangeset(
      collection: TreeArray([TreeNode(1, [TreeNode(2)]), TreeNode(3), TreeNode(4)]),
      patch: [.insert(TreeNode(4), at: [2])])
    XCTAssertNoThrow(try appended.validate(from: old))
    XCTAssertThrowsError(try appended.validate(from: TreeArray([TreeNode(1)])))
    // ...and through the diff.
    let deleted = TreeChangeset(
      collection: TreeArray([TreeNode(3)]), diff: OrderedCollectionDiff(deletes: [[0]]))
    XCTAssertNoThrow(try deleted.validate(from: old))
    XCTAssertThrowsError(try deleted.validate(from: TreeArray([TreeNode(1), TreeNode(3), TreeNode(5)])))
  }

  // Changesets.md: "A `CollectionDifference` has no updates: an updated element is a removal and an insertion, and a moved element that is also updated is not associated".
  func testUpdatesBecomeUnassociatedRemovalsAndInsertionsInACollectionDifference() {
    let old = ["a", "b", "c"]
    let new = ["B", "c", "A"]
    // "b" updated in place (to "B"); "a" moved to the end and updated (to "A").
    let diff = OrderedCollectionDiff(updates: [0, 1], moves: [(from: 0, to: 2)])
    let difference = diff.collectionDifference(from: old, to: new)
    XCTAssertEqual(old.applying(difference), new)
    XCTAssertTrue(
      difference.allSatisfy { change in
        switch change {
        case .insert(_, _, let associated), .remove(_, _, let associated): associated == nil
        }
      }, "\(Array(difference))")
    let offsets = { (changes: [CollectionDifference<String>.Change]) in
      Set(
        changes.map { change in
          switch change {
          case .insert(let offset, _, _), .remove(let offset, _, _): offset
          }
        })
    }
    XCTAssertEqual(offsets(difference.removals), [0, 1])
    XCTAssertEqual(offsets(difference.insertions), [0, 2])
    // Reading it back, nothing pairs the removals with the insertions: deletes and inserts only.
    let back = OrderedCollectionDiff(difference)
    XCTAssertTrue(back.moves.isEmpty && back.updates.isEmpty)
    XCTAssertEqual(old.applying(OrderedCollectionChangeset(collection: new, diff: back).patch), new)
  }

  // Changesets.md: "`OrderedCollectionDiff(from:sourceCount:)` takes O(k log k) for a patch of k operations, whatever the size of the collection".
  func testPatchToDiffIsIndependentOfTheCollectionsSize() {
    let huge = 1 << 40  // a conversion that visited every element would never finish
    let patch: [OrderedCollectionOperation<String, Int>] = [
      .delete(at: huge - 1),
      .insert("x", at: 3),
      .move(from: huge - 2, to: 0),
      .update(at: 1_000_000_000, newElement: "y"),
    ]
    let diff = OrderedCollectionDiff(from: patch, sourceCount: huge)
    // After the insert at 3, offset huge - 2 holds the element that was at huge - 3; after the move
    // to the front as well, offset 1,000,000,000 holds the one that was at 999,999,998.
    XCTAssertEqual(
      diff,
      OrderedCollectionDiff(
        inserts: [4], deletes: [huge - 1], updates: [999_999_998], moves: [(from: huge - 3, to: 0)]))
  }

  // Trees.md: "Converting either way costs O(k d log(k d)) for k operations on paths of length d, whatever the size of the tree."
  func testTreePatchToDiffIsIndependentOfTheTreesSize() {
    let huge = 1 << 40  // sibling offsets no real tree could have: nothing may visit the siblings
    let patch: [OrderedCollectionOperation<TreeNode<String>, IndexPath>] = [
      .insert(TreeNode("x"), at: [huge, 5]),
      .move(from: [huge, 7], to: [3]),
      .delete(at: [huge + 1, huge]),
    ]
    let diff = OrderedCollectionDiff(fromTreePatch: patch)
    // The move to [3] shifts the later roots, so [huge + 1] is the root that was at [huge] (and
    // where the inserted node ends up); its child at `huge` is the one that was there before the
    // insert and the move out, which cancel out.
    XCTAssertEqual(
      diff,
      OrderedCollectionDiff(
        inserts: [[huge + 1, 5]], deletes: [[huge, huge]], moves: [(from: [huge, 6], to: [3])]))
  }

  // Changesets.md: "`generatePatch(to:)` takes O(k log k) for a diff with k entries and reads k elements of the final collection."
  func testDiffToPatchReadsOnlyTheElementsItNeedsOfAHugeCollection() {
    let reads = ReadCounter()
    let final = CountingCollection(count: 1 << 40, reads: reads)
    let diff = OrderedCollectionDiff(
      inserts: [4], deletes: [(1 << 40) - 1], updates: [999_999_999], moves: [(from: (1 << 40) - 2, to: 0)])
    let patch = diff.generatePatch(to: final)
    XCTAssertLessThanOrEqual(reads.count, 2, "the inserted and the updated element, nothing else")
    XCTAssertEqual(OrderedCollectionDiff(from: patch, sourceCount: 1 << 40), diff)
  }
}

/// Counts the elements read from a ``CountingCollection``.
private final class ReadCounter: @unchecked Sendable {
  // Safe: used from the test's thread only.
  var count = 0
}

/// A collection of `count` integers (each its own offset) that counts reads and stores nothing.
private struct CountingCollection: RandomAccessCollection {
  let count: Int
  let reads: ReadCounter
  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(position: Int) -> Int {
    reads.count += 1
    return position
  }
}
