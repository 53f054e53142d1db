import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

/// Hand-picked examples: each mutation emits exactly one changeset with the expected patch and diff.
final class MutableObservableArrayTests: XCTestCase {
  typealias Diff = OrderedCollectionDiff<Int>

  /// Runs `mutation` on an observed array holding `start` and returns the one changeset it emitted,
  /// after checking that it replays.
  private func change(
    _ start: [String],
    file: StaticString = #filePath,
    line: UInt = #line,
    _ mutation: (MutableObservableArray<String>) -> Void
  ) -> OrderedCollectionChangeset<[String]> {
    let array = MutableObservableArray(start)
    let log = ChangesetLog(array)
    mutation(array)
    XCTAssertEqual(log.changesets.count, 2, "one changeset per mutation", file: file, line: line)
    assertConsistentSequence(log.changesets, file: file, line: line)
    XCTAssertEqual(log.last.collection, array.collection, file: file, line: line)
    return log.last
  }

  func testObservingFirstDeliversAnExplicitReload() {
    let array = MutableObservableArray(["a", "b"])
    let log = ChangesetLog(array)
    XCTAssertEqual(log.changesets.count, 1)
    XCTAssertTrue(log.last.isReload)
    XCTAssertEqual(log.last.collection, ["a", "b"])
    XCTAssertTrue(log.last.diff.isEmpty && log.last.patch.isEmpty)
  }

  func testAnEmptyArrayIsStillDeliveredAsAReload() {
    let log = ChangesetLog(MutableObservableArray<Int>([]))
    XCTAssertEqual(log.changesets.count, 1)
    XCTAssertTrue(log.last.isReload, "an empty initial collection is a reload, not an empty diff (Bond #704)")
  }

  func testReplaceWithoutDiffIsAReloadNeverAnEmptyDiff() {
    let changeset = change(["a"]) { $0.replace(with: ["a"]) }
    XCTAssertTrue(changeset.isReload)
    XCTAssertEqual(changeset.collection, ["a"])
  }

  func testAppend() {
    let changeset = change(["a"]) { $0.append("b") }
    XCTAssertEqual(changeset.collection, ["a", "b"])
    XCTAssertEqual(changeset.patch, [.insert("b", at: 1)])
    XCTAssertEqual(changeset.diff, Diff(inserts: [1]))
  }

  func testAppendContentsOf() {
    let changeset = change(["a"]) { $0.append(contentsOf: ["b", "c"]) }
    XCTAssertEqual(changeset.collection, ["a", "b", "c"])
    XCTAssertEqual(changeset.patch, [.insert("b", at: 1), .insert("c", at: 2)])
    XCTAssertEqual(changeset.diff, Diff(inserts: [1, 2]))
  }

  func testInsertAndInsertContentsOf() {
    let one = change(["a", "c"]) { $0.insert("b", at: 1) }
    XCTAssertEqual(one.collection, ["a", "b", "c"])
    XCTAssertEqual(one.patch, [.insert("b", at: 1)])
    XCTAssertEqual(one.diff, Diff(inserts: [1]))

    let many = change(["a", "d"]) { $0.insert(contentsOf: ["b", "c"], at: 1) }
    XCTAssertEqual(many.collection, ["a", "b", "c", "d"])
    XCTAssertEqual(many.patch, [.insert("b", at: 1), .insert("c", at: 2)])
    XCTAssertEqual(many.diff, Diff(inserts: [1, 2]))
  }

  func testSubscriptSetIsAnUpdate() {
    let changeset = change(["a", "b"]) { $0[1] = "B" }
    XCTAssertEqual(changeset.collection, ["a", "B"])
    XCTAssertEqual(changeset.patch, [.update(at: 1, newElement: "B")])
    XCTAssertEqual(changeset.diff, Diff(updates: [1]))
    XCTAssertEqual(MutableObservableArray(["x", "y"])[1], "y")
  }

  func testRemovals() {
    var removed = ""
    let atIndex = change(["a", "b", "c"]) { removed = $0.remove(at: 1) }
    XCTAssertEqual(removed, "b")
    XCTAssertEqual(atIndex.patch, [.delete(at: 1)])
    XCTAssertEqual(atIndex.diff, Diff(deletes: [1]))

    let last = change(["a", "b"]) { removed = $0.removeLast() }
    XCTAssertEqual(removed, "b")
    XCTAssertEqual(last.diff, Diff(deletes: [1]))

    let first = change(["a", "b"]) { removed = $0.removeFirst() }
    XCTAssertEqual(removed, "a")
    XCTAssertEqual(first.collection, ["b"])
    XCTAssertEqual(first.diff, Diff(deletes: [0]))

    let range = change(["a", "b", "c", "d"]) { $0.removeSubrange(1..<3) }
    XCTAssertEqual(range.collection, ["a", "d"])
    XCTAssertEqual(range.patch, [.delete(at: 2), .delete(at: 1)])
    XCTAssertEqual(range.diff, Diff(deletes: [1, 2]))

    let all = change(["a", "b", "c"]) { $0.removeAll() }
    XCTAssertEqual(all.collection, [])
    XCTAssertFalse(all.isReload, "removeAll deletes (animatable), it does not reload")
    XCTAssertEqual(all.diff, Diff(deletes: [0, 1, 2]))
  }

