import TetherChangesets
import XCTest

/// Asserts that an ordered changeset is a correct description of a change from `old`.
///
/// For a reload, checks that its diff and patch are empty (consumers just adopt the collection).
/// Otherwise checks that:
/// - applying the patch to `old` gives the changeset's collection;
/// - the diff passes ``ChangesetValidator`` for the old and new counts (so the counts add up);
/// - applying the diff in batch-update form to `old` (deletes and move sources in the old space,
///   inserts and move targets in the new space, inserted and updated values read from the new
///   collection) gives the changeset's collection;
/// - the patch derived from the diff replays too.
///
/// Failures are reported at `file` and `line` and include `message` (put the seed in it).
public func assertReplays<C: RangeReplaceableCollection>(
  _ changeset: OrderedCollectionChangeset<C>,
  from old: C,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) where C.Element: Equatable {
  let context = message().isEmpty ? "" : " [\(message())]"
  let new = Array(changeset.collection)
  if changeset.isReload {
    XCTAssert(
      changeset.diff.isEmpty && changeset.patch.isEmpty,
      "A reload carries no diff or patch\(context)",
      file: file,
      line: line
    )
    return
  }
  let oldArray = Array(old)
  let patch = changeset.patch
  do {
    try ChangesetValidator.validate(patch, sourceCount: oldArray.count)
    let replayed = oldArray.applying(patch)
    XCTAssert(
      replayed == new,
      "Replaying the patch \(patch) on \(oldArray) gives \(replayed), not \(new)\(context)",
      file: file,
      line: line
    )
  } catch {
    XCTFail("Invalid patch \(patch) on \(oldArray): \(error)\(context)", file: file, line: line)
  }
  let diff = changeset.diff
  do {
    try diff.validate(oldCount: oldArray.count, newCount: new.count)
  } catch {
    XCTFail("Invalid diff \(diff) from \(oldArray) to \(new): \(error)\(context)", file: file, line: line)
    return
  }
  let batch = batchApplying(diff, to: oldArray, reading: new)
  XCTAssert(
    batch == new,
    "Applying the diff \(diff) as a batch update to \(oldArray) gives \(batch), not \(new)\(context)",
    file: file,
    line: line
  )
  let derived = diff.generatePatch(to: new)
  let derivedReplay = oldArray.applying(derived)
  XCTAssert(
    derivedReplay == new,
    "The patch \(derived) derived from the diff \(diff) gives \(derivedReplay), not \(new)\(context)",
    file: file,
    line: line
  )
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

/// Asserts that a set changeset is a correct description of a change from `old`: its patch
/// replays, deletes and updates address `old`, inserts address the new set, deleted elements are
/// gone, inserted ones are new, and the counts add up. A reload must have an empty diff and patch.
public func assertReplays<Element: Hashable>(
  _ changeset: UnorderedCollectionChangeset<Set<Element>>,
  from old: Set<Element>,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  let context = message().isEmpty ? "" : " [\(message())]"
  let new = changeset.collection
  if changeset.isReload {
    XCTAssert(
      changeset.diff.isEmpty && changeset.patch.isEmpty,
      "A reload carries no diff or patch\(context)",
      file: file,
      line: line
    )
    return
  }
  XCTAssertEqual(old.applying(changeset.patch), new, "Replaying the patch\(context)", file: file, line: line)
  let diff = changeset.diff
  XCTAssertEqual(
    old.count - diff.deletes.count + diff.inserts.count,
    new.count,
    "Counts: \(old.count) - \(diff.deletes.count) + \(diff.inserts.count)\(context)",
    file: file,
    line: line
  )
  for index in diff.deletes {
    XCTAssertFalse(new.contains(old[index]), "Deleted \(old[index]) is still there\(context)", file: file, line: line)
  }
  for index in diff.inserts {
    XCTAssertFalse(old.contains(new[index]), "Inserted \(new[index]) was there\(context)", file: file, line: line)
  }
  for index in diff.updates {
    XCTAssert(new.contains(old[index]), "Updated \(old[index]) is gone\(context)", file: file, line: line)
  }
}

/// Asserts that a dictionary changeset is a correct description of a change from `old`: its patch
/// replays, deleted keys are gone, inserted keys are new, every key whose value changed is
/// updated, and the counts add up. A reload must have an empty diff and patch.
public func assertReplays<Key: Hashable, Value: Equatable>(
  _ changeset: UnorderedCollectionChangeset<[Key: Value]>,
  from old: [Key: Value],
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  let context = message().isEmpty ? "" : " [\(message())]"
  let new = changeset.collection
  if changeset.isReload {
    XCTAssert(
      changeset.diff.isEmpty && changeset.patch.isEmpty,
      "A reload carries no diff or patch\(context)",
      file: file,
      line: line
    )
    return
  }
  XCTAssertEqual(old.applying(changeset.patch), new, "Replaying the patch\(context)", file: file, line: line)
  let diff = changeset.diff
  XCTAssertEqual(
    old.count - diff.deletes.count + diff.inserts.count,
    new.count,
    "Counts: \(old.count) - \(diff.deletes.count) + \(diff.inserts.count)\(context)",
    file: file,
    line: line
  )
  for index in diff.deletes {
    XCTAssertNil(new[old[index].key], "Deleted key \(old[index].key) is still there\(context)", file: file, line: line)
  }
  for index in diff.inserts {
    XCTAssertNil(old[new[index].key], "Inserted key \(new[index].key) was there\(context)", file: file, line: line)
  }
  let updatedKeys = Set(diff.updates.map { old[$0].key })
  for (key, value) in old {
    if let newValue = new[key], newValue != value {
      XCTAssert(
        updatedKeys.contains(key), "Key \(key) changed value without an update\(context)", file: file, line: line)
    }
  }
}
