import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

final class ChangesetValidatorTests: XCTestCase {
  typealias Diff = OrderedCollectionDiff<Int>
  typealias SectionedDiff = OrderedCollectionDiff<IndexPath>

  /// The validation error `body` throws, if any (closures infer untyped throws, hence the cast).
  private func error(of body: () throws -> Void) -> ChangesetValidationError? {
    do {
      try body()
      return nil
    } catch let error as ChangesetValidationError {
      return error
    } catch {
      XCTFail("Unexpected error \(error)")
      return nil
    }
  }

  // MARK: Flat diffs

  func testAValidDiffPasses() throws {
    try Diff(inserts: [0], deletes: [2], updates: [0], moves: [(from: 0, to: 2)]).validate(oldCount: 3, newCount: 3)
    try Diff().validate(oldCount: 0, newCount: 0)
  }

  func testIndexOutOfRange() {
    let deleteError = error { try Diff(deletes: [3]).validate(oldCount: 3, newCount: 2) }
    XCTAssertEqual(deleteError, .indexOutOfRange(change: .delete, location: .index(3), count: 3))
    XCTAssertEqual(
      deleteError?.description,
      "delete at index 3 is out of range: there are 3 elements before the update"
    )
    let insertError = error { try Diff(inserts: [4]).validate(oldCount: 3, newCount: 4) }
    XCTAssertEqual(insertError, .indexOutOfRange(change: .insert, location: .index(4), count: 4))
    XCTAssertEqual(
      error { try Diff(moves: [(from: 0, to: -1)]).validate(oldCount: 3, newCount: 3) },
      .indexOutOfRange(change: .moveTarget, location: .index(-1), count: 3)
    )
  }

  func testDuplicateIndex() {
    let failure = error { try Diff(deletes: [1, 1]).validate(oldCount: 3, newCount: 1) }
    XCTAssertEqual(failure, .duplicateIndex(change: .delete, location: .index(1)))
    XCTAssertEqual(failure?.description, "index 1 is listed twice as a delete")
  }

  func testDeletedAndMoved() {
    let failure = error { try Diff(deletes: [1], moves: [(from: 1, to: 0)]).validate(oldCount: 3, newCount: 2) }
    XCTAssertEqual(failure, .conflictingChanges(location: .index(1), first: .delete, second: .moveSource))
    XCTAssertEqual(failure?.description, "index 1 is both a delete and a move source")
  }

  func testDeletedAndUpdated() {
    XCTAssertEqual(
      error { try Diff(deletes: [0], updates: [0]).validate(oldCount: 1, newCount: 0) },
      .conflictingChanges(location: .index(0), first: .delete, second: .update)
    )
  }

  func testInsertedAndMovedTo() {
    XCTAssertEqual(
      error { try Diff(inserts: [0], moves: [(from: 1, to: 0)]).validate(oldCount: 2, newCount: 3) },
      .conflictingChanges(location: .index(0), first: .insert, second: .moveTarget)
    )
  }

  func testMovedAndUpdatedIsLegalUnlessForbidden() throws {
    let diff = Diff(updates: [0], moves: [(from: 0, to: 1)])
    try diff.validate(oldCount: 2, newCount: 2)
    XCTAssertEqual(
      error { try diff.validate(oldCount: 2, newCount: 2, allowsMovedAndUpdated: false) },
      .conflictingChanges(location: .index(0), first: .update, second: .moveSource)
    )
  }

  func testCountsThatDoNotAddUp() {
    let failure = error { try Diff(inserts: [0]).validate(oldCount: 3, newCount: 5) }
    XCTAssertEqual(
      failure,
      .countMismatch(scope: .elements, oldCount: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0, newCount: 5)
    )
    XCTAssertEqual(failure?.description, "the collection had 3 elements, 1 inserted and 0 deleted, but now has 5")
  }

  func testEveryDerivedDiffIsValid() {
    withSeeds(0..<300) { seed, rng in
      let old = randomArray(count: Int.random(in: 0...50, using: &rng), alphabet: 4, using: &rng)
      let patch = randomPatch(on: old, count: Int.random(in: 0...30, using: &rng), using: &rng)
      let diff = OrderedCollectionDiff(from: patch, sourceCount: old.count)
      XCTAssertNil(
        error { try diff.validate(oldCount: old.count, newCount: old.applying(patch).count) }, "seed \(seed)")
    }
  }

