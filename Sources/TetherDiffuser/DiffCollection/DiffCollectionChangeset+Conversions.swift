import Foundation
import TetherChangesets

extension DiffCollectionChangeset {
  /// The sectioned diff of an item patch on bins whose final sizes are `finalCounts`.
  ///
  /// Operations in different sections never shift each other, so each section's operations form
  /// a flat patch of their own, converted with `OrderedCollectionDiff(from:sourceCount:)`. A move
  /// between sections is a delete in one and an insert in the other.
  static func diff(of patch: [Operation], finalCounts: [Int]) -> Diff {
    var flat = [[OrderedCollectionOperation<Void, Int>]](repeating: [], count: finalCounts.count)
    var sourceCounts = finalCounts
    func section(of path: IndexPath) -> Int {
      guard path.count == 2, flat.indices.contains(path[0]) else {
        preconditionFailure("Index path \(path) is not an item path of a collection of \(flat.count) sections")
      }
      return path[0]
    }
    for operation in patch {
      switch operation {
      case .insert(_, let path):
        flat[section(of: path)].append(.insert((), at: path[1]))
        sourceCounts[path[0]] -= 1
      case .delete(let path):
        flat[section(of: path)].append(.delete(at: path[1]))
        sourceCounts[path[0]] += 1
      case .update(let path, _):
        flat[section(of: path)].append(.update(at: path[1], newElement: ()))
      case .move(let from, let to):
        if section(of: from) == section(of: to) {
          flat[from[0]].append(.move(from: from[1], to: to[1]))
        } else {
          flat[from[0]].append(.delete(at: from[1]))
          flat[to[0]].append(.insert((), at: to[1]))
          sourceCounts[from[0]] += 1
          sourceCounts[to[0]] -= 1
        }
      }
    }
    var diff = Diff()
    for (section, operations) in flat.enumerated() where !operations.isEmpty {
      let part = OrderedCollectionDiff<Int>(from: operations, sourceCount: sourceCounts[section])
      let path = { (row: Int) in IndexPath(indexes: [section, row]) }
      diff.inserts += part.inserts.map(path)
      diff.deletes += part.deletes.map(path)
      diff.updates += part.updates.map(path)
      diff.moves += part.moves.map { (from: path($0.from), to: path($0.to)) }
    }
    return diff
  }

  /// A patch performing an item diff, reading new elements from `collection` (the final bins).
  ///
  /// Order: updates of elements that stay (at their old paths, before anything shifts), then
  /// deletes and move sources from the last path down, then inserts and move targets from the
  /// first path up. An updated element that also moves is written by its insert.
  ///
  /// - Complexity: O(k log k) for k entries.
  static func patch(for diff: Diff, to collection: DiffCollectionSnapshot<Element>) -> [Operation] {
    let movedSources = Set(diff.moves.map { $0.from })
    let removed = (diff.deletes + diff.moves.map { $0.from }).sorted()
    let inserted = (diff.inserts + diff.moves.map { $0.to }).sorted()
    var patch: [Operation] = []
    patch.reserveCapacity(diff.updates.count + removed.count + inserted.count)
    // Updates, by section, walking the section's removed and inserted rows once (all ascending):
    // an element that stays keeps its rank among the survivors, and inserted rows push it down.
    var currentSection = -1
    var removedStart = 0
    var removedIndex = 0
    var insertedStart = 0
    var insertedIndex = 0
    for path in diff.updates.sorted() where !movedSources.contains(path) {
      let (section, oldRow) = (path[0], path[1])
      if section != currentSection {
        currentSection = section
        removedStart = removed.partitioningIndex { $0[0] >= section }
        removedIndex = removedStart
        insertedStart = inserted.partitioningIndex { $0[0] >= section }
        insertedIndex = insertedStart
      }
      while removedIndex < removed.count, removed[removedIndex][0] == section, removed[removedIndex][1] < oldRow {
        removedIndex += 1
      }
      var row = oldRow - (removedIndex - removedStart) + (insertedIndex - insertedStart)
      while insertedIndex < inserted.count, inserted[insertedIndex][0] == section, inserted[insertedIndex][1] <= row {
        insertedIndex += 1
        row += 1
      }
      patch.append(.update(at: path, newElement: collection[itemAt: IndexPath(indexes: [section, row])]))
    }
    for path in removed.reversed() { patch.append(.delete(at: path)) }
    for path in inserted { patch.append(.insert(collection[itemAt: path], at: path)) }
    return patch
  }
}

extension Array {
  /// The first index whose element satisfies `belongsInSecondPartition`, for an array partitioned
  /// so that all elements that do not come first.
  fileprivate func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
