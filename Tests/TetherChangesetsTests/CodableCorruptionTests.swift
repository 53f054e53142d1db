import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

/// Corrupted JSON never decodes to a changeset that traps when read or applied: it throws, with a
/// `ChangesetDecodingError` under `DecodingError.dataCorrupted` when the JSON has the right shape
/// but does not describe a possible change.
final class CodableCorruptionTests: XCTestCase {
  private typealias Ordered = OrderedCollectionChangeset<[Int]>
  private typealias Tree = TreeChangeset<TreeArray<String>>

  /// The `ChangesetDecodingError` decoding `json` as `Value` throws, failing if it throws
  /// something else or nothing.
  private func decodingError<Value: Decodable>(
    _ type: Value.Type,
    _ json: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) -> ChangesetDecodingError? {
    do {
      _ = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
      XCTFail("\(json) decoded", file: file, line: line)
    } catch DecodingError.dataCorrupted(let context) {
      if let error = context.underlyingError as? ChangesetDecodingError { return error }
      XCTFail("data corrupted without a changeset error: \(context)", file: file, line: line)
    } catch {
      XCTFail("unexpected error \(error)", file: file, line: line)
    }
    return nil
  }

  func testADiffIndexOutOfRangeIsATypedError() {
    let json = #"{"type":"diff","collection":[1,2],"diff":{"inserts":[5],"deletes":[],"updates":[],"moves":[]}}"#
    XCTAssertEqual(
      decodingError(Ordered.self, json),
      .invalidChangeset(.indexOutOfRange(change: .insert, location: .index(5), count: 2))
    )
    let duplicate = #"{"type":"diff","collection":[1],"diff":{"inserts":[],"deletes":[0,0],"updates":[],"moves":[]}}"#
    XCTAssertEqual(
      decodingError(Ordered.self, duplicate),
      .invalidChangeset(.duplicateIndex(change: .delete, location: .index(0)))
    )
  }

  func testAPatchIndexOutOfRangeIsATypedError() {
    let json = #"{"type":"patch","collection":[1,2],"patch":[{"type":"delete","at":7}]}"#
    XCTAssertEqual(
      decodingError(Ordered.self, json),
      .invalidChangeset(.patchIndexOutOfRange(step: 0, change: .delete, index: 7, count: 3))
    )
    let tooManyInserts =
      #"{"type":"patch","collection":[1],"patch":[{"type":"insert","element":1,"at":0},{"type":"insert","element":2,"at":0}]}"#
    XCTAssertEqual(
      decodingError(Ordered.self, tooManyInserts),
      .invalidChangeset(.patchIndexOutOfRange(step: 0, change: .insert, index: 0, count: -1))
    )
  }

  func testAPatchThatDoesNotReplayToTheCollectionIsATypedError() {
    // The patch inserts 9 at 0, but the collection has 1 there.
    let json = #"{"type":"patch","collection":[1,2],"patch":[{"type":"insert","element":9,"at":0}]}"#
    XCTAssertEqual(decodingError(Ordered.self, json), .patchDoesNotReplay(index: 0))
    // The update ends at 1 after the move.
    let moved =
      #"{"type":"patch","collection":[5,7],"patch":[{"type":"update","at":0,"element":6},{"type":"move","from":0,"to":1}]}"#
    XCTAssertEqual(decodingError(Ordered.self, moved), .patchDoesNotReplay(index: 1))
  }

  func testADiffThatDisagreesWithItsPatchCountsIsATypedError() {
    // The patch starts from 1 element, the diff from 2.
    let json =
      #"{"type":"patchAndDiff","collection":[1],"patch":[{"type":"update","at":0,"element":1}],"#
      + #""diff":{"inserts":[],"deletes":[1],"updates":[],"moves":[]}}"#
    XCTAssertEqual(
      decodingError(Ordered.self, json),
      .invalidChangeset(.indexOutOfRange(change: .delete, location: .index(1), count: 1))
    )
  }

