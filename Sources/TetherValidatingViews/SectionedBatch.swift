import Foundation
import TetherDataSources

/// The calls of one batch update, collected until the batch ends.
package struct SectionedBatch {
  package var sectionDeletes: [Int] = []
  package var sectionInserts: [Int] = []
  package var sectionReloads: [Int] = []
  package var sectionMoves: [(from: Int, to: Int)] = []
  package var rowDeletes: [IndexPath] = []
  package var rowInserts: [IndexPath] = []
  package var rowReloads: [IndexPath] = []
  package var rowMoves: [(from: IndexPath, to: IndexPath)] = []

  /// A batch with no calls yet.
  package init() {}
}

/// A batch checked against UIKit's rules, with where every section and row goes.
struct SectionedBatchPlan {
  /// The old section of each new section, or `nil` for an inserted one.
  var originOfSection: [Int?]
  var deletedSections: Set<Int>
  var reloadedSections: Set<Int>
  var movedSections: Set<Int>
  var newItemCounts: [Int]
  var batch: SectionedBatch

  /// Checks `batch`, a change of sections holding `oldItemCounts` rows into sections holding
  /// `newItemCounts` rows (what the data source now says), the way UIKit does.
  init(_ batch: SectionedBatch, oldItemCounts: [Int], newItemCounts: [Int]) throws(BatchUpdateViolation) {
    self.batch = batch
    self.newItemCounts = newItemCounts
    let oldCount = oldItemCounts.count
    let newCount = newItemCounts.count

    // Sections, old index space.
    var deleted = Set<Int>()
    var reloaded = Set<Int>()
    var moveTargetOf: [Int: Int] = [:]
    for section in batch.sectionDeletes {
      guard section >= 0, section < oldCount else {
        throw .bounds("attempt to delete section \(section), but there are only \(oldCount) sections before the update")
      }
      guard deleted.insert(section).inserted else { throw .duplicate("attempt to delete section \(section) twice") }
    }
    for section in batch.sectionReloads {
      guard section >= 0, section < oldCount else {
        throw .bounds("attempt to reload section \(section), but there are only \(oldCount) sections before the update")
      }
      guard reloaded.insert(section).inserted else { throw .duplicate("attempt to reload section \(section) twice") }
      if deleted.contains(section) { throw .conflict("attempt to delete and reload the same section (\(section))") }
    }
    for (from, to) in batch.sectionMoves {
      guard from >= 0, from < oldCount else {
        throw .bounds("attempt to move section \(from), but there are only \(oldCount) sections before the update")
      }
      guard to >= 0, to < newCount else {
        throw .bounds(
          "attempt to move section \(from) to section \(to), but there are only \(newCount) sections after the update")
      }
      if deleted.contains(from) {
        throw .conflict("attempt to perform a delete and a move from the same section (\(from))")
      }
      if reloaded.contains(from) {
        throw .conflict("attempt to perform a reload and a move of the same section (\(from))")
      }
      guard moveTargetOf.updateValue(to, forKey: from) == nil else {
        throw .duplicate("attempt to move section \(from) twice")
      }
    }
    // Sections, new index space.
    var taken = Set<Int>()
    for section in batch.sectionInserts {
      guard section >= 0, section < newCount else {
        throw .bounds("attempt to insert section \(section) but there are only \(newCount) sections after the update")
      }
      guard taken.insert(section).inserted else { throw .duplicate("attempt to insert section \(section) twice") }
    }
    for (from, to) in batch.sectionMoves where !taken.insert(to).inserted {
      if batch.sectionInserts.contains(to) {
        throw .conflict("attempt to perform an insert and a move to the same section (\(to))")
      }
      throw .conflict("attempt to move section \(from) to section \(to), which is the target of another move")
    }
    if oldCount - deleted.count + batch.sectionInserts.count != newCount {
      throw .sections(before: oldCount, after: newCount, inserted: batch.sectionInserts.count, deleted: deleted.count)
    }
    var origin = [Int?](repeating: nil, count: newCount)
    for (from, to) in moveTargetOf { origin[to] = from }
    var slot = 0
    for old in 0..<oldCount where moveTargetOf[old] == nil && !deleted.contains(old) {
      while taken.contains(slot) { slot += 1 }
      origin[slot] = old
      slot += 1
    }
    originOfSection = origin
    deletedSections = deleted
    reloadedSections = reloaded
    movedSections = Set(moveTargetOf.keys)
    try checkRows(oldItemCounts: oldItemCounts)
  }

  /// The final index of every old section that is neither deleted nor reloaded.
  var persistingSections: [Int: Int] {
    var result: [Int: Int] = [:]
    for (new, old) in originOfSection.enumerated() {
      if let old, !reloadedSections.contains(old) { result[old] = new }
    }
    return result
  }