  // MARK: Patches

  func testPatchesAreCheckedStepByStep() throws {
    let patch: [OrderedCollectionOperation<Int, Int>] = [.insert(0, at: 2), .move(from: 2, to: 0), .delete(at: 2)]
    XCTAssertEqual(try ChangesetValidator.validate(patch, sourceCount: 2), 2)
    let failure = error { try ChangesetValidator.validate(patch, sourceCount: 1) }
    XCTAssertEqual(failure, .patchIndexOutOfRange(step: 0, change: .insert, index: 2, count: 1))
    XCTAssertEqual(
      failure?.description,
      "patch operation 0 (insert): index 2 is out of range for a collection of 1 elements"
    )
    XCTAssertEqual(
      error { try ChangesetValidator.validate([OrderedCollectionOperation<Int, Int>.delete(at: 0)], sourceCount: 0) },
      .patchIndexOutOfRange(step: 0, change: .delete, index: 0, count: 0)
    )
  }

  // MARK: Sectioned diffs

  func testTheIssueExample() {
    let diff = SectionedDiff(inserts: [[0, 0]])
    let failure = error { try diff.validate(oldItemCounts: [3], newItemCounts: [5]) }
    XCTAssertEqual(
      failure,
      .countMismatch(
        scope: .items(section: 0, newSection: 0),
        oldCount: 3,
        inserted: 1,
        deleted: 0,
        movedIn: 0,
        movedOut: 0,
        newCount: 5
      )
    )
    XCTAssertEqual(failure?.description, "section 0 had 3 items, 1 inserted and 0 deleted, but now has 5")
  }

  func testAValidSectionedDiffPasses() throws {
    // Sections A(2) B(1) -> A(1) C(0) B(2): B gains A's item 1, C is inserted.
    let diff = SectionedDiff(
      inserts: [[1]],
      moves: [(from: [0, 1], to: [2, 1])]
    )
    try diff.validate(oldItemCounts: [2, 1], newItemCounts: [1, 0, 2])
  }

  /// UIKit moves no row into, out of or within a section that moves in the same batch, and
  /// `BatchUpdateValidatingView` reports `rowMoveInMovedSection`: the validator rejects it too.
  func testAnItemMoveTouchingAMovedSectionIsRejected() {
    // Sections A(2) B(1) -> B(2) A(1): B moves to 0 and gains A's item 1.
    let into = SectionedDiff(moves: [(from: [1], to: [0]), (from: [0, 1], to: [0, 1])])
    XCTAssertEqual(
      error(of: { try into.validate(oldItemCounts: [2, 1], newItemCounts: [2, 1]) }),
      .itemInChangedSection(change: .moveTarget, location: .item(1, section: 0), sectionChange: .moveTarget)
    )
    let outOf = SectionedDiff(moves: [(from: [1], to: [0]), (from: [1, 0], to: [1, 0])])
    XCTAssertEqual(
      error(of: { try outOf.validate(oldItemCounts: [1, 1], newItemCounts: [0, 2]) }),
      .itemInChangedSection(change: .moveSource, location: .item(0, section: 1), sectionChange: .moveSource)
    )
    let within = SectionedDiff(moves: [(from: [1], to: [0]), (from: [1, 0], to: [0, 1])])
    XCTAssertEqual(
      error(of: { try within.validate(oldItemCounts: [1, 2], newItemCounts: [2, 1]) })?.description,
      "move source at item 0 in section 1 addresses a section that is being moved"
    )
  }

  func testItemMovesBetweenSectionsCount() {
    let diff = SectionedDiff(moves: [(from: [0, 0], to: [1, 0])])
    let failure = error { try diff.validate(oldItemCounts: [2, 1], newItemCounts: [1, 1]) }
    XCTAssertEqual(
      failure,
      .countMismatch(
        scope: .items(section: 1, newSection: 1),
        oldCount: 1,
        inserted: 0,
        deleted: 0,
        movedIn: 1,
        movedOut: 0,
        newCount: 1
      )
    )
    XCTAssertEqual(
      failure?.description, "section 1 had 1 items, 0 inserted and 0 deleted, 1 moved in and 0 moved out, but now has 1"
    )
  }