  func testMissingKeysWrongTypesAndUnknownKindsAreDecodingErrors() {
    let cases = [
      #"{"type":"patch","collection":[1]}"#,
      #"{"collection":[1]}"#,
      #"{"type":"patch","collection":[1],"patch":[{"type":"insert","at":0}]}"#,
      #"{"type":"patch","collection":"not an array","patch":[]}"#,
      #"{"type":"patch","collection":[1],"patch":[{"type":"delete","at":"zero"}]}"#,
      #"{"type":"sideways","collection":[1]}"#,
      #"{"type":"diff","collection":[1],"diff":{"inserts":[],"deletes":[],"updates":[]}}"#,
    ]
    for json in cases {
      XCTAssertThrowsError(try JSONDecoder().decode(Ordered.self, from: Data(json.utf8)), json) { error in
        XCTAssertTrue(error is DecodingError, "\(json): \(error)")
      }
    }
  }

  func testTreePathsThatDoNotExistAreTypedErrors() {
    let tree = #"{"nodes":[{"value":"a","childCount":1},{"value":"b","childCount":0}]}"#
    // Deleting [0, 3] needs a node [0] with 4 children before the delete; the final [0] has 1.
    let json = #"{"type":"patch","collection":\#(tree),"patch":[{"type":"delete","at":[0,3]}]}"#
    XCTAssertEqual(
      decodingError(Tree.self, json),
      .invalidTreeChangeset(.patchIndexOutOfRange(step: 0, change: .delete, path: [0, 3], depth: 1, childCount: 1))
    )
    // An insert at [1, 0] addresses a node the final tree does not have.
    let insert =
      #"{"type":"patch","collection":\#(tree),"patch":[{"type":"insert","element":{"nodes":[{"value":"x","childCount":0}]},"at":[1,0]}]}"#
    XCTAssertEqual(
      decodingError(Tree.self, insert),
      .invalidTreeChangeset(.patchIndexOutOfRange(step: 0, change: .insert, path: [1, 0], depth: 0, childCount: 1))
    )
    let empty =
      #"{"type":"patch","collection":\#(tree),"patch":[{"type":"update","at":[],"element":{"nodes":[{"value":"x","childCount":0}]}}]}"#
    XCTAssertEqual(decodingError(Tree.self, empty), .invalidTreeChangeset(.emptyIndexPath(change: .update)))
  }

  func testATreePatchThatDoesNotGiveTheTreesShapeIsATypedError() {
    // The inserted node has a child, the final node at [0] has none.
    let json =
      #"{"type":"patch","collection":{"nodes":[{"value":"a","childCount":0}]},"#
      + #""patch":[{"type":"insert","element":{"nodes":[{"value":"a","childCount":1},{"value":"b","childCount":0}]},"at":[0]}]}"#
    XCTAssertEqual(
      decodingError(Tree.self, json),
      .invalidTreeChangeset(.shapeMismatch(finalPath: [0], actualCount: 1, expectedCount: 0))
    )
  }

  func testATreeDiffIsCheckedAgainstTheSourceShapeThePatchImplies() {
    let tree = #"{"nodes":[{"value":"a","childCount":0}]}"#
    let json =
      #"{"type":"patchAndDiff","collection":\#(tree),"patch":[{"type":"update","at":[0],"element":{"nodes":[{"value":"a","childCount":0}]}}],"#
      + #""diff":{"inserts":[],"deletes":[[2]],"updates":[],"moves":[]}}"#
    XCTAssertEqual(
      decodingError(Tree.self, json),
      .invalidTreeChangeset(.indexOutOfRange(change: .delete, path: [2], depth: 0, childCount: 1))
    )
    let diffOnly = #"{"type":"diff","collection":\#(tree),"diff":{"inserts":[],"deletes":[],"updates":[],"moves":[]}}"#
    XCTAssertThrowsError(try JSONDecoder().decode(Tree.self, from: Data(diffOnly.utf8)))
  }

  func testArray2DPatchNodesMustHaveTheShapeOfTheirDepth() {
    let collection = #"{"sections":[{"metadata":"A","items":[1]}]}"#
    let itemAsSection =
      #"{"type":"patch","collection":\#(collection),"#
      + #""patch":[{"type":"update","at":[0],"element":{"nodes":[{"value":{"type":"item","item":1},"childCount":0}]}}]}"#
    XCTAssertEqual(
      decodingError(TreeChangeset<Array2D<String, Int>>.self, itemAsSection),
      .malformedArray2DNode(path: [0])
    )
  }

