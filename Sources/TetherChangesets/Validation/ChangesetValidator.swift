/// Checks that diffs and patches describe a change that can really happen, before an adapter (or a
/// `UITableView`) sees them.
///
/// A diff is valid when every entry is in range for its index space (deletes, updates and move
/// sources in the source collection; inserts and move targets in the final one), no location is
/// listed twice in one index space (except an element both moved and updated, when allowed), and
/// the counts add up. Such a diff always has exactly one batch-update meaning.
///
/// Every function throws the first problem it finds, as a ``ChangesetValidationError``.
public enum ChangesetValidator {
  /// Validates a diff of a flat collection that had `oldCount` elements and now has `newCount`.
  ///
  /// - Parameter allowsMovedAndUpdated: Whether an element may be both moved and updated (Tether's
  ///   normalization, see ``OrderedCollectionChangeset``). Pass `false` for a consumer that cannot
  ///   split such a change (UIKit rejects reloading and moving the same row in one batch).
  /// - Complexity: O(k log k) for a diff with k entries.
  public static func validate(
    _ diff: OrderedCollectionDiff<Int>,
    oldCount: Int,
    newCount: Int,
    allowsMovedAndUpdated: Bool = true
  ) throws(ChangesetValidationError) {
    try validateFlat(
      diff,
      oldCount: oldCount,
      newCount: newCount,
      allowsMovedAndUpdated: allowsMovedAndUpdated,
      scope: .elements,
      location: { .index($0) }
    )
  }

  /// Validates a patch on a collection of `sourceCount` elements: each operation's offsets must be
  /// in range for the state right before it.
  ///
  /// - Returns: The number of elements after the patch.
  /// - Complexity: O(k) for k operations.
  @discardableResult
  public static func validate<Element>(
    _ patch: [OrderedCollectionOperation<Element, Int>],
    sourceCount: Int
  ) throws(ChangesetValidationError) -> Int {
    var count = sourceCount
    for (step, operation) in patch.enumerated() {
      func check(_ index: Int, _ change: ChangesetValidationError.Change, limit: Int) throws(ChangesetValidationError) {
        if index < 0 || index >= limit {
          throw .patchIndexOutOfRange(step: step, change: change, index: index, count: count)
        }
      }
      switch operation {
      case .insert(_, let index):
        try check(index, .insert, limit: count + 1)
        count += 1
      case .delete(let index):
        try check(index, .delete, limit: count)
        count -= 1
      case .update(let index, _):
        try check(index, .update, limit: count)
      case .move(let from, let to):
        try check(from, .moveSource, limit: count)
        try check(to, .moveTarget, limit: count)
      }
    }
    return count
  }

  static func validateFlat(
    _ diff: OrderedCollectionDiff<Int>,
    oldCount: Int,
    newCount: Int,
    allowsMovedAndUpdated: Bool,
    scope: ChangesetValidationError.Scope,
    location: (Int) -> ChangesetValidationError.Location
  ) throws(ChangesetValidationError) {
    var sources: [Entry] = []
    sources.reserveCapacity(diff.deletes.count + diff.updates.count + diff.moves.count)
    for index in diff.deletes { sources.append(Entry(index: index, change: .delete)) }
    for index in diff.updates { sources.append(Entry(index: index, change: .update)) }
    for move in diff.moves { sources.append(Entry(index: move.from, change: .moveSource)) }
    var targets: [Entry] = []
    targets.reserveCapacity(diff.inserts.count + diff.moves.count)
    for index in diff.inserts { targets.append(Entry(index: index, change: .insert)) }
    for move in diff.moves { targets.append(Entry(index: move.to, change: .moveTarget)) }

    for entry in sources where entry.index < 0 || entry.index >= oldCount {
      throw .indexOutOfRange(change: entry.change, location: location(entry.index), count: oldCount)
    }
    for entry in targets where entry.index < 0 || entry.index >= newCount {
      throw .indexOutOfRange(change: entry.change, location: location(entry.index), count: newCount)
    }
    try checkDistinct(sources, allowsMovedAndUpdated: allowsMovedAndUpdated, location: location)
    try checkDistinct(targets, allowsMovedAndUpdated: allowsMovedAndUpdated, location: location)
    if oldCount - diff.deletes.count + diff.inserts.count != newCount {
      throw .countMismatch(
        scope: scope,
        oldCount: oldCount,
        inserted: diff.inserts.count,
        deleted: diff.deletes.count,
        movedIn: 0,
        movedOut: 0,
        newCount: newCount
      )
    }
  }

  /// One entry of a diff in one index space; `index` is an offset or a flattened position.
  struct Entry {
    var index: Int
    var change: ChangesetValidationError.Change

    var rank: Int {
      switch change {
      case .delete, .insert: 0
      case .update, .moveTarget: 1
      case .moveSource: 2
      }
    }
  }

  /// Throws if two entries share an index, unless they are an update and a move source and those
  /// are allowed together.
  static func checkDistinct(
    _ entries: [Entry],
    allowsMovedAndUpdated: Bool,
    location: (Int) -> ChangesetValidationError.Location
  ) throws(ChangesetValidationError) {
    if entries.count < 2 { return }
    let sorted = entries.sorted { ($0.index, $0.rank) < ($1.index, $1.rank) }
    for (first, second) in zip(sorted, sorted.dropFirst()) where first.index == second.index {
      if first.change == second.change {
        throw .duplicateIndex(change: first.change, location: location(first.index))
      }
      if allowsMovedAndUpdated && first.change == .update && second.change == .moveSource { continue }
      throw .conflictingChanges(location: location(first.index), first: first.change, second: second.change)
    }
  }
}

extension OrderedCollectionDiff where Index == Int {
  /// Throws if this diff cannot describe a change from `oldCount` to `newCount` elements.
  ///
  /// Same as ``ChangesetValidator/validate(_:oldCount:newCount:allowsMovedAndUpdated:)``.
  ///
  /// - Complexity: O(k log k) for a diff with k entries.
  public func validate(
    oldCount: Int,
    newCount: Int,
    allowsMovedAndUpdated: Bool = true
  ) throws(ChangesetValidationError) {
    try ChangesetValidator.validate(
      self,
      oldCount: oldCount,
      newCount: newCount,
      allowsMovedAndUpdated: allowsMovedAndUpdated
    )
  }
}
