import Foundation
import TetherChangesets
import TetherDataSources
import XCTest

/// What DifferenceKit's suites compare, available to a migrated suite: staged changesets and their
/// stages are `Equatable`, and index-path diffs compare order-insensitively once normalized.
final class DifferenceKitMigrationTests: XCTestCase {
  private typealias Diff = OrderedCollectionDiff<IndexPath>

  func testStagedChangesetsAndTheirStagesAreEquatable() throws {
    let diff = Diff(inserts: [[1, 0]], deletes: [[0, 0]])
    let one = try StagedChangeset(diff: diff, oldItemCounts: [1, 0], newItemCounts: [0, 1])
    let same = try StagedChangeset(diff: diff, oldItemCounts: [1, 0], newItemCounts: [0, 1])
    let other = try StagedChangeset(diff: Diff(deletes: [[0, 0]]), oldItemCounts: [1, 0], newItemCounts: [0, 0])
    XCTAssertEqual(one, same)
    XCTAssertEqual(one.stages, same.stages)
    XCTAssertNotEqual(one, other)
  }

  func testIndexPathDiffsCompareOrderInsensitivelyOnceNormalized() {
    let listed = Diff(
      inserts: [[1, 2], [0, 1]], deletes: [[2, 0], [0, 3]], updates: [[1, 1], [0, 0]],
      moves: [(from: [1, 0], to: [0, 0]), (from: [0, 2], to: [1, 1])])
    let reordered = Diff(
      inserts: [[0, 1], [1, 2]], deletes: [[0, 3], [2, 0]], updates: [[0, 0], [1, 1]],
      moves: [(from: [0, 2], to: [1, 1]), (from: [1, 0], to: [0, 0])])
    XCTAssertNotEqual(listed, reordered)
    XCTAssertEqual(listed.normalized(), reordered.normalized())
    XCTAssertEqual(listed.normalized().inserts, [[0, 1], [1, 2]])
    XCTAssertEqual(listed.normalized().moves.map(\.from), [[0, 2], [1, 0]])
  }
}
