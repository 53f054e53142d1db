import Foundation
import TetherChangesets
import TetherCollections
import XCTest

/// Asserts that a tree changeset is a correct description of a change from `old`: a reload has no
/// diff or patch; otherwise the patch is valid on `old` and replays to the changeset's tree, the
/// diff is valid between the two trees, and the patch derived from the diff replays too.
func assertTreeReplays<Tree: RangeReplaceableTreeProtocol & Equatable>(
  _ changeset: TreeChangeset<Tree>,
  from old: Tree,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  let context = message().isEmpty ? "" : " [\(message())]"
  if changeset.isReload {
    XCTAssert(changeset.diff.isEmpty && changeset.patch.isEmpty, "a reload is empty\(context)", file: file, line: line)
    return
  }
  let patch = changeset.patch
  do {
    try TreeChangesetValidator.validate(patch, on: old)
  } catch {
    XCTFail("invalid patch \(patch) on \(old): \(error)\(context)", file: file, line: line)
    return
  }
  var replayed = old
  replayed.apply(patch)
  XCTAssertEqual(replayed, changeset.collection, "replaying the patch \(patch)\(context)", file: file, line: line)
  let diff = changeset.diff
  do {
    try diff.validate(from: old, to: changeset.collection)
  } catch {
    XCTFail("invalid diff \(diff) from \(old) to \(changeset.collection): \(error)\(context)", file: file, line: line)
    return
  }
  var derived = old
  derived.apply(diff.generateTreePatch(to: changeset.collection))
  XCTAssertEqual(
    derived, changeset.collection, "replaying the patch derived from \(diff)\(context)", file: file, line: line)
}

/// Asserts that a tree changeset sequence starts with a reload and that each change replays.
func assertConsistentTreeSequence<Tree: RangeReplaceableTreeProtocol & Equatable>(
  _ changesets: [TreeChangeset<Tree>],
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTAssertEqual(
    changesets.first?.isReload, true, "the first changeset is a reload \(message())", file: file, line: line)
  for (previous, next) in zip(changesets, changesets.dropFirst()) {
    assertTreeReplays(next, from: previous.collection, message(), file: file, line: line)
  }
}

extension OrderedCollectionDiff where Index == IndexPath {
  /// The diff with each part sorted (moves by source), for exact comparisons.
  func sortedParts() -> Self {
    Self(
      inserts: inserts.sorted(),
      deletes: deletes.sorted(),
      updates: updates.sorted(),
      moves: moves.sorted { $0.from < $1.from }
    )
  }
}

/// Undoes a recorded history on a container holding its final tree, newest change first, then
/// redoes it: each inverse must replay (from the tree after its change to the one before), the
/// container must pass through every earlier tree, and redo must reach every later one again.
func assertUndoRedoRoundTrip<Tree: RangeReplaceableTreeProtocol & Equatable>(
  _ changesets: [TreeChangeset<Tree>],
  undo: (TreeChangeset<Tree>, Tree) -> Void,
  redo: (TreeChangeset<Tree>) -> Void,
  current: () -> Tree,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  let states = changesets.map(\.collection)
  guard states.count > 1 else { return }
  for index in stride(from: states.count - 1, to: 0, by: -1) {
    let change = changesets[index]
    let inverse = change.inverted(from: states[index - 1])
    assertTreeReplays(inverse, from: states[index], "inverse of change \(index) \(message())", file: file, line: line)
    XCTAssertEqual(
      inverse.collection, states[index - 1], "inverse target \(index) \(message())", file: file, line: line)
    undo(change, states[index - 1])
    XCTAssertEqual(current(), states[index - 1], "after undoing change \(index) \(message())", file: file, line: line)
  }
  for index in 1..<states.count {
    redo(changesets[index])
    XCTAssertEqual(current(), states[index], "after redoing change \(index) \(message())", file: file, line: line)
  }
}
