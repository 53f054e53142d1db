import Foundation
import TetherChangesets
import XCTest

/// `TreeChangesetValidator.validate(_:from:to:)`: a patch in range that does not end at the new
/// tree's shape is rejected; one that does is accepted.
final class TreePatchFinalShapeTests: XCTestCase {
  private typealias Forest = TreeArray<String>

  func testAPatchMustEndAtTheNewShape() throws {
    let old = Forest([TreeNode("a", [TreeNode("b")])])
    let new = Forest([TreeNode("a"), TreeNode("b")])
    let patch: [OrderedCollectionOperation<TreeNode<String>, IndexPath>] = [.move(from: [0, 0], to: [1])]
    XCTAssertNoThrow(try TreeChangesetValidator.validate(patch, from: old, to: new))
    XCTAssertThrowsError(try TreeChangesetValidator.validate([], from: old, to: new)) { error in
      XCTAssertEqual(
        error as? TreeChangesetValidationError, .shapeMismatch(finalPath: [], actualCount: 1, expectedCount: 2))
    }
    XCTAssertThrowsError(try TreeChangesetValidator.validate(patch + [.delete(at: [1])], from: old, to: new))
    XCTAssertThrowsError(try TreeChangesetValidator.validate([.move(from: [0], to: [3])], from: old, to: new)) {
      error in
      XCTAssertEqual(
        error as? TreeChangesetValidationError,
        .patchIndexOutOfRange(step: 0, change: .moveTarget, path: [3], depth: 0, childCount: 0))
    }
  }
}
