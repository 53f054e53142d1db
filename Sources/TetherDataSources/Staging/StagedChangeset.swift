import Foundation
import TetherChangesets

/// A sectioned diff split into stages that a `UITableView` can each apply as one batch, like
/// DifferenceKit's `StagedChangeset`.
///
/// Some diffs are correct but cannot be applied in one batch update:
/// - a row both moved and updated (UIKit refuses to move and reload one row at once): the row is
///   moved first, then reloaded at its new place in a second stage;
/// - rows moved within or into or out of a section that itself moves;
/// - rows moved out of a deleted section, or into an inserted one (tree changesets of an
///   ``Array2D`` produce these);
/// - a section updated while it moves or while its rows change (a 2D array's section whose
///   metadata changed, Epoxy's updated sections): the section update is a refresh of the section's
///   own content, so its row changes are kept, and the section is reloaded in a last stage of its
///   own, after every other change, so the row animations are not lost.
///
/// For rows moved with or across changed sections the changeset has up to four stages: (1) row
/// deletes and reloads, (2) section deletes, inserts and moves, (3) row inserts and moves, (4)
/// deletes of sections emptied by stage 3 and reloads of moved rows; then the deferred section
/// reloads. Empty stages are left out. Every other diff is one stage, the diff itself.
///
/// Between stages the view must see intermediate data: in the four-stage plan each stage but the
/// last has ``Stage/sections``, the sections after it, whose headers and rows are each read from the
/// collection before the change (``Row/source(_:)``) or the final one (``Row/target(_:)``). The
/// sectioned binder serves them as its data while a stage runs. A stage whose ``Stage/sections`` is
/// `nil` leaves the final collection's layout, so only reloads can follow it: the last stage always,
/// the stage before deferred section reloads, and the first stage of the two-stage split of
/// moved-and-updated rows (its moves already put every row where the final collection has it).
///
/// ```swift
/// let staged = try StagedChangeset(diff: diff, oldItemCounts: [3, 2], newItemCounts: [2, 3])
/// for stage in staged.stages { tableView.performBatchUpdates { apply(stage.diff) } }
/// ```
public struct StagedChangeset: Equatable, Sendable {
  /// Where a row of an intermediate state gets its content.
  public enum Row: Hashable, Sendable {
    /// The item at this index path of the collection before the change (a row a later stage deletes).
    case source(IndexPath)
    /// The item at this index path of the final collection.
    case target(IndexPath)
  }

  /// One section of an intermediate state: where its header and each of its rows come from.
  public struct Section: Hashable, Sendable {
    /// The section whose header this section shows: `.source([i])` or `.target([j])`.
    public let origin: Row
    /// Where each row's content comes from.
    public let rows: [Row]

    /// Creates a section.
    public init(origin: Row, rows: [Row]) {
      self.origin = origin
      self.rows = rows
    }
  }

  /// One batch update.
  public struct Stage: Equatable, Sendable {
    /// The batch, in the index spaces of the state before this stage and the state after it.
    public let diff: OrderedCollectionDiff<IndexPath>

    /// The sections after this stage, or `nil` when they are the final collection's.
    public let sections: [Section]?

    /// Creates a stage.
    public init(diff: OrderedCollectionDiff<IndexPath>, sections: [Section]?) {
      self.diff = diff
      self.sections = sections
    }
  }

  /// The stages, to apply in order (at least one, possibly with an empty diff).
  public let stages: [Stage]

  /// Whether the diff needed more than one stage.
  public var isStaged: Bool { stages.count > 1 }

  /// Splits `diff`, a change from sections holding `oldItemCounts` items to sections holding
  /// `newItemCounts`, into stages that are each a valid single batch.
  ///
  /// Every stage is checked with ``ChangesetValidator`` (moved-and-updated rows not allowed), so a
  /// successful result is safe to apply.
  ///
  /// - Throws: The problem found when `diff` is not a valid change between those counts, even
  ///   allowing the cases above.
  /// - Complexity: O(k log k + s) for a diff of k entries over s sections when one stage is enough;
  ///   O(n + k log k) for n rows otherwise.
  public init(
    diff: OrderedCollectionDiff<IndexPath>,
    oldItemCounts: [Int],
    newItemCounts: [Int]
  ) throws(ChangesetValidationError) {
    var parts = try SectionedDiffParts(diff, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
    var diff = diff
    let deferredReloads = parts.deferReloadsOfChangedSections()
    if !deferredReloads.isEmpty {
      diff = parts.diff
    }
    var planned: [Stage]
    switch Self.trouble(in: parts) {
    case .none:
      planned = [Stage(diff: diff, sections: nil)]
    case .movedAndUpdatedRows:
      planned = Self.splitReloadsOfMovedRows(diff, parts: parts)
    case .rowMovesAcrossChangedSections:
      planned = try StagePlanner(parts: parts).stages()
    }
    if !deferredReloads.isEmpty {
      planned.append(Stage(diff: OrderedCollectionDiff(updates: deferredReloads.map { [$0] }), sections: nil))
    }
    try Self.check(planned, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
    stages = planned
  }

  /// What keeps a diff from being one batch.
  enum Trouble {
    case none
    case movedAndUpdatedRows
    case rowMovesAcrossChangedSections
  }

  static func trouble(in parts: SectionedDiffParts) -> Trouble {
    if parts.sectionMoves.contains(where: { parts.sectionUpdates.contains($0.from) }) {
      return .rowMovesAcrossChangedSections
    }
    guard !parts.itemMoves.isEmpty else { return .none }
    let moved = parts.movedSections
    for move in parts.itemMoves {
      let (source, target) = (move.from[0], move.to[0])
      if moved.sources.contains(source) || moved.targets.contains(target) || !parts.persists(oldSection: source)
        || parts.persistingOrigin(ofFinalSection: target) == nil
      {
        return .rowMovesAcrossChangedSections
      }
    }
    return parts.itemMoves.contains { parts.itemUpdates.contains($0.from) } ? .movedAndUpdatedRows : .none
  }

  /// Moves (and everything else) first, then the reloads of moved rows at their new places.
  private static func splitReloadsOfMovedRows(
    _ diff: OrderedCollectionDiff<IndexPath>,
    parts: SectionedDiffParts
  ) -> [Stage] {
    let targetOfSource = Dictionary(uniqueKeysWithValues: parts.itemMoves.map { ($0.from, $0.to) })
    var first = diff
    first.updates = diff.updates.filter { targetOfSource[$0] == nil }
    let reloads = diff.updates.compactMap { targetOfSource[$0] }.sorted { $0.lexicographicallyPrecedes($1) }
    return [Stage(diff: first, sections: nil), Stage(diff: OrderedCollectionDiff(updates: reloads), sections: nil)]
  }

  private static func check(
    _ stages: [Stage],
    oldItemCounts: [Int],
    newItemCounts: [Int]
  ) throws(ChangesetValidationError) {
    var before = oldItemCounts
    for stage in stages {
      let after = stage.sections?.map(\.rows.count) ?? newItemCounts
      try ChangesetValidator.validate(
        stage.diff,
        oldItemCounts: before,
        newItemCounts: after,
        allowsMovedAndUpdated: false
      )
      before = after
    }
  }
}
