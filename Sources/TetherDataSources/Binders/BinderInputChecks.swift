import Foundation
import TetherChangesets

/// A sectioned changeset that can check the form it was created with against the collection a
/// binder shows, so that the binder reads its diff only when deriving it cannot trap (a diff derived
/// from a patch trusts the patch).
package protocol SectionedGivenFormChecking {
  /// Throws if this changeset was made from a patch that is not valid on `previous` (the binder's
  /// collection, of this changeset's collection type); does nothing for a changeset made from a
  /// diff, which the binder validates itself.
  func checkDiffDerivation(from previous: Any) throws(ChangesetValidationError)
}

extension TreeChangeset: SectionedGivenFormChecking where Tree: SectionedDataSourceProtocol {
  package func checkDiffDerivation(from previous: Any) throws(ChangesetValidationError) {
    guard givenForms == .patch else { return }
    guard !(Tree.self is AnyObject.Type), let previous = previous as? Tree else {
      // An object tree's changesets share its live nodes: there is no earlier tree to check against.
      // Deriving the diff still relies on every path being a non-empty list of non-negative indices.
      try checkPatchPathsAreWellFormed()
      return
    }
    do {
      try TreeChangesetValidator.validate(patch, on: previous)
    } catch {
      throw ChangesetValidationError(error)
    }
  }
}

extension TreeChangeset {
  /// Throws unless every path of the patch is non-empty and has no negative index: what deriving
  /// the diff needs when there is no earlier tree to check the patch against.
  ///
  /// - Complexity: O(k d) for k operations on paths of length at most d.
  fileprivate func checkPatchPathsAreWellFormed() throws(ChangesetValidationError) {
    func check(_ path: IndexPath, _ change: ChangesetValidationError.Change) throws(ChangesetValidationError) {
      guard !path.isEmpty, path.allSatisfy({ $0 >= 0 }) else {
        throw .malformedIndexPath(change: change, path: Array(path))
      }
    }
    for operation in patch {
      switch operation {
      case .insert(_, let path): try check(path, .insert)
      case .delete(let path): try check(path, .delete)
      case .update(let path, _): try check(path, .update)
      case .move(let from, let to):
        try check(from, .moveSource)
        try check(to, .moveTarget)
      }
    }
  }
}

/// The steps of `patch`, in order: `patch.map { $0.step }`, read through the array's buffer.
///
/// A binder's changeset type is generic, so `map` runs unspecialized there, and its element reads
/// go through the array's `read` accessor, whose coroutine frame is allocated per element; the
/// buffer's elements are read in place instead.
///
/// - Complexity: O(k) for k operations.
func flatSteps<Operation: PatchStepConvertible>(of patch: [Operation]) -> [PatchStep<Int>]
where Operation.Index == Int {
  patch.withUnsafeBufferPointer { buffer in
    var steps: [PatchStep<Int>] = []
    steps.reserveCapacity(buffer.count)
    var position = 0
    while position < buffer.count {
      steps.append(buffer[position].step)
      position += 1
    }
    return steps
  }
}

/// Checks that the steps of `patch` are valid one after another on `oldCount` rows and end at
/// `newCount`: `validateFlatSteps(flatSteps(of: patch), from:to:)`, without building the steps of
/// a valid patch (the common case); an invalid one gets that function's error.
///
/// - Complexity: O(k) for k operations.
func validateFlatPatch<Operation: PatchStepConvertible>(
  _ patch: [Operation],
  from oldCount: Int,
  to newCount: Int
) throws(ChangesetValidationError) where Operation.Index == Int {
  let isValid = patch.withUnsafeBufferPointer { buffer in
    var running = oldCount
    var position = 0
    while position < buffer.count {
      guard let next = validFlatStep(buffer[position].step, on: running) else { return false }
      running = next
      position += 1
    }
    return running == newCount
  }
  if !isValid { try validateFlatSteps(flatSteps(of: patch), from: oldCount, to: newCount) }
}

