import Foundation

extension ChangesetValidator {
  /// Validates a sectioned diff, given the number of items in each section before and after the
  /// change.
  ///
  /// Section entries are index paths of length 1, item entries of length 2 (Tether's convention). On
  /// top of the flat rules applied to the sections and to the items:
  /// - item deletes, updates and move sources may not address a section that is deleted or
  ///   reloaded (updated), and item inserts and move targets may not address a section that is
  ///   inserted or reloaded: those sections' items come from the data source as a whole;
  /// - an item may not move out of a section that moves, nor into the place of a moved section
  ///   (a move within a moved section included): UIKit does not move rows and their sections in
  ///   one batch. `StagedChangeset` splits such diffs;
  /// - every surviving section's items add up: its old count, minus its deletes and the items moved
  ///   out of it, plus its inserts and the items moved into it, is its new count. A move between
  ///   two places of the same section (after section moves) counts as neither.
  ///
  /// With `allowsMovedAndUpdated: false` these are exactly the rules of one `UITableView` batch
  /// update, the ones ``BatchUpdateValidatingView`` enforces: a diff passes if and only if the view
  /// accepts it as one batch. The default also allows an item or a section both moved and updated
  /// (Tether's normalization), which a binder splits into two batches.
  ///
  /// - Parameters:
  ///   - oldItemCounts: The number of items in each section before the change.
  ///   - newItemCounts: The number of items in each section after the change.
  ///   - allowsMovedAndUpdated: Whether an item or a section may be both moved and updated.
  /// - Complexity: O(k log k + s) for a diff with k entries over s sections.
  public static func validate(
    _ diff: OrderedCollectionDiff<IndexPath>,
    oldItemCounts: [Int],
    newItemCounts: [Int],
    allowsMovedAndUpdated: Bool = true
  ) throws(ChangesetValidationError) {
    let parts = try SectionedParts(diff)
    let oldSectionCount = oldItemCounts.count
    let newSectionCount = newItemCounts.count
    try validateFlat(
      parts.sections,
      oldCount: oldSectionCount,
      newCount: newSectionCount,
      allowsMovedAndUpdated: allowsMovedAndUpdated,
      scope: .sections,
      location: { .section($0) }
    )

    // Where each old section goes: -1 when deleted or reloaded.
    var removedChange = [ChangesetValidationError.Change?](repeating: nil, count: oldSectionCount)
    for section in parts.sections.deletes { removedChange[section] = .delete }
    for section in parts.sections.updates { removedChange[section] = .update }
    let survivors = (0..<oldSectionCount).filter { removedChange[$0] != .delete }
    var newSectionOf = [Int](repeating: -1, count: oldSectionCount)
    var oldSectionOf = [Int](repeating: -1, count: newSectionCount)
    for (old, new) in zip(survivors, DiffPatchPlanner.finalOffsets(of: survivors, in: parts.sections)) {
      newSectionOf[old] = new
      oldSectionOf[new] = old
    }

    var movedOld = [Bool](repeating: false, count: oldSectionCount)
    var movedNew = [Bool](repeating: false, count: newSectionCount)
    for move in parts.sections.moves {
      movedOld[move.from] = true
      movedNew[move.to] = true
    }

    let oldSpace = FlatSpace(counts: oldItemCounts)
    let newSpace = FlatSpace(counts: newItemCounts)
    var sources: [Entry] = []
    var targets: [Entry] = []
    for (item, change) in parts.sourceItems {
      let (section, row) = item
      guard section >= 0, section < oldSectionCount else {
        throw .sectionOutOfRange(change: change, location: .item(row, section: section), sectionCount: oldSectionCount)
      }
      if let sectionChange = removedChange[section] {
        throw .itemInChangedSection(
          change: change, location: .item(row, section: section), sectionChange: sectionChange)
      }
      guard row >= 0, row < oldItemCounts[section] else {
        throw .indexOutOfRange(change: change, location: .item(row, section: section), count: oldItemCounts[section])
      }
      if change == .moveSource && movedOld[section] {
        throw .itemInChangedSection(change: change, location: .item(row, section: section), sectionChange: .moveSource)
      }
      sources.append(Entry(index: oldSpace.flatten(section, row), change: change))
    }
    for (item, change) in parts.targetItems {
      let (section, row) = item
      guard section >= 0, section < newSectionCount else {
        throw .sectionOutOfRange(change: change, location: .item(row, section: section), sectionCount: newSectionCount)
      }
      let origin = oldSectionOf[section]
      if origin < 0 {
        throw .itemInChangedSection(change: change, location: .item(row, section: section), sectionChange: .insert)
      }
      if let sectionChange = removedChange[origin] {
        throw .itemInChangedSection(
          change: change, location: .item(row, section: section), sectionChange: sectionChange)
      }
      guard row >= 0, row < newItemCounts[section] else {
        throw .indexOutOfRange(change: change, location: .item(row, section: section), count: newItemCounts[section])
      }
      if change == .moveTarget && movedNew[section] {
        throw .itemInChangedSection(change: change, location: .item(row, section: section), sectionChange: .moveTarget)
      }
      targets.append(Entry(index: newSpace.flatten(section, row), change: change))
    }
    try checkDistinct(sources, allowsMovedAndUpdated: allowsMovedAndUpdated, location: oldSpace.location)
    try checkDistinct(targets, allowsMovedAndUpdated: allowsMovedAndUpdated, location: newSpace.location)

    var deleted = [Int](repeating: 0, count: oldSectionCount)
    var movedOut = [Int](repeating: 0, count: oldSectionCount)
    var inserted = [Int](repeating: 0, count: newSectionCount)
    var movedIn = [Int](repeating: 0, count: newSectionCount)
    for path in parts.itemDeletes { deleted[path.section] += 1 }
    for path in parts.itemInserts { inserted[path.section] += 1 }
    for (from, to) in parts.itemMoves where newSectionOf[from.section] != to.section {
      movedOut[from.section] += 1
      movedIn[to.section] += 1
    }
    for old in 0..<oldSectionCount where removedChange[old] == nil {
      let new = newSectionOf[old]
      let expected = oldItemCounts[old] - deleted[old] - movedOut[old] + inserted[new] + movedIn[new]
      if expected != newItemCounts[new] {
        throw .countMismatch(
          scope: .items(section: old, newSection: new),
          oldCount: oldItemCounts[old],
          inserted: inserted[new],
          deleted: deleted[old],
          movedIn: movedIn[new],
          movedOut: movedOut[old],
          newCount: newItemCounts[new]
        )
      }
    }
  }
}

