import Foundation
import TetherChangesets

/// Plans the four stages of a diff whose row moves cross section changes (see ``StagedChangeset``).
///
/// Every row is followed by an identity: an old row by its old index path, an inserted row by its
/// final index path. The planner builds the final layout from the diff, then each intermediate
/// layout, and reads each stage's diff off two consecutive layouts.
struct StagePlanner {
  fileprivate enum Identity: Hashable {
    case old(IndexPath)
    case new(IndexPath)
  }

  /// A layout: sections, each an identity and its rows.
  private struct Layout {
    var sections: [(id: Identity, rows: [Identity])] = []
  }

  private let parts: SectionedDiffParts
  private var final = Layout()
  /// Final path of every old row that survives.
  private var finalPathOfOld: [IndexPath: IndexPath] = [:]
  private let moveSources: Set<IndexPath>

  init(parts: SectionedDiffParts) throws(ChangesetValidationError) {
    self.parts = parts
    moveSources = Set(parts.itemMoves.map(\.from))
    try buildFinalLayout()
  }

  private mutating func buildFinalLayout() throws(ChangesetValidationError) {
    let sourceOfTarget = Dictionary(parts.itemMoves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
    for (section, count) in parts.newItemCounts.enumerated() {
      var rows: [Identity] = []
      rows.reserveCapacity(count)
      if let origin = parts.persistingOrigin(ofFinalSection: section) {
        let oldCount = parts.oldItemCounts[origin]
        var next = 0
        for item in 0..<count {
          let path: IndexPath = [section, item]
          if let source = sourceOfTarget[path] {
            rows.append(.old(source))
          } else if parts.itemInserts.contains(path) {
            rows.append(.new(path))
          } else {
            while next < oldCount
              && (parts.itemDeletes.contains([origin, next]) || moveSources.contains([origin, next]))
            {
              next += 1
            }
            guard next < oldCount else { throw countMismatch(origin: origin, final: section) }
            rows.append(.old([origin, next]))
            next += 1
          }
        }
        while next < oldCount && (parts.itemDeletes.contains([origin, next]) || moveSources.contains([origin, next])) {
          next += 1
        }
        if next != oldCount { throw countMismatch(origin: origin, final: section) }
        final.sections.append((.old([origin]), rows))
      } else {
        for item in 0..<count {
          let path: IndexPath = [section, item]
          rows.append(sourceOfTarget[path].map { .old($0) } ?? .new(path))
        }
        final.sections.append((.new([section]), rows))
      }
    }
    for (section, content) in final.sections.enumerated() {
      for (item, row) in content.rows.enumerated() {
        if case .old(let path) = row { finalPathOfOld[path] = [section, item] }
      }
    }
  }

  private func countMismatch(origin: Int, final section: Int) -> ChangesetValidationError {
    let deleted = parts.itemDeletes.filter { $0[0] == origin }.count
    let inserted = parts.itemInserts.filter { $0[0] == section }.count
    let movedOut = parts.itemMoves.filter { $0.from[0] == origin && $0.to[0] != section }.count
    let movedIn = parts.itemMoves.filter { $0.to[0] == section && $0.from[0] != origin }.count
    return .countMismatch(
      scope: .items(section: origin, newSection: section),
      oldCount: parts.oldItemCounts[origin],
      inserted: inserted,
      deleted: deleted,
      movedIn: movedIn,
      movedOut: movedOut,
      newCount: parts.newItemCounts[section]
    )
  }

  /// The stages, empty ones left out, the last one without intermediate sections.
  func stages() -> [StagedChangeset.Stage] {
    let oldSections = parts.oldItemCounts.count
    let newSections = parts.newItemCounts.count

    // Stage 1: row deletes and reloads of unmoved rows, in sections that keep their rows.
    var stage1 = OrderedCollectionDiff<IndexPath>()
    var afterDeletes = Layout()
    for section in 0..<oldSections {
      let keeps = parts.persists(oldSection: section)
      var rows: [Identity] = []
      for item in 0..<parts.oldItemCounts[section] {
        let path: IndexPath = [section, item]
        if keeps && parts.itemDeletes.contains(path) {
          stage1.deletes.append(path)
          continue
        }
        if keeps && parts.itemUpdates.contains(path) && !moveSources.contains(path) { stage1.updates.append(path) }
        rows.append(.old(path))
      }
      afterDeletes.sections.append((.old([section]), rows))
    }

    // Stage 2: section deletes, inserts and moves. Sections that lose their rows but still have
    // rows to move out ("pending") stay, after the final sections, until stage 4.
    let pending = (0..<oldSections).filter { section in
      !parts.persists(oldSection: section)
        && afterDeletes.sections[section].rows.contains { moveSources.contains($0.path) }
    }
    var afterSections = Layout()
    for content in final.sections {
      if case .old(let origin) = content.id {
        afterSections.sections.append(afterDeletes.sections[origin[0]])
      } else {
        afterSections.sections.append((content.id, content.rows.filter { if case .new = $0 { true } else { false } }))
      }
    }
    for section in pending { afterSections.sections.append(afterDeletes.sections[section]) }
    let stage2 = Self.sectionDiff(from: afterDeletes, to: afterSections)

    // Stage 3: row inserts and moves, sections unchanged.
    var afterRows = Layout()
    afterRows.sections = final.sections
    for section in pending {
      let remaining = afterDeletes.sections[section].rows.filter { !moveSources.contains($0.path) }
      afterRows.sections.append((.old([section]), remaining))
    }
    var stage3 = OrderedCollectionDiff<IndexPath>()
    let pathBefore = paths(ofMoved: afterSections)
    for (section, content) in afterRows.sections.enumerated() {
      for (item, row) in content.rows.enumerated() {
        let path: IndexPath = [section, item]
        switch row {
        case .old(let old) where moveSources.contains(old):
          stage3.moves.append((from: pathBefore[row]!, to: path))
        case .new where pathBefore[row] == nil:
          stage3.inserts.append(path)
        default:
          break
        }
      }
    }

    // Stage 4: pending sections go, moved rows that were also updated reload in place.
    var stage4 = OrderedCollectionDiff<IndexPath>()
    stage4.deletes = (newSections..<(newSections + pending.count)).map { [$0] }
    stage4.updates = parts.itemMoves.filter { parts.itemUpdates.contains($0.from) }.map { finalPathOfOld[$0.from]! }

    let planned: [(OrderedCollectionDiff<IndexPath>, Layout)] = [
      (stage1, afterDeletes), (stage2, afterSections), (stage3, afterRows), (stage4, final),
    ]
    var stages = planned.filter { !$0.0.isEmpty }.map { diff, layout in
      StagedChangeset.Stage(diff: diff.sortedForStage(), sections: resolve(layout))
    }
    if let last = stages.popLast() { stages.append(StagedChangeset.Stage(diff: last.diff, sections: nil)) }
    return stages
  }

  /// The section-level diff between two layouts with the same rows in the sections they share.
  ///
  /// Shared sections that keep their relative order (a longest increasing run) stay; the others move.
  private static func sectionDiff(from before: Layout, to after: Layout) -> OrderedCollectionDiff<IndexPath> {
    var diff = OrderedCollectionDiff<IndexPath>()
    var afterIndex: [Identity: Int] = [:]
    for (index, section) in after.sections.enumerated() { afterIndex[section.id] = index }
    var beforeIDs = Set<Identity>()
    var shared: [(before: Int, after: Int)] = []
    for (index, section) in before.sections.enumerated() {
      beforeIDs.insert(section.id)
      if let target = afterIndex[section.id] {
        shared.append((index, target))
      } else {
        diff.deletes.append([index])
      }
    }
    for (index, section) in after.sections.enumerated() where !beforeIDs.contains(section.id) {
      diff.inserts.append([index])
    }
    let staying = Set(longestIncreasingSubsequence(shared.map(\.after)))
    for pair in shared where !staying.contains(pair.after) {
      diff.moves.append((from: [pair.before], to: [pair.after]))
    }
    return diff
  }

  /// Where the rows that move (and the new rows already there) are in `layout`.
  private func paths(ofMoved layout: Layout) -> [Identity: IndexPath] {
    var paths: [Identity: IndexPath] = [:]
    for (section, content) in layout.sections.enumerated() {
      for (item, row) in content.rows.enumerated() {
        switch row {
        case .old(let old) where moveSources.contains(old): paths[row] = [section, item]
        case .new: paths[row] = [section, item]
        default: break
        }
      }
    }
    return paths
  }

  /// Where each row of `layout` reads its content: surviving old rows and new rows from the final
  /// collection, rows that a later stage deletes from the collection before the change.
  private func resolve(_ layout: Layout) -> [StagedChangeset.Section] {
    layout.sections.map { section in
      let origin: StagedChangeset.Row
      switch section.id {
      case .new(let path): origin = .target(path)
      case .old(let path):
        // A pending (deleted or reloaded) section still shows its old header.
        let final = parts.persists(oldSection: path[0]) ? parts.finalSection[path[0]] : nil
        origin = final.map { .target([$0]) } ?? .source(path)
      }
      let rows = section.rows.map { row -> StagedChangeset.Row in
        switch row {
        case .new(let path): .target(path)
        case .old(let path): finalPathOfOld[path].map { .target($0) } ?? .source(path)
        }
      }
      return StagedChangeset.Section(origin: origin, rows: rows)
    }
  }
}

extension StagePlanner.Identity {
  fileprivate var path: IndexPath {
    switch self {
    case .old(let path), .new(let path): path
    }
  }
}

extension OrderedCollectionDiff where Index == IndexPath {
  /// Each part sorted (moves by source), so stages read well and compare equal.
  func sortedForStage() -> Self {
    let before: (IndexPath, IndexPath) -> Bool = { $0.lexicographicallyPrecedes($1) }
    return Self(
      inserts: inserts.sorted(by: before),
      deletes: deletes.sorted(by: before),
      updates: updates.sorted(by: before),
      moves: moves.sorted { before($0.from, $1.from) }
    )
  }
}

/// The values of a longest strictly increasing subsequence of `values`.
///
/// - Complexity: O(n log n).
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
  var tails: [Int] = []  // index into values of the smallest tail of each length
  var previous = [Int](repeating: -1, count: values.count)
  for (index, value) in values.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var result: [Int] = []
  var index = tails.last ?? -1
  while index >= 0 {
    result.append(values[index])
    index = previous[index]
  }
  return result.reversed()
}
