import Foundation
import TetherChangesets

extension OrderedCollectionDiff where Index == IndexPath {
  /// The part of a tree diff a two-level (sectioned) view shows: sections (paths of length 1) and
  /// items (length 2).
  ///
  /// Changes below the items are dropped, since a sectioned view shows an item's value, not its
  /// children. A move between a shown level and a hidden one, or between the section and the item
  /// level, becomes a delete of what was shown and an insert of what is shown now; item deletes and
  /// updates in a section that is deleted, and item inserts in a section that is inserted, are then
  /// dropped (the section change covers them).
  ///
  /// ```swift
  /// OrderedCollectionDiff<IndexPath>(deletes: [[0, 1, 2]], moves: [(from: [0, 0, 1], to: [1, 0])])
  ///   .projectedToSections()  // inserts [[1, 0]]
  /// ```
  ///
  /// - Complexity: O(k) for a diff of k entries; O(1) when every path is already of length 1 or 2.
  public func projectedToSections() -> Self {
    let shown = { (path: IndexPath) in path.count == 1 || path.count == 2 }
    let isShallow =
      inserts.allSatisfy(shown) && deletes.allSatisfy(shown) && updates.allSatisfy(shown)
      && moves.allSatisfy { shown($0.from) && $0.from.count == $0.to.count }
    if isShallow { return self }
    var projected = Self(
      inserts: inserts.filter(shown),
      deletes: deletes.filter(shown),
      updates: updates.filter(shown)
    )
    for move in moves {
      switch (shown(move.from), shown(move.to)) {
      case (true, true) where move.from.count == move.to.count: projected.moves.append(move)
      case (true, true):
        projected.deletes.append(move.from)
        projected.inserts.append(move.to)
      case (true, false): projected.deletes.append(move.from)
      case (false, true): projected.inserts.append(move.to)
      case (false, false): break
      }
    }
    // An updated node moved out of sight is now just deleted.
    let deleted = Set(projected.deletes)
    projected.updates.removeAll { deleted.contains($0) }
    let deletedSections = Set(projected.deletes.lazy.filter { $0.count == 1 }.map { $0[0] })
    let insertedSections = Set(projected.inserts.lazy.filter { $0.count == 1 }.map { $0[0] })
    if !deletedSections.isEmpty {
      projected.deletes.removeAll { $0.count == 2 && deletedSections.contains($0[0]) }
      // An updated row moved out of a deleted section survives, and so does its update.
      let moved = Set(projected.moves.lazy.map(\.from))
      projected.updates.removeAll { $0.count == 2 && deletedSections.contains($0[0]) && !moved.contains($0) }
    }
    if !insertedSections.isEmpty {
      projected.inserts.removeAll { $0.count == 2 && insertedSections.contains($0[0]) }
    }
    return projected
  }
}
