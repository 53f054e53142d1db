import TetherChangesets

/// Checks that a set changeset is a correct description of a change from `old`, reporting each
/// problem to the running test framework: its diff is valid for `old` and the new set (checked
/// first, so a bad index is reported rather than read), its patch replays, deleted elements are
/// gone, inserted ones are new, updated ones are still there, and the counts add up. A reload
/// must have an empty diff and patch.
///
/// The diff's indices must be indices of `old` and of the new set (or of copies of them): the
/// standard library traps when indices of unrelated sets are compared, before any check can see
/// them.
///
/// - Returns: Whether the changeset passed every check.
@discardableResult
public func expectReplays<Element: Hashable>(
  _ changeset: UnorderedCollectionChangeset<Set<Element>>,
  from old: Set<Element>,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Bool {
  report(
    replayProblems(of: changeset, from: old),
    message(),
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// The XCTest-style spelling of `expectReplays(_:from:)` for set changesets, with the same checks
/// and the same reporting.
public func assertReplays<Element: Hashable>(
  _ changeset: UnorderedCollectionChangeset<Set<Element>>,
  from old: Set<Element>,
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  file: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  report(
    replayProblems(of: changeset, from: old),
    message(),
    CallSite(fileID: fileID, filePath: file, line: line, column: column)
  )
}

/// What is wrong with a set changeset as a change from `old` (the checks of `expectReplays`),
/// returned instead of reported; empty when it is correct.
///
/// - Complexity: O(n + m + k log k) for sets of n and m elements and k diff entries.
public func replayProblems<Element: Hashable>(
  of changeset: UnorderedCollectionChangeset<Set<Element>>,
  from old: Set<Element>
) -> [String] {
  let new = changeset.collection
  if changeset.isReload {
    return changeset.diff.isEmpty && changeset.patch.isEmpty ? [] : ["A reload carries no diff or patch"]
  }
  let diff = changeset.diff
  do {
    try changeset.validate(from: old)
  } catch {
    return ["Invalid diff \(diff) from \(old) to \(new): \(error)"]
  }
  var problems: [String] = []
  let replayed = old.applying(changeset.patch)
  if replayed != new {
    problems.append("Replaying the patch on \(old) gives \(replayed), not \(new)")
  }
  for index in diff.deletes where new.contains(old[index]) {
    problems.append("Deleted \(old[index]) is still there")
  }
  for index in diff.inserts where old.contains(new[index]) {
    problems.append("Inserted \(new[index]) was there")
  }
  for index in diff.updates where !new.contains(old[index]) {
    problems.append("Updated \(old[index]) is gone")
  }
  return problems
}

/// Checks that a dictionary changeset is a correct description of a change from `old`, reporting
/// each problem to the running test framework: its diff is valid for `old` and the new
/// dictionary (checked first), its patch replays, deleted keys are gone, inserted keys are new,
/// every key whose value changed is updated, and the counts add up. A reload must have an empty
/// diff and patch.
///
/// The diff's indices must be indices of `old` and of the new dictionary (or of copies of them),
/// as for sets.
///
/// - Returns: Whether the changeset passed every check.
@discardableResult
public func expectReplays<Key: Hashable, Value: Equatable>(
  _ changeset: UnorderedCollectionChangeset<[Key: Value]>,
  from old: [Key: Value],
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Bool {
  report(
    replayProblems(of: changeset, from: old),
    message(),
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// The XCTest-style spelling of `expectReplays(_:from:)` for dictionary changesets, with the same
/// checks and the same reporting.
public func assertReplays<Key: Hashable, Value: Equatable>(
  _ changeset: UnorderedCollectionChangeset<[Key: Value]>,
  from old: [Key: Value],
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  file: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  report(
    replayProblems(of: changeset, from: old),
    message(),
    CallSite(fileID: fileID, filePath: file, line: line, column: column)
  )
}

/// What is wrong with a dictionary changeset as a change from `old` (the checks of
/// `expectReplays`), returned instead of reported; empty when it is correct.
///
/// - Complexity: O(n + m + k log k) for dictionaries of n and m entries and k diff entries.
public func replayProblems<Key: Hashable, Value: Equatable>(
  of changeset: UnorderedCollectionChangeset<[Key: Value]>,
  from old: [Key: Value]
) -> [String] {
  let new = changeset.collection
  if changeset.isReload {
    return changeset.diff.isEmpty && changeset.patch.isEmpty ? [] : ["A reload carries no diff or patch"]
  }
  let diff = changeset.diff
  do {
    try changeset.validate(from: old)
  } catch {
    return ["Invalid diff \(diff) from \(old) to \(new): \(error)"]
  }
  var problems: [String] = []
  let replayed = old.applying(changeset.patch)
  if replayed != new {
    problems.append("Replaying the patch on \(old) gives \(replayed), not \(new)")
  }
  for index in diff.deletes where new[old[index].key] != nil {
    problems.append("Deleted key \(old[index].key) is still there")
  }
  for index in diff.inserts where old[new[index].key] != nil {
    problems.append("Inserted key \(new[index].key) was there")
  }
  let updatedKeys = Set(diff.updates.map { old[$0].key })
  for (key, value) in old {
    if let newValue = new[key], newValue != value, !updatedKeys.contains(key) {
      problems.append("Key \(key) changed value without an update")
    }
  }
  return problems
}