/// The row count after `step` when it is valid on `count` rows, else `nil`: the checks of
/// `ChangesetValidator.validate(_:sourceCount:)` for one step.
@inline(__always)
private func validFlatStep(_ step: PatchStep<Int>, on count: Int) -> Int? {
  switch step {
  case .insert(let index): index >= 0 && index <= count ? count + 1 : nil
  case .delete(let index): index >= 0 && index < count ? count - 1 : nil
  case .update(let index): index >= 0 && index < count ? count : nil
  case .move(let from, let to): from >= 0 && from < count && to >= 0 && to < count ? count : nil
  }
}

/// Checks that `steps` are valid one after another on `oldCount` rows and end at `newCount`.
///
/// - Complexity: O(k) for k steps.
func validateFlatSteps(_ steps: [PatchStep<Int>], from oldCount: Int, to newCount: Int) throws(ChangesetValidationError)
{
  // Fast path: the same checks as `ChangesetValidator.validate(_:sourceCount:)` and the count
  // check below, in one loop over the steps with no intermediate patch. Only a patch that fails
  // them takes the general path, which throws the error it always threw; a valid one is accepted
  // by both.
  var running: Int? = oldCount
  for step in steps {
    guard let count = running else { break }
    running = validFlatStep(step, on: count)
  }
  if running == newCount { return }
  let positions = steps.map { step -> OrderedCollectionOperation<Void, Int> in
    switch step {
    case .insert(let index): .insert((), at: index)
    case .delete(let index): .delete(at: index)
    case .update(let index): .update(at: index, newElement: ())
    case .move(let from, let to): .move(from: from, to: to)
    }
  }
  let count = try ChangesetValidator.validate(positions, sourceCount: oldCount)
  guard count == newCount else {
    let inserted = steps.count { if case .insert = $0 { true } else { false } }
    let deleted = steps.count { if case .delete = $0 { true } else { false } }
    throw .countMismatch(
      scope: .elements, oldCount: oldCount, inserted: inserted, deleted: deleted, movedIn: 0, movedOut: 0,
      newCount: newCount)
  }
}

extension ChangesetValidationError {
  /// A tree problem in the terms of a sectioned view (paths of length 1 are sections, 2 items).
  init(_ error: TreeChangesetValidationError) {
    func location(_ path: IndexPath) -> Location {
      switch path.count {
      case 0: .index(0)
      case 1: .section(path[0])
      default: .item(path[1], section: path[0])
      }
    }
    func scope(_ source: IndexPath, _ final: IndexPath) -> Scope {
      source.isEmpty || final.isEmpty ? .sections : .items(section: source[0], newSection: final[0])
    }
    switch error {
    case .emptyIndexPath(let change):
      self = .malformedIndexPath(change: change, path: [])
    case .indexOutOfRange(let change, let path, let depth, let childCount):
      self = .indexOutOfRange(change: change, location: location(path.prefix(depth + 1)), count: childCount)
    case .duplicateIndexPath(let change, let path):
      self = .duplicateIndex(change: change, location: location(path))
    case .conflictingChanges(let path, let first, let second):
      self = .conflictingChanges(location: location(path), first: first, second: second)
    case .insideDeletedSubtree(let change, let path, _):
      self = .itemInChangedSection(change: change, location: location(path), sectionChange: .delete)
    case .insideInsertedSubtree(let change, let path, _):
      self = .itemInChangedSection(change: change, location: location(path), sectionChange: .insert)
    case .countMismatch(
      let source, let final, let oldCount, let inserted, let deleted, let movedIn, let movedOut, let newCount):
      self = .countMismatch(
        scope: scope(source, final), oldCount: oldCount, inserted: inserted, deleted: deleted, movedIn: movedIn,
        movedOut: movedOut, newCount: newCount)
    case .shapeMismatch(let path, let actualCount, let expectedCount):
      self = .countMismatch(
        scope: scope(path, path), oldCount: actualCount, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0,
        newCount: expectedCount)
    case .patchIndexOutOfRange(let step, let change, let path, let depth, let childCount):
      self = .patchIndexOutOfRange(step: step, change: change, index: path[depth], count: childCount)
    }
  }
}
