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