  func testMovedSectionsAreNamedByBothIndices() {
    let diff = SectionedDiff(moves: [(from: [0], to: [1])])
    let failure = error { try diff.validate(oldItemCounts: [2, 1], newItemCounts: [2, 1]) }
    XCTAssertEqual(
      failure?.description,
      "section 0 (now 1) had 2 items, 0 inserted and 0 deleted, but now has 1"
    )
  }

  func testSectionCountsMustAddUp() {
    let failure = error { try SectionedDiff(inserts: [[0]]).validate(oldItemCounts: [1], newItemCounts: [1]) }
    XCTAssertEqual(failure?.description, "the collection had 1 sections, 1 inserted and 0 deleted, but now has 1")
  }

  func testSectionAndItemRanges() {
    XCTAssertEqual(
      error { try SectionedDiff(deletes: [[2, 0]]).validate(oldItemCounts: [1], newItemCounts: [1]) },
      .sectionOutOfRange(change: .delete, location: .item(0, section: 2), sectionCount: 1)
    )
    let itemError = error { try SectionedDiff(deletes: [[0, 3]]).validate(oldItemCounts: [3], newItemCounts: [2]) }
    XCTAssertEqual(itemError, .indexOutOfRange(change: .delete, location: .item(3, section: 0), count: 3))
    XCTAssertEqual(
      itemError?.description,
      "delete at item 3 in section 0 is out of range: there are 3 items in section 0 before the update"
    )
    XCTAssertEqual(
      error { try SectionedDiff(deletes: [[3]]).validate(oldItemCounts: [1], newItemCounts: []) },
      .indexOutOfRange(change: .delete, location: .section(3), count: 1)
    )
  }

  func testItemsOfChangedSections() {
    XCTAssertEqual(
      error { try SectionedDiff(deletes: [[0], [0, 0]]).validate(oldItemCounts: [1], newItemCounts: []) },
      .itemInChangedSection(change: .delete, location: .item(0, section: 0), sectionChange: .delete)
    )
    let insertError = error {
      try SectionedDiff(inserts: [[1], [1, 0]]).validate(oldItemCounts: [1], newItemCounts: [1, 1])
    }
    XCTAssertEqual(
      insertError,
      .itemInChangedSection(change: .insert, location: .item(0, section: 1), sectionChange: .insert)
    )
    XCTAssertEqual(insertError?.description, "insert at item 0 in section 1 addresses a section that is an insert")
    XCTAssertEqual(
      error { try SectionedDiff(updates: [[0], [0, 0]]).validate(oldItemCounts: [1], newItemCounts: [1]) },
      .itemInChangedSection(change: .update, location: .item(0, section: 0), sectionChange: .update)
    )
  }

  func testSectionedDuplicatesAndConflicts() {
    XCTAssertEqual(
      error {
        try SectionedDiff(deletes: [[1, 0]], moves: [(from: [1, 0], to: [0, 0])])
          .validate(oldItemCounts: [1, 1], newItemCounts: [2, 0])
      },
      .conflictingChanges(location: .item(0, section: 1), first: .delete, second: .moveSource)
    )
    XCTAssertEqual(
      error {
        try SectionedDiff(inserts: [[0, 1], [0, 1]]).validate(oldItemCounts: [0, 1], newItemCounts: [2, 1])
      },
      .duplicateIndex(change: .insert, location: .item(1, section: 0))
    )
  }

  func testMalformedIndexPaths() {
    XCTAssertEqual(
      error { try SectionedDiff(inserts: [[0, 0, 0]]).validate(oldItemCounts: [1], newItemCounts: [2]) },
      .malformedIndexPath(change: .insert, path: [0, 0, 0])
    )
    XCTAssertEqual(
      error { try SectionedDiff(moves: [(from: [0], to: [0, 0])]).validate(oldItemCounts: [1], newItemCounts: [1]) },
      .malformedIndexPath(change: .moveTarget, path: [0, 0])
    )
  }
}
