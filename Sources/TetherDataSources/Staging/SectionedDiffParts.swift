import Foundation
import TetherChangesets

/// A sectioned diff split into section entries and item entries, with the section mapping worked
/// out (where each old section ends up), checked for ranges and counts as it goes.
struct SectionedDiffParts {
  var sectionDeletes: Set<Int> = []
  var sectionUpdates: Set<Int> = []
  var sectionInserts: Set<Int> = []
  var sectionMoves: [(from: Int, to: Int)] = []
  var itemDeletes: Set<IndexPath> = []
  var itemUpdates: Set<IndexPath> = []
  var itemInserts: Set<IndexPath> = []
  var itemMoves: [(from: IndexPath, to: IndexPath)] = []

  /// The final position of each old section, `nil` when deleted (a reloaded section has one).
  var finalSection: [Int?] = []
  /// The old position of each final section, `nil` when inserted.
  var originSection: [Int?] = []

  let oldItemCounts: [Int]
  let newItemCounts: [Int]

  init(
    _ diff: OrderedCollectionDiff<IndexPath>,
    oldItemCounts: [Int],
    newItemCounts: [Int]
  ) throws(ChangesetValidationError) {
    self.oldItemCounts = oldItemCounts
    self.newItemCounts = newItemCounts
    let oldSections = oldItemCounts.count
    let newSections = newItemCounts.count

    func sourceItem(_ path: IndexPath, _ change: ChangesetValidationError.Change) throws(ChangesetValidationError) {
      let (section, item) = (path[0], path[1])
      guard section >= 0, section < oldSections else {
        throw .sectionOutOfRange(change: change, location: .item(item, section: section), sectionCount: oldSections)
      }
      guard item >= 0, item < oldItemCounts[section] else {
        throw .indexOutOfRange(change: change, location: .item(item, section: section), count: oldItemCounts[section])
      }
    }
    func targetItem(_ path: IndexPath, _ change: ChangesetValidationError.Change) throws(ChangesetValidationError) {
      let (section, item) = (path[0], path[1])
      guard section >= 0, section < newSections else {
        throw .sectionOutOfRange(change: change, location: .item(item, section: section), sectionCount: newSections)
      }
      guard item >= 0, item < newItemCounts[section] else {
        throw .indexOutOfRange(change: change, location: .item(item, section: section), count: newItemCounts[section])
      }
    }
    func source(_ section: Int, _ change: ChangesetValidationError.Change) throws(ChangesetValidationError) {
      guard section >= 0, section < oldSections else {
        throw .indexOutOfRange(change: change, location: .section(section), count: oldSections)
      }
    }
    func target(_ section: Int, _ change: ChangesetValidationError.Change) throws(ChangesetValidationError) {
      guard section >= 0, section < newSections else {
        throw .indexOutOfRange(change: change, location: .section(section), count: newSections)
      }
    }
    func insertOnce<T: Hashable>(
      _ value: T, into set: inout Set<T>, _ error: ChangesetValidationError
    )
      throws(ChangesetValidationError)
    {
      guard set.insert(value).inserted else { throw error }
    }

    for path in diff.deletes {
      switch path.count {
      case 1:
        try source(path[0], .delete)
        try insertOnce(path[0], into: &sectionDeletes, .duplicateIndex(change: .delete, location: .section(path[0])))
      case 2:
        try sourceItem(path, .delete)
        try insertOnce(path, into: &itemDeletes, .duplicateIndex(change: .delete, location: path.location))
      default: throw .malformedIndexPath(change: .delete, path: Array(path))
      }
    }
    for path in diff.updates {
      switch path.count {
      case 1:
        try source(path[0], .update)
        try insertOnce(path[0], into: &sectionUpdates, .duplicateIndex(change: .update, location: .section(path[0])))
      case 2:
        try sourceItem(path, .update)
        try insertOnce(path, into: &itemUpdates, .duplicateIndex(change: .update, location: path.location))
      default: throw .malformedIndexPath(change: .update, path: Array(path))
      }
    }
    for path in diff.inserts {
      switch path.count {
      case 1:
        try target(path[0], .insert)
        try insertOnce(path[0], into: &sectionInserts, .duplicateIndex(change: .insert, location: .section(path[0])))
      case 2:
        try targetItem(path, .insert)
        try insertOnce(path, into: &itemInserts, .duplicateIndex(change: .insert, location: path.location))
      default: throw .malformedIndexPath(change: .insert, path: Array(path))
      }
    }
    for move in diff.moves {
      switch (move.from.count, move.to.count) {
      case (1, 1):
        try source(move.from[0], .moveSource)
        try target(move.to[0], .moveTarget)
        sectionMoves.append((from: move.from[0], to: move.to[0]))
      case (2, 2):
        try sourceItem(move.from, .moveSource)
        try targetItem(move.to, .moveTarget)
        itemMoves.append(move)
      default: throw .malformedIndexPath(change: .moveTarget, path: Array(move.to))
      }
    }
    try mapSections()
    try checkItemConflicts()
  }

