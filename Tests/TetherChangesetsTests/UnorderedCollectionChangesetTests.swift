import TetherChangesets
import TetherTestSupport
import XCTest

final class UnorderedCollectionChangesetTests: XCTestCase {
  func testSetChangesetFromAPatch() {
    let old: Set = ["a", "b", "c"]
    var new = old
    new.remove("b")
    new.insert("d")
    let patch: [UnorderedCollectionOperation<String, Set<String>.Index>] = [
      .delete(at: old.firstIndex(of: "b")!), .insert("d", at: new.firstIndex(of: "d")!),
    ]
    let changeset = UnorderedCollectionChangeset(collection: new, patch: patch)
    XCTAssertEqual(changeset.diff.deletes, [old.firstIndex(of: "b")!])
    XCTAssertEqual(changeset.diff.inserts, [new.firstIndex(of: "d")!])
    assertReplays(changeset, from: old)
  }

  func testSetPatchesResolveEveryIndexAgainstTheSource() throws {
    // Removing several elements by source index: later indices must not be invalidated by earlier
    // removals.
    try withSeeds(0..<200) { seed, rng in
      let old = Set(randomArray(count: 60, alphabet: 1_000, using: &rng))
      let removed = old.filter { _ in Bool.random(using: &rng) }
      let added = Set(randomArray(count: 20, alphabet: 1_000, using: &rng)).subtracting(old)
      let new = old.subtracting(removed).union(added)
      let patch =
        removed.map { UnorderedCollectionOperation<Int, Set<Int>.Index>.delete(at: old.firstIndex(of: $0)!) }
        + added.map { .insert($0, at: new.firstIndex(of: $0)!) }
      assertReplays(UnorderedCollectionChangeset(collection: new, patch: patch), from: old, "seed \(seed)")
      let diff = UnorderedCollectionDiff(
        inserts: added.map { new.firstIndex(of: $0)! },
        deletes: removed.map { old.firstIndex(of: $0)! }
      )
      assertReplays(UnorderedCollectionChangeset(collection: new, diff: diff), from: old, "seed \(seed)")
      XCTAssertNoThrow(
        try UnorderedCollectionChangeset(collection: new, diff: diff).validate(from: old), "seed \(seed)")
      XCTAssertNoThrow(
        try UnorderedCollectionChangeset(collection: new, patch: patch).validate(from: old), "seed \(seed)")
    }
  }

  func testTheValidatorReportsBadUnorderedDiffsInOffsets() {
    func error(_ diff: UnorderedCollectionDiff<Int>, _ oldCount: Int, _ newCount: Int) -> ChangesetValidationError? {
      do {
        try diff.validate(oldCount: oldCount, newCount: newCount)
        return nil
      } catch {
        return error
      }
    }
    XCTAssertNil(error(UnorderedCollectionDiff(inserts: [0, 3], deletes: [1], updates: [0]), 3, 4))
    XCTAssertEqual(
      error(UnorderedCollectionDiff(deletes: [3]), 3, 2),
      .indexOutOfRange(change: .delete, location: .index(3), count: 3)
    )
    XCTAssertEqual(
      error(UnorderedCollectionDiff(deletes: [1], updates: [1]), 3, 2),
      .conflictingChanges(location: .index(1), first: .delete, second: .update)
    )
    XCTAssertEqual(
      error(UnorderedCollectionDiff(inserts: [0]), 3, 3)?.description,
      "the collection had 3 elements, 1 inserted and 0 deleted, but now has 3"
    )
  }

  func testTheValidatorChecksSetIndicesAgainstTheirCollections() {
    let old: Set = ["a", "b", "c"]
    let new: Set = ["a", "c", "d"]
    let valid = UnorderedCollectionDiff(inserts: [new.firstIndex(of: "d")!], deletes: [old.firstIndex(of: "b")!])
    XCTAssertNoThrow(try ChangesetValidator.validate(valid, from: old, to: new))
    // `endIndex` is an index of the set but not of an element.
    let pastTheEnd = UnorderedCollectionDiff(inserts: [new.firstIndex(of: "d")!], deletes: [old.endIndex])
    XCTAssertThrowsError(try ChangesetValidator.validate(pastTheEnd, from: old, to: new)) { error in
      XCTAssertEqual(
        error as? ChangesetValidationError, .indexOutOfRange(change: .delete, location: .index(3), count: 3))
    }
    XCTAssertNoThrow(try UnorderedCollectionChangeset.reload(new).validate(from: old))
  }

  func testDictionaryChangesetWithUpdates() {
    let old = ["a": 1, "b": 2, "c": 3]
    var new = old
    new["a"] = 10
    new["c"] = nil
    new["d"] = 4
    let patch: [UnorderedCollectionOperation<(key: String, value: Int), [String: Int].Index>] = [
      .update(at: old.index(forKey: "a")!, newElement: (key: "a", value: 10)),
      .delete(at: old.index(forKey: "c")!),
      .insert((key: "d", value: 4), at: new.index(forKey: "d")!),
    ]
    let changeset = UnorderedCollectionChangeset(collection: new, patch: patch)
    XCTAssertEqual(old.applying(patch), new)
    XCTAssertEqual(changeset.diff.updates, [old.index(forKey: "a")!])
    assertReplays(changeset, from: old)
  }

  func testAnInPlaceUpdateDerivesItsPatchFromTheDiff() {
    let old = ["a": 1, "b": 2]
    var new = old
    new["b"] = 20
    let changeset = UnorderedCollectionChangeset(
      collection: new,
      diff: UnorderedCollectionDiff(updates: [old.index(forKey: "b")!])
    )
    XCTAssertEqual(old.applying(changeset.patch), new)
  }

  func testReloadEqualityAndDescription() {
    let reload = UnorderedCollectionChangeset<Set<Int>>.reload([1])
    XCTAssertTrue(reload.isReload)
    XCTAssertTrue(reload.diff.isEmpty)
    XCTAssertEqual(reload.description, "reload [1]")
    XCTAssertEqual(reload, UnorderedCollectionChangeset(reloading: [1]))
    let nothing = UnorderedCollectionChangeset(collection: Set([1]), patch: [])
    XCTAssertNotEqual(reload, nothing)
    let set: Set = [5]
    let insert = UnorderedCollectionChangeset(collection: set, patch: [.insert(5, at: set.startIndex)])
    XCTAssertEqual(insert.description, "[5] diff D0 I1 U0 patch [insert(5)]")
  }
}

extension UnorderedCollectionChangesetTests {
  func testDescriptionIsSortedSoItDoesNotDependOnHashing() {
    let old: Set = ["a"]
    let new: Set = ["c", "b", "a"]
    let patch = ["c", "b"].map {
      UnorderedCollectionOperation<String, Set<String>.Index>.insert($0, at: new.firstIndex(of: $0)!)
    }
    let changeset = UnorderedCollectionChangeset(collection: new, patch: patch)
    XCTAssertEqual(changeset.description, "[a, b, c] diff D0 I2 U0 patch [insert(b), insert(c)]")
    assertReplays(changeset, from: old)
    let dictionary = UnorderedCollectionChangeset<[String: Int]>.reload(["y": 2, "x": 1])
    XCTAssertEqual(dictionary.description, #"reload [(key: "x", value: 1), (key: "y", value: 2)]"#)
  }
}
