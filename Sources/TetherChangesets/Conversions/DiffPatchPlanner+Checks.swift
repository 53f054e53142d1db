extension DiffPatchPlanner {
  /// Throws the first reason the diff is not a valid change to `finalCount` elements (the rules of
  /// ``ChangesetValidator``; the counts add up by construction, the source count being derived from
  /// them), so that a bad diff never becomes a silently wrong patch. Every array is sorted.
  ///
  /// - Complexity: O(k) for a diff with k entries.
  func check(
    deletes: [Int], inserts: [Int], updates: [Int], moveSources sources: [Int], moveTargets targets: [Int]
  ) throws(ChangesetValidationError) {
    let sourceCount = finalCount - inserts.count + deletes.count
    if sourceCount < 0 {
      throw .countMismatch(
        scope: .elements, oldCount: sourceCount, inserted: inserts.count, deleted: deletes.count, movedIn: 0,
        movedOut: 0, newCount: finalCount)
    }
    try Self.checkSorted(deletes, .delete, count: sourceCount)
    try Self.checkSorted(updates, .update, count: sourceCount)
    try Self.checkSorted(sources, .moveSource, count: sourceCount)
    try Self.checkSorted(inserts, .insert, count: finalCount)
    try Self.checkSorted(targets, .moveTarget, count: finalCount)
    try Self.checkDisjoint(deletes, .delete, updates, .update)
    try Self.checkDisjoint(deletes, .delete, sources, .moveSource)
    try Self.checkDisjoint(inserts, .insert, targets, .moveTarget)
  }

  /// Throws if a sorted array leaves `0..<count` or lists an index twice.
  private static func checkSorted(
    _ values: [Int], _ change: ChangesetValidationError.Change, count: Int
  ) throws(ChangesetValidationError) {
    guard let first = values.first, let last = values.last else { return }
    if first < 0 { throw .indexOutOfRange(change: change, location: .index(first), count: count) }
    if last >= count { throw .indexOutOfRange(change: change, location: .index(last), count: count) }
    for (previous, next) in zip(values, values.dropFirst()) where previous == next {
      throw .duplicateIndex(change: change, location: .index(next))
    }
  }

  /// Throws if two sorted arrays share an index.
  private static func checkDisjoint(
    _ left: [Int], _ leftChange: ChangesetValidationError.Change,
    _ right: [Int], _ rightChange: ChangesetValidationError.Change
  ) throws(ChangesetValidationError) {
    var (i, j) = (0, 0)
    while i < left.count && j < right.count {
      if left[i] == right[j] {
        throw .conflictingChanges(location: .index(left[i]), first: leftChange, second: rightChange)
      }
      if left[i] < right[j] { i += 1 } else { j += 1 }
    }
  }
}
