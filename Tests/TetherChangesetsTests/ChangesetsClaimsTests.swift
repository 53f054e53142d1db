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
}
