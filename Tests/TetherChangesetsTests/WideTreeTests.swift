import Foundation
import TetherChangesets
import XCTest

/// Trees as wide as decoded data can make them (issue 25): the shape of a folder of c children
/// used to be built in O(c²) (every appended child copied the shapes made so far), so decoding a
/// changeset of one 16,000-child folder took 8.3 s. These tests use a folder of 100,000 children:
/// linear code handles it in well under a second even in a debug build, while the quadratic shape
/// copied 5·10⁹ elements (hours), so a regression does not finish rather than fail a timer. The
/// ratios themselves are measured in the `tree-input` benchmark suite.
final class WideTreeTests: XCTestCase {
  static let width = 100_000

  /// One folder holding `width` leaves, built once.
  static let wideTree = TreeArray([TreeNode(-1, (0..<width).map { TreeNode($0) })])

  /// The wide tree with one leaf appended to the folder, and the changeset that says so.
  static func appended() -> (TreeArray<Int>, TreeChangeset<TreeArray<Int>>) {
    var new = wideTree
    new.insert(TreeNode(width), at: [0, width])
    return (new, TreeChangeset(collection: new, patch: [.insert(TreeNode(width), at: [0, width])]))
  }

  func testAChangesetOfAWideFolderValidatesAndDecodes() throws {
    let (new, changeset) = Self.appended()
    XCTAssertNoThrow(try changeset.validate(from: Self.wideTree))
    XCTAssertNoThrow(try changeset.diff.validate(from: Self.wideTree, to: new))
    let decoded = try JSONDecoder().decode(TreeChangeset<TreeArray<Int>>.self, from: JSONEncoder().encode(changeset))
    XCTAssertEqual(decoded.patch, changeset.patch)
    XCTAssertEqual(decoded.diff.inserts, [[0, Self.width]])
    XCTAssertEqual(decoded.collection.children[0].children.count, Self.width + 1)
  }

  func testAWrongChangesetOfAWideFolderIsRejected() throws {
    let (_, changeset) = Self.appended()
    // Claims one child too many: the patch does not end at the tree's shape.
    var wrong = Self.wideTree
    wrong.insert(TreeNode(0), at: [0, 0])
    wrong.insert(TreeNode(0), at: [0, 0])
    let lying = TreeChangeset(collection: wrong, patch: changeset.patch)
    XCTAssertThrowsError(try lying.validate(from: Self.wideTree))
    // Decoding cannot know the source, so the same JSON decodes against the smallest source it
    // implies; a path past the end of the folder can never be undone and fails.
    let outOfRange = TreeChangeset(collection: Self.wideTree, patch: [.delete(at: [0, Self.width + 5])])
    XCTAssertThrowsError(
      try JSONDecoder().decode(TreeChangeset<TreeArray<Int>>.self, from: JSONEncoder().encode(outOfRange))
    ) { error in
      XCTAssertTrue(error is DecodingError, "\(error)")
    }
  }

  func testManyMovesInAWideFolderValidate() throws {
    // Each move's target used to be checked on a copy of the whole shape (O(c) per move).
    var patch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = []
    for step in 0..<2_000 { patch.append(.move(from: [0, step], to: [0, Self.width - 1 - step])) }
    XCTAssertNoThrow(try TreeChangesetValidator.validate(patch, on: Self.wideTree))
    var new = Self.wideTree
    new.apply(patch)
    XCTAssertNoThrow(try TreeChangesetValidator.validate(patch, from: Self.wideTree, to: new))
    XCTAssertNoThrow(try TreeChangeset(collection: new, patch: patch).validate(from: Self.wideTree))
  }
}

/// Reproducers of what the fuzz targets found (Scripts/Fuzz/Corpus keeps their inputs).
final class TreeFuzzFindingsTests: XCTestCase {
  /// binder-fuzzer, November 2026 (`outline-diff-counts-do-not-add-up`): a diff whose root count
  /// does not add up replayed its update to a path the final tree does not have, and the
  /// validator trapped reading it (the outline binder validates a changeset's diff this way).
  func testADiffWhoseCountsDoNotAddUpIsRejectedNotTrapped() {
    let old = TreeArray([TreeNode(0, [TreeNode(10)])])
    let new = TreeArray([TreeNode(-1), TreeNode(0, [TreeNode(101)]), TreeNode(102, [TreeNode(1102)])])
    let diff = OrderedCollectionDiff<IndexPath>(inserts: [[1]], updates: [[0, 0]])
    XCTAssertThrowsError(try diff.validate(from: old, to: new)) { error in
      XCTAssertEqual(
        error as? TreeChangesetValidationError, .shapeMismatch(finalPath: [0], actualCount: 1, expectedCount: 0))
    }
    XCTAssertThrowsError(try TreeChangeset(collection: new, diff: diff).validate(from: old))
  }
}
