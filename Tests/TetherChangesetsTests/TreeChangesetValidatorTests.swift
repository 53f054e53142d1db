import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

final class TreeChangesetValidatorTests: XCTestCase {
  private typealias Diff = OrderedCollectionDiff<IndexPath>

  private func item(_ id: Int, _ children: [TreeNode<TreeItem>] = []) -> TreeNode<TreeItem> {
    TreeNode(TreeItem(id: id), children)
  }

  /// Folders: 1(2, 3(4)), 5, 6(7)
  private var old: ItemTree {
    TreeArray([item(1, [item(2), item(3, [item(4)])]), item(5), item(6, [item(7)])])
  }

  private func error(_ diff: Diff, to new: ItemTree) -> TreeChangesetValidationError? {
    do {
      try diff.validate(from: old, to: new)
      return nil
    } catch {
      return error
    }
  }

  func testValidDiffsPass() {
    let new = old.applying([.move(from: [0, 1, 0], to: [1, 0]), .delete(at: [0])])
    XCTAssertNil(error(Diff(deletes: [[0]], moves: [(from: [0, 1, 0], to: [0, 0])]), to: new))
    XCTAssertNil(error(Diff(), to: old))
  }

  func testReportsPathsOutOfRangeInTheirIndexSpace() {
    XCTAssertEqual(
      error(Diff(deletes: [[0, 5]]), to: old),
      .indexOutOfRange(change: .delete, path: [0, 5], depth: 1, childCount: 2))
    XCTAssertEqual(
      error(Diff(inserts: [[3]]), to: old),
      .indexOutOfRange(change: .insert, path: [3], depth: 0, childCount: 3))
    XCTAssertEqual(
      error(Diff(deletes: [[0, 5]]), to: old)?.description,
      "delete at [0, 5] is out of range: node [0] has 2 children before the update")
    XCTAssertEqual(error(Diff(updates: [[]]), to: old), .emptyIndexPath(change: .update))
  }

  func testReportsDuplicatesAndConflicts() {
    let new = old.applying([.delete(at: [1])])
    XCTAssertEqual(error(Diff(deletes: [[1], [1]]), to: new), .duplicateIndexPath(change: .delete, path: [1]))
    XCTAssertEqual(
      error(Diff(deletes: [[1]], moves: [(from: [1], to: [0])]), to: new),
      .conflictingChanges(path: [1], first: .delete, second: .moveSource))
    let moved = old.applying([.move(from: [1], to: [0])])
    XCTAssertNil(error(Diff(updates: [[1]], moves: [(from: [1], to: [0])]), to: moved))
    XCTAssertThrowsError(
      try Diff(updates: [[1]], moves: [(from: [1], to: [0])]).validate(
        from: old, to: moved, allowsMovedAndUpdated: false))
  }

  func testReportsEntriesInsideDeletedOrInsertedSubtrees() {
    let new = old.applying([.delete(at: [0])])
    XCTAssertEqual(
      error(Diff(deletes: [[0], [0, 1]]), to: new),
      .insideDeletedSubtree(change: .delete, path: [0, 1], deleted: [0]))
    XCTAssertEqual(
      error(Diff(deletes: [[0]], updates: [[0, 1, 0]]), to: new),
      .insideDeletedSubtree(change: .update, path: [0, 1, 0], deleted: [0]))
    let inserted = old.applying([.insert(item(8, [item(9)]), at: [0])])
    XCTAssertEqual(
      error(Diff(inserts: [[0], [0, 0]]), to: inserted),
      .insideInsertedSubtree(change: .insert, path: [0, 0], inserted: [0]))
  }

  func testReportsCountsThatDoNotAddUp() {
    let new = old.applying([.insert(item(8), at: [0, 0])])
    let mismatch = error(Diff(), to: new)
    XCTAssertEqual(mismatch, .shapeMismatch(finalPath: [0], actualCount: 2, expectedCount: 3))
    XCTAssertEqual(
      error(Diff(deletes: [[0, 0]]), to: new),
      .countMismatch(
        sourcePath: [0], finalPath: [0], oldCount: 2, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0, newCount: 3))
    XCTAssertEqual(
      error(Diff(deletes: [[0, 0]]), to: new)?.description,
      "node [0] had 2 children, 0 inserted and 1 deleted, but now has 3")
  }

  func testPatchValidation() {
    XCTAssertNoThrow(try TreeChangesetValidator.validate([.insert(item(8), at: [0, 2])] as [ItemOperation], on: old))
    XCTAssertThrowsError(try TreeChangesetValidator.validate([.delete(at: [0, 2])] as [ItemOperation], on: old)) {
      XCTAssertEqual(
        $0 as? TreeChangesetValidationError,
        .patchIndexOutOfRange(step: 0, change: .delete, path: [0, 2], depth: 1, childCount: 2))
    }
    XCTAssertThrowsError(
      try TreeChangesetValidator.validate(
        [.move(from: [0], to: [2, 0]), .update(at: [1, 1], newElement: item(1))] as [ItemOperation], on: old)
    ) {
      XCTAssertEqual(
        $0 as? TreeChangesetValidationError,
        .patchIndexOutOfRange(step: 0, change: .moveTarget, path: [2, 0], depth: 0, childCount: 2))
    }
    let changeset = TreeChangeset(collection: old.applying([.delete(at: [1])]), patch: [.delete(at: [1])])
    XCTAssertNoThrow(try changeset.validate(from: old))
    XCTAssertThrowsError(try changeset.validate(from: TreeArray([item(1)])))
  }

  /// Damaged diffs never trap the validator, and every diff it accepts converts to a patch that
  /// applies to the source tree and gives the final tree's shape.
  func testAcceptedDiffsAlwaysApply() {
    var accepted = 0
    var rejected = 0
    withSeeds(0..<300) { seed, rng in
      var random = RandomTrees(seed: seed, maxDepth: 4)
      let old = random.tree(size: Int.random(in: 1...20, using: &rng), fanOut: 3)
      let (patch, new) = random.patch(count: Int.random(in: 1...6, using: &rng), on: old)
      var diff = OrderedCollectionDiff(fromTreePatch: patch)
      func damage(_ path: inout IndexPath) {
        guard !path.isEmpty else { return }
        let depth = Int.random(in: 0..<path.count, using: &rng)
        path[depth] += Int.random(in: -1...1, using: &rng)
      }
      switch Int.random(in: 0..<6, using: &rng) {
      case 0 where !diff.deletes.isEmpty: diff.deletes.removeLast()
      case 1 where !diff.inserts.isEmpty: damage(&diff.inserts[0])
      case 2 where !diff.moves.isEmpty: damage(&diff.moves[0].to)
      case 3 where !diff.moves.isEmpty: damage(&diff.moves[0].from)
      case 4 where !diff.deletes.isEmpty: damage(&diff.deletes[0])
      default: diff.updates.append(random.randomPath(in: old) ?? [0])
      }
      do {
        try diff.validate(from: old, to: new)
        accepted += 1
        let generated = diff.generateTreePatch(to: new)
        XCTAssertNoThrow(try TreeChangesetValidator.validate(generated, on: old), "seed \(seed)")
        let replayed = old.applying(generated)
        XCTAssertEqual(replayed.allPaths, new.allPaths, "seed \(seed): \(diff)")
      } catch {
        rejected += 1
      }
    }
    XCTAssertGreaterThan(accepted, 20)
    XCTAssertGreaterThan(rejected, 20)
  }
}
