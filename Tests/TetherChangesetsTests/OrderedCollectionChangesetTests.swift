import Dispatch
import TetherChangesets
import TetherSynchronization
import TetherTestSupport
import XCTest

final class OrderedCollectionChangesetTests: XCTestCase {
  func testAChangesetMadeFromAPatchDerivesItsDiff() {
    let changeset = OrderedCollectionChangeset(
      collection: ["a", "x", "c"],
      patch: [.delete(at: 1), .insert("x", at: 1)]
    )
    XCTAssertFalse(changeset.isReload)
    XCTAssertEqual(changeset.diff, OrderedCollectionDiff(inserts: [1], deletes: [1]))
    assertReplays(changeset, from: ["a", "b", "c"])
  }

  func testAChangesetMadeFromADiffDerivesItsPatch() {
    let changeset = OrderedCollectionChangeset(
      collection: ["c", "a", "B"],
      diff: OrderedCollectionDiff(updates: [1], moves: [(from: 2, to: 0)])
    )
    XCTAssertEqual(changeset.patch, [.update(at: 1, newElement: "B"), .move(from: 2, to: 0)])
    assertReplays(changeset, from: ["a", "b", "c"])
  }

  func testAReloadIsExplicitAndNeverAnEmptyDiff() {
    let reload = OrderedCollectionChangeset<[Int]>.reload([1, 2])
    XCTAssertTrue(reload.isReload)
    XCTAssertTrue(reload.diff.isEmpty)
    XCTAssertTrue(reload.patch.isEmpty)
    let nothing = OrderedCollectionChangeset(collection: [1, 2], patch: [])
    XCTAssertFalse(nothing.isReload)
    XCTAssertNotEqual(reload, nothing)
    XCTAssertEqual(reload, OrderedCollectionChangeset(reloading: [1, 2]))
    assertReplays(reload, from: [7, 8, 9])
  }

  func testEqualityComparesCollectionsAndNormalizedDiffs() {
    let fromPatch = OrderedCollectionChangeset(collection: [2, 1], patch: [.move(from: 0, to: 1)])
    let fromDiff = OrderedCollectionChangeset(
      collection: [2, 1], diff: OrderedCollectionDiff(moves: [(from: 0, to: 1)]))
    XCTAssertEqual(fromPatch, fromDiff)
    let unsorted = OrderedCollectionChangeset(collection: [3], diff: OrderedCollectionDiff(deletes: [1, 0]))
    let sorted = OrderedCollectionChangeset(collection: [3], diff: OrderedCollectionDiff(deletes: [0, 1]))
    XCTAssertEqual(unsorted, sorted)
    XCTAssertNotEqual(fromPatch, OrderedCollectionChangeset(collection: [2, 1], patch: [.move(from: 1, to: 0)]))
    XCTAssertNotEqual(fromPatch, OrderedCollectionChangeset(collection: [2, 9], patch: [.move(from: 0, to: 1)]))
  }

  func testDescriptionIsReadable() {
    let changeset = OrderedCollectionChangeset(
      collection: ["a", "c", "x"],
      patch: [.delete(at: 1), .insert("x", at: 2)]
    )
    XCTAssertEqual(
      changeset.description,
      #"["a", "c", "x"] diff D[1] I[2] U[] M[] patch [delete(1), insert(x, at: 2)]"#
    )
    XCTAssertEqual(OrderedCollectionChangeset.reload([1, 2]).description, "reload [1, 2]")
    XCTAssertEqual(OrderedCollectionOperation<Int, Int>.move(from: 3, to: 0).description, "move(3 → 0)")
  }

  func testWorksOverAnyCollectionWithIntOffsets() {
    // A non-array collection: the offsets are still 0-based Ints.
    let characters = "axc"
    let changeset = OrderedCollectionChangeset(collection: characters, patch: [.update(at: 1, newElement: "x")])
    XCTAssertEqual(changeset.diff, OrderedCollectionDiff(updates: [1]))
    XCTAssertEqual("abc".applying(changeset.patch), characters)
    assertReplays(changeset, from: "abc")
  }

  func testCopiesShareTheDerivedFormAcrossThreads() {
    var rng = SeededRandomNumberGenerator(seed: 7)
    let old = Array(0..<2_000)
    let patch = randomPatch(on: old, count: 500, using: &rng)
    let changeset = OrderedCollectionChangeset(collection: old.applying(patch), patch: patch)
    let expected = OrderedCollectionDiff(from: patch, sourceCount: old.count)
    let copies = Array(repeating: changeset, count: 8)
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      results.append(copies[index].diff)
    }
    XCTAssertEqual(results.values.count, 8)
    for diff in results.values { XCTAssertEqual(diff, expected) }
  }

  func testIsSendableWhenItsPartsAre() {
    func requireSendable<T: Sendable>(_: T) {}
    requireSendable(OrderedCollectionChangeset(collection: [1], patch: [.insert(1, at: 0)]))
    requireSendable(UnorderedCollectionChangeset(collection: Set([1]), diff: UnorderedCollectionDiff()))
  }
}

/// Collects values from concurrent closures.
private final class Results: Sendable {
  private let storage = Locked<[OrderedCollectionDiff<Int>]>([])
  func append(_ diff: OrderedCollectionDiff<Int>) { storage.withLock { $0.append(diff) } }
  var values: [OrderedCollectionDiff<Int>] { storage.withLock { $0 } }
}
