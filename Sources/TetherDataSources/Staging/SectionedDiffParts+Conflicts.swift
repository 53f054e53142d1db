import Foundation
import TetherChangesets

extension SectionedDiffParts {
  /// Throws if two item entries address the same row in one index space: a row deleted and updated,
  /// deleted and moved, moved twice, or a final row both inserted and a move target, or the target
  /// of two moves. (A row moved and updated is allowed: it is staged.) Planning trusts these.
  ///
  /// - Complexity: O(k) for k item entries.
  func checkItemConflicts() throws(ChangesetValidationError) {
    for path in itemDeletes where itemUpdates.contains(path) {
      throw .conflictingChanges(location: path.location, first: .delete, second: .update)
    }
    var sources = Set<IndexPath>(minimumCapacity: itemMoves.count)
    var targets = Set<IndexPath>(minimumCapacity: itemMoves.count)
    for move in itemMoves {
      if itemDeletes.contains(move.from) {
        throw .conflictingChanges(location: move.from.location, first: .delete, second: .moveSource)
      }
      if !sources.insert(move.from).inserted {
        throw .duplicateIndex(change: .moveSource, location: move.from.location)
      }
      if itemInserts.contains(move.to) {
        throw .conflictingChanges(location: move.to.location, first: .insert, second: .moveTarget)
      }
      if !targets.insert(move.to).inserted { throw .duplicateIndex(change: .moveTarget, location: move.to.location) }
    }
    for section in sectionDeletes where sectionUpdates.contains(section) {
      throw .conflictingChanges(location: .section(section), first: .delete, second: .update)
    }
  }
}
