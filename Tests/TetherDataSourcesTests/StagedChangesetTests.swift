import Foundation
import TetherChangesets
import TetherDataSources
import XCTest

final class StagedChangesetTests: XCTestCase {
  private typealias Diff = OrderedCollectionDiff<IndexPath>

  private func stages(_ diff: Diff, _ old: [Int], _ new: [Int]) throws -> [StagedChangeset.Stage] {
    try StagedChangeset(diff: diff, oldItemCounts: old, newItemCounts: new).stages
  }

  func testAnOrdinaryDiffIsOneStage() throws {
    let diff = Diff(inserts: [[1, 0]], deletes: [[0, 0]], updates: [[0, 1]], moves: [(from: [0, 2], to: [0, 0])])
    let staged = try StagedChangeset(diff: diff, oldItemCounts: [3, 0], newItemCounts: [2, 1])
    XCTAssertFalse(staged.isStaged)
    XCTAssertEqual(staged.stages.map(\.diff), [diff])
    XCTAssertNil(staged.stages[0].sections)
  }

  func testAMovedAndUpdatedRowIsReloadedAtItsNewPlaceInASecondStage() throws {
    let diff = Diff(updates: [[0, 0], [0, 1]], moves: [(from: [0, 0], to: [0, 2])])
    let result = try stages(diff, [3], [3])
    XCTAssertEqual(
      result.map(\.diff),
      [Diff(updates: [[0, 1]], moves: [(from: [0, 0], to: [0, 2])]), Diff(updates: [[0, 2]])]
    )
    XCTAssertTrue(result.allSatisfy { $0.sections == nil }, "both stages end in the final shape")
  }

  func testRowsMovedInsideAMovedSectionMoveAfterTheSection() throws {
    let diff = Diff(moves: [(from: [0], to: [1]), (from: [0, 0], to: [1, 1])])
    let result = try stages(diff, [2, 2], [2, 2])
    XCTAssertEqual(
      result.map(\.diff), [Diff(moves: [(from: [0], to: [1])]), Diff(moves: [(from: [1, 0], to: [1, 1])])])
    XCTAssertEqual(
      result[0].sections,
      [
        StagedChangeset.Section(origin: .target([0]), rows: [.target([0, 0]), .target([0, 1])]),
        StagedChangeset.Section(origin: .target([1]), rows: [.target([1, 1]), .target([1, 0])]),
      ]
    )
    XCTAssertNil(result[1].sections)
  }

  func testARowMovedOutOfADeletedSectionMovesBeforeTheSectionGoes() throws {
    let diff = Diff(deletes: [[1]], moves: [(from: [1, 0], to: [0, 0])])
    let result = try stages(diff, [1, 2], [2])
    XCTAssertEqual(result.map(\.diff), [Diff(moves: [(from: [1, 0], to: [0, 0])]), Diff(deletes: [[1]])])
    XCTAssertEqual(
      result[0].sections,
      [
        StagedChangeset.Section(origin: .target([0]), rows: [.target([0, 0]), .target([0, 1])]),
        StagedChangeset.Section(origin: .source([1]), rows: [.source([1, 1])]),
      ],
      "the deleted section stays, with its old header and its remaining old row, until the last stage"
    )
  }

  func testARowMovedIntoAnInsertedSectionMovesAfterTheSectionArrives() throws {
    let diff = Diff(inserts: [[1], [1, 1]], moves: [(from: [0, 1], to: [1, 0])])
    let result = try stages(diff, [2], [1, 2])
    XCTAssertEqual(
      result.map(\.diff),
      [Diff(inserts: [[1]]), Diff(moves: [(from: [0, 1], to: [1, 0])])]
    )
    XCTAssertEqual(
      result[0].sections,
      [
        StagedChangeset.Section(origin: .target([0]), rows: [.target([0, 0]), .target([1, 0])]),
        StagedChangeset.Section(origin: .target([1]), rows: [.target([1, 1])]),
      ],
      "the new section first arrives with only its new row"
    )
  }

  func testAMovedAndUpdatedSectionMovesThenReloads() throws {
    let diff = Diff(updates: [[0]], moves: [(from: [0], to: [1])])
    let result = try stages(diff, [1, 1], [1, 1])
    XCTAssertEqual(result.map(\.diff), [Diff(moves: [(from: [0], to: [1])]), Diff(updates: [[1]])])
  }

  /// A section update is a refresh of the section's own content: its row changes keep their
  /// animations, and the section is reloaded in a stage of its own after them (UIKit rejects row
  /// changes in a section reloaded in the same batch).
  func testRowChangesInsideAnUpdatedSectionAreKeptAndTheSectionReloadsLast() throws {
    let diff = Diff(inserts: [[0, 1], [0, 2]], deletes: [[0, 0]], updates: [[0], [1]])
    let result = try stages(diff, [2, 1], [3, 1])
    XCTAssertEqual(
      result.map(\.diff),
      [Diff(inserts: [[0, 1], [0, 2]], deletes: [[0, 0]], updates: [[1]]), Diff(updates: [[0]])]
    )
  }

  func testStagingStillRejectsDiffsThatDoNotAddUp() {
    XCTAssertThrowsError(try stages(Diff(inserts: [[0, 0]]), [1], [1])) { error in
      XCTAssertEqual(
        error as? ChangesetValidationError,
        .countMismatch(
          scope: .items(section: 0, newSection: 0), oldCount: 1, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0,
          newCount: 1)
      )
    }
    XCTAssertThrowsError(try stages(Diff(deletes: [[3]]), [1], [])) { error in
      XCTAssertEqual(
        error as? ChangesetValidationError, .indexOutOfRange(change: .delete, location: .section(3), count: 1))
    }
    XCTAssertThrowsError(try stages(Diff(deletes: [[0, 0, 0]]), [1], [1]))
  }

  func testEmptyDiffIsOneEmptyStage() throws {
    XCTAssertEqual(try stages(Diff(), [2], [2]).map(\.diff), [Diff()])
  }
}