extension OrderedCollectionDiff where Index == IndexPath {
  /// Throws if this sectioned diff cannot describe a change between sections holding
  /// `oldItemCounts` and `newItemCounts` items.
  ///
  /// Same as ``ChangesetValidator/validate(_:oldItemCounts:newItemCounts:allowsMovedAndUpdated:)``.
  ///
  /// - Complexity: O(k log k + s) for a diff with k entries over s sections.
  public func validate(
    oldItemCounts: [Int],
    newItemCounts: [Int],
    allowsMovedAndUpdated: Bool = true
  ) throws(ChangesetValidationError) {
    try ChangesetValidator.validate(
      self,
      oldItemCounts: oldItemCounts,
      newItemCounts: newItemCounts,
      allowsMovedAndUpdated: allowsMovedAndUpdated
    )
  }
}

/// A sectioned diff split into its section entries and its item entries.
private struct SectionedParts {
  typealias Item = (section: Int, item: Int)

  var sections = OrderedCollectionDiff<Int>()
  var itemDeletes: [Item] = []
  var itemInserts: [Item] = []
  var itemUpdates: [Item] = []
  var itemMoves: [(from: Item, to: Item)] = []

  init(_ diff: OrderedCollectionDiff<IndexPath>) throws(ChangesetValidationError) {
    for path in diff.deletes {
      switch try Self.classify(path, .delete) {
      case .section(let section): sections.deletes.append(section)
      case .item(let item): itemDeletes.append(item)
      }
    }
    for path in diff.updates {
      switch try Self.classify(path, .update) {
      case .section(let section): sections.updates.append(section)
      case .item(let item): itemUpdates.append(item)
      }
    }
    for path in diff.inserts {
      switch try Self.classify(path, .insert) {
      case .section(let section): sections.inserts.append(section)
      case .item(let item): itemInserts.append(item)
      }
    }
    for move in diff.moves {
      let from = try Self.classify(move.from, .moveSource)
      let to = try Self.classify(move.to, .moveTarget)
      switch (from, to) {
      case (.section(let source), .section(let target)):
        sections.moves.append((from: source, to: target))
      case (.item(let source), .item(let target)):
        itemMoves.append((from: source, to: target))
      default:
        // A move between a section and an item has no meaning: report the target's shape.
        throw .malformedIndexPath(change: .moveTarget, path: Array(move.to))
      }
    }
  }

  var sourceItems: [(Item, ChangesetValidationError.Change)] {
    itemDeletes.map { ($0, .delete) } + itemUpdates.map { ($0, .update) } + itemMoves.map { ($0.from, .moveSource) }
  }

  var targetItems: [(Item, ChangesetValidationError.Change)] {
    itemInserts.map { ($0, .insert) } + itemMoves.map { ($0.to, .moveTarget) }
  }

  private enum Kind {
    case section(Int)
    case item(Item)
  }

  private static func classify(
    _ path: IndexPath,
    _ change: ChangesetValidationError.Change
  ) throws(ChangesetValidationError) -> Kind {
    switch path.count {
    case 1: return .section(path[0])
    case 2: return .item((section: path[0], item: path[1]))
    default: throw .malformedIndexPath(change: change, path: Array(path))
    }
  }
}

/// Numbers the items of all sections one after the other, so that item locations can be compared as
/// plain offsets.
private struct FlatSpace {
  private let starts: [Int]

  init(counts: [Int]) {
    var starts: [Int] = []
    starts.reserveCapacity(counts.count + 1)
    var total = 0
    for count in counts {
      starts.append(total)
      total += count
    }
    starts.append(total)
    self.starts = starts
  }

  func flatten(_ section: Int, _ item: Int) -> Int { starts[section] + item }

  func location(_ flat: Int) -> ChangesetValidationError.Location {
    // The last section whose start is at most `flat` (empty sections share their start).
    let section = countLessOrEqual(flat, in: starts) - 1
    return .item(flat - starts[section], section: section)
  }
}
