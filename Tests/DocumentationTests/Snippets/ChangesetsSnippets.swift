import Foundation
import Tether
import TetherTestSupport
import XCTest

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class ChangesetsSnippetTests: XCTestCase {
  func testAPatchAndItsDiffDescribeOneChangeInTwoIndexSpaces() {
    // snippet: changesets-patch-and-diff
    let old = ["a", "b", "c", "d", "e"]
    let patch: [OrderedCollectionOperation<String, Int>] = [
      .delete(at: 1),  // [a, c, d, e]
      .insert("x", at: 0),  // [x, a, c, d, e]
      .move(from: 4, to: 1),  // [x, e, a, c, d]
      .update(at: 3, newElement: "C"),  // [x, e, a, C, d]
    ]
    let new = old.applying(patch)
    let changeset = OrderedCollectionChangeset(collection: new, patch: patch)
    print(changeset.diff)
    // snippet-end
    XCTAssertEqual(new, ["x", "e", "a", "C", "d"])
    XCTAssertEqual(printed.lines, ["D[1] I[0] U[2] M[4→1]"])
    XCTAssertEqual(changeset.diff, OrderedCollectionDiff(inserts: [0], deletes: [1], updates: [2], moves: [(4, 1)]))
    assertReplays(changeset, from: old)
  }

  func testADiffIsTurnedIntoAPatchThatReplays() {
    let old = ["a", "b", "c", "d", "e"]
    let new = ["x", "e", "a", "C", "d"]
    // snippet: changesets-diff-to-patch
    let diff = OrderedCollectionDiff(inserts: [0], deletes: [1], updates: [2], moves: [(from: 4, to: 1)])
    let changeset = OrderedCollectionChangeset(collection: new, diff: diff)
    print(changeset.patch)
    print(old.applying(changeset.patch) == new)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      ["[update(2, C), delete(1), move(3 → 0), insert(x, at: 0)]", "true"]
    )
  }

  func testTheConversionFunctionsWorkWithoutAChangeset() {
    let old = ["a", "b", "c", "d", "e"]
    let patch: [OrderedCollectionOperation<String, Int>] = [
      .delete(at: 1), .insert("x", at: 0), .move(from: 4, to: 1), .update(at: 3, newElement: "C"),
    ]
    let new = old.applying(patch)
    // snippet: changesets-conversions
    let diff = OrderedCollectionDiff(from: patch, sourceCount: old.count)
    let replay = diff.generatePatch(to: new)
    print(diff == OrderedCollectionDiff(from: replay, sourceCount: old.count))
    // snippet-end
    XCTAssertEqual(printed.lines, ["true"])
    XCTAssertEqual(old.applying(replay), new)
  }

  func testAReloadIsNeverAnEmptyDiff() {
    // snippet: changesets-reload
    func describe<Changeset: ChangesetProtocol>(_ changeset: Changeset) -> String {
      changeset.isReload ? "reload everything" : "\(changeset.patch.count) operations"
    }
    let reload = OrderedCollectionChangeset.reload(["x", "y"])
    let unchanged = OrderedCollectionChangeset(collection: ["x", "y"], diff: OrderedCollectionDiff())
    print("\(describe(reload)), diff empty: \(reload.diff.isEmpty)")
    print("\(describe(unchanged)), diff empty: \(unchanged.diff.isEmpty)")
    // snippet-end
    XCTAssertEqual(printed.lines, ["reload everything, diff empty: true", "0 operations, diff empty: true"])
    XCTAssertNotEqual(reload, unchanged)
  }

  func testApplyingAPatchInPlace() {
    // snippet: changesets-apply
    var letters = ["a", "b", "c"]
    letters.apply([.delete(at: 0), .insert("d", at: 2), .move(from: 0, to: 1)])
    letters.apply(.update(at: 2, newElement: "D"))
    print(letters)
    // snippet-end
    XCTAssertEqual(printed.lines, [#"["c", "b", "D"]"#])
  }

  func testAnUnorderedPatchAddressesTheSourceDictionary() {
    // snippet: changesets-unordered
    let old = ["apples": 3, "pears": 0, "figs": 5]
    let patch: [UnorderedCollectionOperation<(key: String, value: Int), Dictionary<String, Int>.Index>] = [
      .delete(at: old.index(forKey: "pears")!),
      .update(at: old.index(forKey: "figs")!, newElement: (key: "figs", value: 4)),
    ]
    let new = old.applying(patch)
    let changeset = UnorderedCollectionChangeset(collection: new, patch: patch)
    print(changeset)
    // snippet-end
    XCTAssertEqual(new, ["apples": 3, "figs": 4])
    XCTAssertEqual(
      printed.lines,
      [
        #"[(key: "apples", value: 3), (key: "figs", value: 4)] diff D1 I0 U1 patch [delete, update((key: "figs", value: 4))]"#
      ]
    )
  }

  func testTheInverseUndoesAChangeset() {
    // snippet: changesets-inverse
    let old = ["a", "b", "c"]
    let patch: [OrderedCollectionOperation<String, Int>] = [
      .delete(at: 0),  // [b, c]
      .update(at: 0, newElement: "B"),  // [B, c]
      .insert("d", at: 2),  // [B, c, d]
      .move(from: 1, to: 0),  // [c, B, d]
    ]
    let changeset = OrderedCollectionChangeset(collection: old.applying(patch), patch: patch)
    let undo = changeset.inverted(from: old)
    print("\(changeset.diff) is undone by \(undo.diff)")
    print(changeset.collection.applying(undo.patch) == old)
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[0] I[2] U[1] M[2→0] is undone by D[2] I[0] U[1] M[0→2]", "true"])
    XCTAssertEqual(undo.collection, old)
    assertReplays(undo, from: changeset.collection)
    XCTAssertTrue(OrderedCollectionChangeset.reload(["z"]).inverted(from: old).isReload)
  }

  func testChangesetsAreCodableAndDecodingValidates() throws {
    // snippet: changesets-codable
    let changeset = OrderedCollectionChangeset(collection: ["a", "x", "b"], patch: [.insert("x", at: 1)])
    let data = try JSONEncoder().encode(changeset)
    let decoded = try JSONDecoder().decode(OrderedCollectionChangeset<[String]>.self, from: data)
    print(decoded.diff)

    let corrupted = Data(#"{"type":"patch","collection":["a"],"patch":[{"type":"delete","at":4}]}"#.utf8)
    do {
      _ = try JSONDecoder().decode(OrderedCollectionChangeset<[String]>.self, from: corrupted)
    } catch DecodingError.dataCorrupted(let context) {
      print(context.underlyingError as? ChangesetDecodingError ?? context.debugDescription)
    }
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "D[] I[1] U[] M[]",
        "invalid changeset: patch operation 0 (delete): index 4 is out of range for a collection of 2 elements",
      ]
    )
    XCTAssertEqual(decoded, changeset)
  }

  func testCollectionDifferenceInterop() {
    // snippet: changesets-collection-difference
    let old = ["a", "b", "c"]
    let new = ["c", "a", "b", "d"]
    let changeset = OrderedCollectionChangeset(collection: new, difference: new.difference(from: old).inferringMoves())
    print(changeset.diff)
    print(old.applying(changeset.collectionDifference(from: old)) == new)
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[3] U[] M[2→0]", "true"])
    assertReplays(changeset, from: old)
  }

  func testTheValidatorExplainsWhatIsWrongInUIKitTerms() {
    // snippet: changesets-validate
    do {
      try OrderedCollectionDiff<Int>(inserts: [3], deletes: [0]).validate(oldCount: 3, newCount: 4)
    } catch {
      print(error)
    }
    do {
      try OrderedCollectionDiff<IndexPath>(inserts: [[0, 3]]).validate(oldItemCounts: [3], newItemCounts: [5])
    } catch {
      print(error)
    }
    let patch: [OrderedCollectionOperation<String, Int>] = [.delete(at: 0), .insert("z", at: 3)]
    do {
      try ChangesetValidator.validate(patch, sourceCount: 3)
    } catch .patchIndexOutOfRange(let step, _, let index, _) {
      print("operation \(step) is out of range at \(index)")
    } catch {
      print(error)
    }
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "the collection had 3 elements, 1 inserted and 1 deleted, but now has 4",
        "section 0 had 3 items, 1 inserted and 0 deleted, but now has 5",
        "operation 1 is out of range at 3",
      ]
    )
  }

  func testMovedAndUpdatedCanBeRejected() throws {
    let diff = OrderedCollectionDiff<Int>(updates: [0], moves: [(from: 0, to: 1)])
    try diff.validate(oldCount: 2, newCount: 2)
    XCTAssertThrowsError(try diff.validate(oldCount: 2, newCount: 2, allowsMovedAndUpdated: false)) { error in
      XCTAssertEqual(
        error as? ChangesetValidationError,
        .conflictingChanges(location: .index(0), first: .update, second: .moveSource)
      )
    }
  }

  func testTheLoggerHearsAboutRecoverableMisuse() {
    // snippet: changesets-logger
    let previous = TetherLogger.shared
    TetherLogger.shared = TetherLogger(warn: { message, fileID, line in
      print("[\(fileID):\(line)] \(message())")
    })
    defer { TetherLogger.shared = previous }
    let diff = ["a", "a"].diff(from: ["a", "b"])  // "a" twice: a warning, then a valid diff
    // snippet-end
    let lines = printed.lines
    XCTAssertEqual(lines.count, 1)
    XCTAssertTrue(lines.first?.contains("duplicate identifiers") ?? false, "\(lines)")
    XCTAssertNoThrow(try diff.validate(oldCount: 2, newCount: 2))
  }
}