  /// Works out ``finalSection`` and ``originSection``: moved sections go to their targets, the
  /// other survivors fill the remaining final positions in order.
  private mutating func mapSections() throws(ChangesetValidationError) {
    let oldSections = oldItemCounts.count
    let newSections = newItemCounts.count
    finalSection = Array(repeating: nil, count: oldSections)
    originSection = Array(repeating: nil, count: newSections)
    var taken = [Bool](repeating: false, count: newSections)
    for section in sectionInserts { taken[section] = true }
    var moved = [Bool](repeating: false, count: oldSections)
    for move in sectionMoves {
      if sectionDeletes.contains(move.from) {
        throw .conflictingChanges(location: .section(move.from), first: .delete, second: .moveSource)
      }
      if moved[move.from] { throw .duplicateIndex(change: .moveSource, location: .section(move.from)) }
      if taken[move.to] {
        let first: ChangesetValidationError.Change = sectionInserts.contains(move.to) ? .insert : .moveTarget
        throw .conflictingChanges(location: .section(move.to), first: first, second: .moveTarget)
      }
      moved[move.from] = true
      taken[move.to] = true
      finalSection[move.from] = move.to
      originSection[move.to] = move.from
    }
    var slot = 0
    for old in 0..<oldSections where !moved[old] && !sectionDeletes.contains(old) {
      while slot < newSections && taken[slot] { slot += 1 }
      guard slot < newSections else { throw sectionCountMismatch }
      finalSection[old] = slot
      originSection[slot] = old
      slot += 1
    }
    while slot < newSections && taken[slot] { slot += 1 }
    if slot != newSections { throw sectionCountMismatch }
  }

  private var sectionCountMismatch: ChangesetValidationError {
    .countMismatch(
      scope: .sections,
      oldCount: oldItemCounts.count,
      inserted: sectionInserts.count,
      deleted: sectionDeletes.count,
      movedIn: 0,
      movedOut: 0,
      newCount: newItemCounts.count
    )
  }

  /// Takes out the updates of sections that also move or whose items change (a section update is
  /// a refresh of the section's own content, its items listed as usual), and returns their final
  /// indices, ascending: UIKit rejects reloading a section in the batch that moves it or changes
  /// its rows, so they are reloaded in a stage of their own, after every other change.
  mutating func deferReloadsOfChangedSections() -> [Int] {
    guard !sectionUpdates.isEmpty else { return [] }
    var touched = Set(sectionMoves.map(\.from))
    for path in itemDeletes { touched.insert(path[0]) }
    for path in itemUpdates { touched.insert(path[0]) }
    for move in itemMoves { touched.insert(move.from[0]) }
    var touchedFinal = Set(itemInserts.map { $0[0] })
    for move in itemMoves { touchedFinal.insert(move.to[0]) }
    let deferred = sectionUpdates.filter { section in
      touched.contains(section) || finalSection[section].map(touchedFinal.contains) == true
    }
    sectionUpdates.subtract(deferred)
    return deferred.compactMap { finalSection[$0] }.sorted()
  }

  /// The parts as a diff again, each part sorted.
  var diff: OrderedCollectionDiff<IndexPath> {
    OrderedCollectionDiff(
      inserts: sectionInserts.map { [$0] } + Array(itemInserts),
      deletes: sectionDeletes.map { [$0] } + Array(itemDeletes),
      updates: sectionUpdates.map { [$0] } + Array(itemUpdates),
      moves: sectionMoves.map { (from: [$0.from], to: [$0.to]) } + itemMoves
    ).sortedForStage()
  }

  /// Whether the old section keeps its rows through the change (neither deleted nor reloaded).
  func persists(oldSection section: Int) -> Bool {
    finalSection[section] != nil && !sectionUpdates.contains(section)
  }

  /// The old section whose rows the final section keeps, or `nil` when the final section is
  /// inserted or reloaded (its rows all come from the data source).
  func persistingOrigin(ofFinalSection section: Int) -> Int? {
    guard let origin = originSection[section], !sectionUpdates.contains(origin) else { return nil }
    return origin
  }

  /// The old sections that are moved, by their old index, and the final indices of moved sections.
  var movedSections: (sources: Set<Int>, targets: Set<Int>) {
    (Set(sectionMoves.map(\.from)), Set(sectionMoves.map(\.to)))
  }
}

extension IndexPath {
  /// The validator's location for an item path `[section, item]`.
  var location: ChangesetValidationError.Location { .item(self[1], section: self[0]) }
}