  func testMove() {
    let changeset = change(["a", "b", "c", "d"]) { $0.move(from: 0, to: 2) }
    XCTAssertEqual(changeset.collection, ["b", "c", "a", "d"])
    XCTAssertEqual(changeset.patch, [.move(from: 0, to: 2)])
    XCTAssertEqual(changeset.diff, Diff(moves: [(from: 0, to: 2)]))

    let inPlace = change(["a", "b"]) { $0.move(from: 1, to: 1) }
    XCTAssertFalse(inPlace.isReload)
    XCTAssertTrue(inPlace.diff.isEmpty, "moving an element onto itself changes nothing")
  }

  func testMoveManyKeepsTheGivenOrder() {
    let changeset = change(["a", "b", "c", "d", "e"]) { $0.move(from: [4, 0], to: 1) }
    XCTAssertEqual(changeset.collection, ["b", "e", "a", "c", "d"])
    XCTAssertEqual(normalizedDiff(changeset), Diff(moves: [(from: 0, to: 2), (from: 4, to: 1)]))
  }

  func testSwapAt() {
    let apart = change(["a", "b", "c", "d"]) { $0.swapAt(0, 3) }
    XCTAssertEqual(apart.collection, ["d", "b", "c", "a"])
    XCTAssertEqual(apart.patch, [.move(from: 0, to: 3), .move(from: 2, to: 0)])
    XCTAssertEqual(normalizedDiff(apart), Diff(moves: [(from: 0, to: 3), (from: 3, to: 0)]))

    let neighbors = change(["a", "b", "c"]) { $0.swapAt(2, 1) }
    XCTAssertEqual(neighbors.collection, ["a", "c", "b"])
    XCTAssertEqual(neighbors.patch, [.move(from: 1, to: 2)])

    let same = change(["a", "b"]) { $0.swapAt(1, 1) }
    XCTAssertTrue(same.diff.isEmpty)
  }

  func testSortEmitsOnlyTheMovesThatChangeRelativeOrder() {
    let changeset = change(["b", "c", "d", "a"]) { $0.sort() }
    XCTAssertEqual(changeset.collection, ["a", "b", "c", "d"])
    XCTAssertEqual(normalizedDiff(changeset), Diff(moves: [(from: 3, to: 0)]), "one move, not four")

    let sorted = change(["a", "b"]) { $0.sort() }
    XCTAssertTrue(sorted.diff.isEmpty)
    XCTAssertFalse(sorted.isReload)

    let descending = change(["a", "c", "b"]) { $0.sort(by: >) }
    XCTAssertEqual(descending.collection, ["c", "b", "a"])
    XCTAssertEqual(normalizedDiff(descending), Diff(moves: [(from: 0, to: 2)]), "b and c keep their relative order")
  }

  func testSortIsStable() {
    let array = MutableObservableArray([(1, "x"), (0, "a"), (1, "y"), (0, "b")].map { Pair(key: $0.0, tag: $0.1) })
    array.sort { $0.key < $1.key }
    XCTAssertEqual(array.collection.map(\.tag), ["a", "b", "x", "y"])
  }

  func testMutationThatChangesNothingEmitsAnEmptyChangesetNotAReload() {
    let changeset = change(["a"]) { $0.append(contentsOf: []) }
    XCTAssertFalse(changeset.isReload)
    XCTAssertTrue(changeset.diff.isEmpty)
  }

  func testCountAndIsEmpty() {
    let array = MutableObservableArray([1, 2])
    XCTAssertEqual(array.count, 2)
    XCTAssertFalse(array.isEmpty)
    array.removeAll()
    XCTAssertTrue(array.isEmpty)
  }

  func testReadOnlyViewSeesTheSameChangesets() {
    let array = MutableObservableArray([1])
    let view: ObservableArray<Int> = array.readOnlyView
    let log = ChangesetLog(view)
    array.append(2)
    XCTAssertEqual(view.collection, [1, 2])
    XCTAssertEqual(log.changesets.map(\.collection), [[1], [1, 2]])
  }
}

private struct Pair: Equatable {
  var key: Int
  var tag: String
}