  private func checkRows(oldItemCounts: [Int]) throws(BatchUpdateViolation) {
    let oldCount = oldItemCounts.count
    let newCount = newItemCounts.count
    let newSectionOf = persistingSections
    let movedTargets = Set(movedSections.compactMap { newSectionOf[$0] })

    enum SourceKind { case delete, reload, move }
    var sources: [IndexPath: SourceKind] = [:]
    func source(_ path: IndexPath, _ kind: SourceKind, verb: String, preposition: String) throws(BatchUpdateViolation) {
      guard path.count == 2 else {
        throw .bounds("attempt to \(verb) a row at an invalid index path \(uikitDescription(path))")
      }
      let (section, row) = (path[0], path[1])
      guard section >= 0, section < oldCount else {
        throw .bounds(
          "attempt to \(verb) row \(row) \(preposition) section \(section), but there are only \(oldCount) sections before the update"
        )
      }
      guard row >= 0, row < oldItemCounts[section] else {
        throw .bounds(
          "attempt to \(verb) row \(row) \(preposition) section \(section) which only contains \(oldItemCounts[section]) rows before the update"
        )
      }
      if deletedSections.contains(section) {
        throw .changedSection("attempt to \(verb) row \(row) \(preposition) section \(section) which is being deleted")
      }
      if reloadedSections.contains(section) {
        throw .changedSection("attempt to \(verb) row \(row) \(preposition) section \(section) which is being reloaded")
      }
      if kind == .move && movedSections.contains(section) {
        throw BatchUpdateViolation(
          rule: .rowMoveInMovedSection,
          message: "attempt to move row \(row) out of section \(section) while that section is being moved"
        )
      }
      if let earlier = sources.updateValue(kind, forKey: path) {
        let place = uikitDescription(path)
        switch (earlier, kind) {
        case (.delete, .delete): throw .duplicate("attempt to delete row \(row) from section \(section) twice")
        case (.reload, .reload): throw .duplicate("attempt to reload row \(row) in section \(section) twice")
        case (.move, .move): throw .duplicate("attempt to move index path \(place) twice")
        case (.delete, .reload), (.reload, .delete):
          throw .conflict("attempt to delete and reload the same index path \(place)")
        case (.delete, .move), (.move, .delete):
          throw .conflict("attempt to perform a delete and a move from the same index path \(place)")
        case (.reload, .move), (.move, .reload):
          throw .conflict("attempt to perform a move and a reload of the same index path \(place)")
        }
      }
    }
    for path in batch.rowDeletes { try source(path, .delete, verb: "delete", preposition: "from") }
    for path in batch.rowReloads { try source(path, .reload, verb: "reload", preposition: "in") }
    for move in batch.rowMoves { try source(move.from, .move, verb: "move", preposition: "from") }

    var targets = Set<IndexPath>()
    func target(_ path: IndexPath, moveFrom: IndexPath?) throws(BatchUpdateViolation) {
      let what = moveFrom.map { "move index path \(uikitDescription($0)) to index path \(uikitDescription(path))" }
      guard path.count == 2 else {
        throw .bounds("attempt to \(what ?? "insert a row") at an invalid index path \(uikitDescription(path))")
      }
      let (section, row) = (path[0], path[1])
      let action = what ?? "insert row \(row) into section \(section)"
      guard section >= 0, section < newCount else {
        throw .bounds("attempt to \(action), but there are only \(newCount) sections after the update")
      }
      guard row >= 0, row < newItemCounts[section] else {
        throw .bounds(
          "attempt to \(action), but there are only \(newItemCounts[section]) rows in section \(section) after the update"
        )
      }
      guard let old = originOfSection[section] else {
        throw .changedSection(
          moveFrom == nil
            ? "attempt to insert row \(row) into section \(section) which is being inserted"
            : "cannot move a row into a newly inserted section (\(section))")
      }
      if reloadedSections.contains(old) {
        throw .changedSection(
          moveFrom == nil
            ? "attempt to insert row \(row) into section \(section) which is being reloaded"
            : "cannot move a row into a section that is being reloaded (\(section))")
      }
      if moveFrom != nil && movedTargets.contains(section) {
        throw BatchUpdateViolation(
          rule: .rowMoveInMovedSection,
          message: "attempt to move a row into section \(section) while that section is being moved"
        )
      }
      if !targets.insert(path).inserted {
        throw moveFrom == nil && !batch.rowMoves.contains(where: { $0.to == path })
          ? .duplicate("attempt to insert row \(row) into section \(section) twice")
          : .conflict(
            batch.rowInserts.contains(path)
              ? "attempt to perform an insert and a move to the same index path \(uikitDescription(path))"
              : "attempt to move two rows to the same index path \(uikitDescription(path))")
      }
    }
    for path in batch.rowInserts { try target(path, moveFrom: nil) }
    for move in batch.rowMoves { try target(move.to, moveFrom: move.from) }

    // Counts of every section that keeps its rows, in the new order.
    var deleted = [Int](repeating: 0, count: oldCount)
    var movedOut = [Int](repeating: 0, count: oldCount)
    var inserted = [Int](repeating: 0, count: newCount)
    var movedIn = [Int](repeating: 0, count: newCount)
    for path in batch.rowDeletes { deleted[path[0]] += 1 }
    for path in batch.rowInserts { inserted[path[0]] += 1 }
    for move in batch.rowMoves where newSectionOf[move.from[0]] != move.to[0] {
      movedOut[move.from[0]] += 1
      movedIn[move.to[0]] += 1
    }
    for (new, old) in originOfSection.enumerated() {
      guard let old, !reloadedSections.contains(old) else { continue }
      let before = oldItemCounts[old]
      let after = newItemCounts[new]
      if before - deleted[old] - movedOut[old] + inserted[new] + movedIn[new] != after {
        throw .rows(
          section: new, before: before, after: after, inserted: inserted[new], deleted: deleted[old],
          movedIn: movedIn[new], movedOut: movedOut[old])
      }
    }
  }
}

extension BatchUpdateViolation {
  fileprivate static func bounds(_ message: String) -> Self { Self(rule: .indexOutOfBounds, message: message) }
  fileprivate static func duplicate(_ message: String) -> Self { Self(rule: .duplicateIndex, message: message) }
  fileprivate static func conflict(_ message: String) -> Self { Self(rule: .conflictingChanges, message: message) }
  fileprivate static func changedSection(_ message: String) -> Self {
    Self(rule: .rowInChangedSection, message: message)
  }
}
