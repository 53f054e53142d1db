import TetherChangesets

/// Checks that an ordered changeset is a correct description of a change from `old`, and reports
/// each problem found to the running test framework (Swift Testing or XCTest, see
/// ``reportTestFailure(_:fileID:filePath:line:column:)``).
///
/// For a reload, checks that its diff and patch are empty (consumers just adopt the collection).
/// Otherwise checks that:
/// - the form the changeset was made from (diff or patch) is valid for the old and new counts,
///   checked with ``ChangesetValidator`` before the other form is derived from it, so a malformed
///   changeset is reported with the validator's typed error instead of trapping the test process;
/// - applying the patch to `old` gives the changeset's collection;
/// - applying the diff in batch-update form to `old` (deletes and move sources in the old space,
///   inserts and move targets in the new space, inserted and updated values read from the new
///   collection) gives the changeset's collection;
/// - the patch derived from the diff replays too.
///
/// ```swift
/// @Test func removingTheFirstItem() {
///   let changeset = OrderedCollectionChangeset(collection: ["b"], diff: .init(deletes: [0]))
///   expectReplays(changeset, from: ["a", "b"])
/// }
/// ```
///
/// To check inside `#expect` instead (one issue listing every problem), use
/// `#expect(replayProblems(of: changeset, from: old) == [])`.
///
/// - Parameter message: Added to every failure (put the seed of a random test in it).
/// - Returns: Whether the changeset passed every check.
@discardableResult
public func expectReplays<C: RangeReplaceableCollection>(
  _ changeset: OrderedCollectionChangeset<C>,
  from old: C,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Bool where C.Element: Equatable {
  report(
    replayProblems(of: changeset, from: old),
    message(),
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Checks that an ordered changeset is a correct description of a change from `old`, reporting
/// each problem to the running test framework; the XCTest-style spelling of
/// `expectReplays(_:from:)`, with the same checks.
///
/// Failures are reported at `file` and `line` and include `message` (put the seed in it).
public func assertReplays<C: RangeReplaceableCollection>(
  _ changeset: OrderedCollectionChangeset<C>,
  from old: C,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  file: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) where C.Element: Equatable {
  report(
    replayProblems(of: changeset, from: old),
    message(),
    CallSite(fileID: fileID, filePath: file, line: line, column: column)
  )
}

/// What is wrong with an ordered changeset as a change from `old`: the checks of
/// `expectReplays(_:from:)`, returned instead of reported.
///
/// Empty when the changeset is correct. Never traps: a changeset made from a diff has its diff
/// validated before its patch is derived, and one made from a patch has its patch validated
/// before its diff is derived.
///
/// - Complexity: O(n + k log k) for collections of n elements and a change of k entries.
public func replayProblems<C: RangeReplaceableCollection>(
  of changeset: OrderedCollectionChangeset<C>,
  from old: C
) -> [String] where C.Element: Equatable {
  let new = Array(changeset.collection)
  if changeset.isReload {
    return changeset.diff.isEmpty && changeset.patch.isEmpty ? [] : ["A reload carries no diff or patch"]
  }
  let oldArray = Array(old)
  var problems: [String] = []
  // Only the given forms are read before they are checked: deriving one form from an invalid
  // other one traps.
  let givenForms = changeset.givenForms
  var diffIsValid = false
  if givenForms != .patch {
    let diff = changeset.diff
    do {
      try diff.validate(oldCount: oldArray.count, newCount: new.count)
      diffIsValid = true
    } catch {
      problems.append("Invalid diff \(diff) from \(oldArray) to \(new): \(error)")
    }
  }
  var patchIsValid = false
  if givenForms != .diff {
    let patch = changeset.patch
    do {
      let finalCount = try ChangesetValidator.validate(patch, sourceCount: oldArray.count)
      if finalCount == new.count {
        patchIsValid = true
      } else {
        problems.append(
          "The patch \(patch) on \(oldArray) ends with \(finalCount) elements, not the \(new.count) of \(new)")
      }
    } catch {
      problems.append("Invalid patch \(patch) on \(oldArray): \(error)")
    }
  }
  if givenForms == .diff && diffIsValid {
    patchIsValid = true
  }
  if givenForms == .patch && patchIsValid {
    let diff = changeset.diff
    do {
      try diff.validate(oldCount: oldArray.count, newCount: new.count)
      diffIsValid = true
    } catch {
      problems.append("The diff \(diff) derived from the patch is invalid: \(error)")
    }
  }
  if patchIsValid {
    let patch = changeset.patch
    let replayed = oldArray.applying(patch)
    if replayed != new {
      problems.append("Replaying the patch \(patch) on \(oldArray) gives \(replayed), not \(new)")
    }
  }
  if diffIsValid {
    let diff = changeset.diff
    let batch = batchApplying(diff, to: oldArray, reading: new)
    if batch != new {
      problems.append("Applying the diff \(diff) as a batch update to \(oldArray) gives \(batch), not \(new)")
    }
    let derived = diff.generatePatch(to: new)
    let derivedReplay = oldArray.applying(derived)
    if derivedReplay != new {
      problems.append("The patch \(derived) derived from the diff \(diff) gives \(derivedReplay), not \(new)")
    }
  }
  return problems
}

/// Applies a valid diff the way a table view performs a batch update: deleted and moved-away
/// elements leave the old array, inserted elements (read from `new`) and moved elements take their
/// targets, and the other survivors fill the remaining places in their old order. Updated elements
/// are read back from `new` at their final place, as a reloaded cell would be.
///
/// - Precondition: `diff` is valid for `old.count` and `new.count` (see ``ChangesetValidator``).
public func batchApplying<Element>(
  _ diff: OrderedCollectionDiff<Int>,
  to old: [Element],
  reading new: [Element]
) -> [Element] {
  var result = [Element?](repeating: nil, count: new.count)
  var leaves = [Bool](repeating: false, count: old.count)
  var updated = [Bool](repeating: false, count: old.count)
  for index in diff.deletes { leaves[index] = true }
  for index in diff.updates { updated[index] = true }
  for index in diff.inserts { result[index] = new[index] }
  for move in diff.moves {
    leaves[move.from] = true
    result[move.to] = updated[move.from] ? new[move.to] : old[move.from]
  }
  var slot = 0
  for (index, element) in old.enumerated() where !leaves[index] {
    while result[slot] != nil { slot += 1 }
    result[slot] = updated[index] ? new[slot] : element
  }
  return result.map { $0! }
}

/// Reports `problems` at `site`, each followed by `message` when there is one.
///
/// - Returns: Whether there was no problem.
@discardableResult
func report(_ problems: [String], _ message: String, _ site: CallSite) -> Bool {
  let context = message.isEmpty ? "" : " [\(message)]"
  for problem in problems { site.report(problem + context) }
  return problems.isEmpty
}
