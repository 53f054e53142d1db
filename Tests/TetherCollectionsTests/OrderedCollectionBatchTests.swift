import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

final class OrderedCollectionBatchTests: XCTestCase {
  func testABatchEmitsOneChangesetWithItsPatchInOrderAndTheMergedDiff() {
    let array = MutableObservableArray(["a", "b", "c"])
    let log = ChangesetLog(array)
    array.batchUpdate { batch in
      batch.append("d")  // a b c d
      batch.remove(at: 0)  // b c d
      batch.move(from: 2, to: 0)  // d b c
      batch[1] = "B"  // d B c
    }
    XCTAssertEqual(log.changesets.count, 2)
    let changeset = log.last
    XCTAssertEqual(changeset.collection, ["d", "B", "c"])
    XCTAssertEqual(
      changeset.patch,
      [.insert("d", at: 3), .delete(at: 0), .move(from: 2, to: 0), .update(at: 1, newElement: "B")]
    )
    // Merged: "a" deleted, "b" updated, "d" inserted at 0 (its later move is part of the insert).
    XCTAssertEqual(changeset.diff.normalized(), OrderedCollectionDiff(inserts: [0], deletes: [0], updates: [1]))
    assertReplays(changeset, from: ["a", "b", "c"])
  }

  func testAnInsertDeletedLaterInTheBatchDisappearsFromTheDiff() {
    let array = MutableObservableArray([1, 2])
    let log = ChangesetLog(array)
    array.batchUpdate { batch in
      batch.insert(9, at: 1)
      batch.remove(at: 1)
    }
    XCTAssertEqual(log.last.patch.count, 2)
    XCTAssertTrue(log.last.diff.isEmpty)
    XCTAssertFalse(log.last.isReload)
  }

  func testAnEmptyBatchEmitsAnEmptyChangeset() {
    let array = MutableObservableArray([1])
    let log = ChangesetLog(array)
    array.batchUpdate { _ in }
    XCTAssertEqual(log.changesets.count, 2)
    XCTAssertTrue(log.last.diff.isEmpty && !log.last.isReload)
  }

  func testBatchReadsAndRemovals() {
    let array = MutableObservableArray([3, 1, 2, 5])
    let log = ChangesetLog(array)
    array.batchUpdate { batch in
      XCTAssertEqual(batch.count, 4)
      XCTAssertEqual(batch[0], 3)
      batch.sort()  // 1 2 3 5
      XCTAssertEqual(batch.removeFirst(), 1)
      XCTAssertEqual(batch.removeLast(), 5)
      batch.append(contentsOf: [7, 8])  // 2 3 7 8
      batch.insert(contentsOf: [0], at: 0)  // 0 2 3 7 8
      batch.swapAt(0, 4)  // 8 2 3 7 0
      batch.move(from: [4, 3], to: 0)  // 0 7 8 2 3
      batch.removeSubrange(3..<5)  // 0 7 8
      XCTAssertFalse(batch.isEmpty)
    }
    XCTAssertEqual(array.collection, [0, 7, 8])
    assertReplays(log.last, from: [3, 1, 2, 5])
    array.batchUpdate { $0.removeAll() }
    XCTAssertEqual(array.collection, [])
    assertReplays(log.last, from: [0, 7, 8])
  }

  func testABatchIsAppliedAtOnceToTheContainer() {
    let array = MutableObservableArray([1])
    array.batchUpdate { batch in
      batch.append(2)
      batch.append(3)
    }
    XCTAssertEqual(array.collection, [1, 2, 3])
  }
}