  func testMalformedFlatTreesAreDecodingErrors() {
    let cases = [
      #"{"nodes":[{"value":"a","childCount":2},{"value":"b","childCount":0}]}"#,
      #"{"nodes":[{"value":"a","childCount":-1}]}"#,
      #"{"nodes":[{"value":"a"}]}"#,
    ]
    for json in cases {
      XCTAssertThrowsError(try JSONDecoder().decode(TreeArray<String>.self, from: Data(json.utf8)), json)
    }
    XCTAssertThrowsError(
      try JSONDecoder().decode(
        TreeNode<String>.self,
        from: Data(#"{"nodes":[{"value":"a","childCount":0},{"value":"b","childCount":0}]}"#.utf8))
    )
    XCTAssertThrowsError(try JSONDecoder().decode(TreeNode<String>.self, from: Data(#"{"nodes":[]}"#.utf8)))
  }

  /// Every integer of valid JSON, changed at random: decoding either throws or gives a changeset
  /// whose forms can be read and whose patch applies (a trap here would crash the test).
  func testRandomlyMutatedIndicesNeverGiveAChangesetThatTraps() throws {
    try withSeeds(0..<200) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<8, using: &rng), alphabet: 4, using: &rng)
      let patch = randomPatch(on: old, count: Int.random(in: 1..<6, using: &rng), alphabet: 4, using: &rng)
      let forms = Int.random(in: 0..<3, using: &rng)
      let changeset =
        switch forms {
        case 0: Ordered(collection: old.applying(patch), patch: patch)
        case 1:
          Ordered(collection: old.applying(patch), diff: Ordered(collection: old.applying(patch), patch: patch).diff)
        default:
          Ordered(
            collection: old.applying(patch), patch: patch,
            diff: Ordered(collection: old.applying(patch), patch: patch).diff)
        }
      let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(changeset))
      let mutated = mutateOneInteger(json, using: &rng)
      let data = try JSONSerialization.data(withJSONObject: mutated)
      guard let decoded = try? JSONDecoder().decode(Ordered.self, from: data) else { return }
      // Whatever decodes is a change from some source of the implied count.
      let sourceCount = decoded.collection.count - decoded.diff.inserts.count + decoded.diff.deletes.count
      XCTAssertNoThrow(try ChangesetValidator.validate(decoded.patch, sourceCount: sourceCount), "seed \(seed)")
      XCTAssertEqual(
        Array(repeating: 0, count: sourceCount).applying(decoded.patch).count,
        decoded.collection.count,
        "seed \(seed)"
      )
    }
  }

  func testRandomlyMutatedTreePathsNeverGiveAChangesetThatTraps() throws {
    for seed in UInt64(0)..<200 {
      var trees = RandomTrees(seed: seed)
      let old = trees.tree(size: Int.random(in: 1..<12, using: &trees.rng))
      let (patch, new) = trees.patch(count: Int.random(in: 1..<5, using: &trees.rng), on: old)
      let changeset =
        seed % 2 == 0
        ? TreeChangeset(collection: new, patch: patch)
        : TreeChangeset(collection: new, diff: TreeChangeset(collection: new, patch: patch).diff)
      let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(changeset))
      var rng = trees.rng
      let data = try JSONSerialization.data(withJSONObject: mutateOneInteger(json, using: &rng))
      guard let decoded = try? JSONDecoder().decode(TreeChangeset<ItemTree>.self, from: data) else { continue }
      // Reading both forms derives nothing that traps.
      _ = (decoded.diff, decoded.patch)
    }
  }

  /// `json` with one of its integers (chosen at random) replaced by a random small one.
  private func mutateOneInteger(_ json: Any, using rng: inout SeededRandomNumberGenerator) -> Any {
    var count = 0
    func countIntegers(_ value: Any) {
      if let array = value as? [Any] {
        array.forEach(countIntegers)
      } else if let object = value as? [String: Any] {
        object.values.forEach(countIntegers)
      } else if value is NSNumber {
        count += 1
      }
    }
    countIntegers(json)
    guard count > 0 else { return json }
    var target = Int.random(in: 0..<count, using: &rng)
    let replacement = Int.random(in: -1..<6, using: &rng)
    func replace(_ value: Any) -> Any {
      if let array = value as? [Any] { return array.map(replace) }
      if let object = value as? [String: Any] {
        // Sorted keys: the same seed mutates the same integer on every run.
        var result: [String: Any] = [:]
        for key in object.keys.sorted() { result[key] = replace(object[key]!) }
        return result
      }
      if value is NSNumber {
        defer { target -= 1 }
        if target == 0 { return replacement }
      }
      return value
    }
    return replace(json)
  }
}
