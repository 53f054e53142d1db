import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

@testable import TetherDiffuser

/// A small element for random tests: a few ids and a few values, so updates often collide.
struct BinItem: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var value: Int
  var description: String { "\(id):\(value)" }
}

/// Overlapping filters (6 passes the first two, 4 the last two) and values no filter accepts (5, 7, 11).
let binFilters: [DiffCollectionFilter<BinItem>] = [
  DiffCollectionFilter(name: "multiple of 3") { $0.value % 3 == 0 },
  DiffCollectionFilter(name: "even") { $0.value % 2 == 0 },
  DiffCollectionFilter(name: "small") { $0.value < 5 },
]

private enum Operation: CustomStringConvertible {
  case update(BinItem)
  case delete(id: Int)
  var description: String {
    switch self {
    case .update(let item): "update(\(item))"
    case .delete(let id): "delete(\(id))"
    }
  }
}

/// The specification, written the slow obvious way: every element in the first bin that accepts it,
/// bins ordered by (value if sorted, then arrival in the bin).
private struct ReferenceBins {
  let sorted: Bool
  var stored: [Int: (item: BinItem, bin: Int, stamp: Int)] = [:]
  var nextStamp = 0

  mutating func apply(_ operation: Operation) {
    switch operation {
    case .delete(let id):
      stored[id] = nil
    case .update(let item):
      guard let bin = binFilters.firstIndex(where: { $0.filter(item) }) else {
        stored[item.id] = nil
        return
      }
      if let old = stored[item.id], old.bin == bin {
        stored[item.id] = (item, bin, old.stamp)
      } else {
        stored[item.id] = (item, bin, nextStamp)
        nextStamp += 1
      }
    }
  }

  var bins: [[BinItem]] {
    (0..<binFilters.count).map { bin in
      stored.values.filter { $0.bin == bin }
        .sorted { sorted && $0.item.value != $1.item.value ? $0.item.value < $1.item.value : $0.stamp < $1.stamp }
        .map(\.item)
    }
  }

  static func path(ofID id: Int, in bins: [[BinItem]]) -> IndexPath? {
    for (section, bin) in bins.enumerated() {
      if let row = bin.firstIndex(where: { $0.id == id }) { return IndexPath(indexes: [section, row]) }
    }
    return nil
  }
}

final class DiffCollectionRandomTests: XCTestCase {
  /// A collection; a small `chunkCapacity` makes even small bins split into chunks and merge them.
  private func makeCollection(sorted: Bool, chunkCapacity: Int = 512) -> DiffCollection<BinItem, Int> {
    let byValue: @Sendable (BinItem, BinItem) -> Bool = { $0.value < $1.value }
    return DiffCollection(filters: binFilters, id: \.id, order: sorted ? byValue : nil, chunkCapacity: chunkCapacity)
  }

  private func randomOperation(using rng: inout SeededRandomNumberGenerator, ids: Int) -> Operation {
    let id = Int.random(in: 0..<ids, using: &rng)
    if Int.random(in: 0..<10, using: &rng) < 3 { return .delete(id: id) }
    return .update(BinItem(id: id, value: Int.random(in: 0..<12, using: &rng)))
  }

  func testRandomSequencesReplayAndMatchTheSpecification() {
    // (sorted, chunk capacity, ids, steps, seeds): small chunks exercise splits and merges.
    let configurations: [(Bool, Int, Int, Int, Range<UInt64>)] = [
      (false, 512, 16, 120, 0..<30), (true, 512, 16, 120, 0..<30),
      (false, 4, 16, 120, 0..<30), (true, 4, 16, 120, 0..<30),
      (false, 8, 150, 500, 0..<3), (true, 8, 150, 500, 0..<3),
    ]
    for (sorted, chunkCapacity, ids, steps, seeds) in configurations {
      withSeeds(seeds) { seed, rng in
        var collection = makeCollection(sorted: sorted, chunkCapacity: chunkCapacity)
        var reference = ReferenceBins(sorted: sorted)
        var trail: [Operation] = []
        for _ in 0..<steps {
          let operation = randomOperation(using: &rng, ids: ids)
          trail.append(operation)
          let recent = trail.suffix(6)
          let context = { "seed \(seed), sorted \(sorted), chunks of \(chunkCapacity), after \(recent)" }
          guard check(operation, on: &collection, reference: &reference, context: context) else { return }
        }
      }
    }
  }

  func testEveryShortSequenceOnATinyUniverse() {
    // Two ids, values reaching every bin (0, 3, 6: first; 2: second; 1: third) and none (5),
    // three steps: exhaustive.
    var operations: [Operation] = [.delete(id: 0), .delete(id: 1)]
    for id in 0..<2 {
      for value in [0, 1, 2, 3, 5, 6] { operations.append(.update(BinItem(id: id, value: value))) }
    }
    for sorted in [false, true] {
      withEvery("first", in: operations) { first in
        withEvery("second", in: operations) { second in
          withEvery("third", in: operations) { third in
            var collection = makeCollection(sorted: sorted, chunkCapacity: 4)
            var reference = ReferenceBins(sorted: sorted)
            for operation in [first, second, third] {
              let context = { "sorted \(sorted), sequence \([first, second, third])" }
              guard check(operation, on: &collection, reference: &reference, context: context) else { return }
            }
          }
        }
      }
    }
  }

  /// Applies one operation to both, then checks the bins, the outcome, and that the result's paths
  /// replay: deleting `deleted` rows from the old bins, inserting the new elements at `added`, and
  /// replacing the `updated` rows gives exactly the new bins. Returns `false` after a failure.
  private func check(
    _ operation: Operation,
    on collection: inout DiffCollection<BinItem, Int>,
    reference: inout ReferenceBins,
    context: () -> String
  ) -> Bool {
    let before = collection.bins
    let referenceBefore = reference
    let referenceBinsBefore = before  // the previous step checked that they equal the reference's
    let result: DiffCollectionResult
    switch operation {
    case .update(let item): result = collection.update(element: item)
    case .delete(let id): result = collection.delete(id: id)
    }
    reference.apply(operation)
    collection._checkInvariants()
    let after = collection.bins
    let referenceBins = reference.bins

    guard after == referenceBins else {
      XCTFail("bins \(after) differ from the specification \(referenceBins); \(context())")
      return false
    }
    let expected = expectedOutcome(
      of: operation,
      before: (referenceBefore, referenceBinsBefore),
      after: (reference, referenceBins)
    )
    guard result.outcome == expected else {
      XCTFail("outcome \(result.outcome), expected \(expected); \(context())")
      return false
    }
    // Bins.md: "One call changes one element, so a result holds at most one path of each kind", and
    // "An element that changes position is always a delete plus an add, never an update".
    guard result.deleted.count <= 1, result.added.count <= 1, result.updated.count <= 1,
      result.updated.isEmpty || (result.deleted.isEmpty && result.added.isEmpty)
    else {
      XCTFail("result \(result) holds more than one path of a kind, or an update with a delete or add; \(context())")
      return false
    }
    guard pathsAreBatchUpdateValid(result, before: before, after: after) else {
      XCTFail("result \(result) is not a valid batch update from \(before) to \(after); \(context())")
      return false
    }
    do {
      try result.diff.validate(oldItemCounts: before.map(\.count), newItemCounts: after.map(\.count))
    } catch {
      XCTFail("result \(result) fails the batch-update validator: \(error); \(context())")
      return false
    }
    var replayed = before
    for path in result.deleted.sorted(by: >) { replayed[path[0]].remove(at: path[1]) }
    for path in result.added.sorted() { replayed[path[0]].insert(after[path[0]][path[1]], at: path[1]) }
    for path in result.updated { replayed[path[0]][path[1]] = after[path[0]][path[1]] }
    guard replayed == after else {
      XCTFail("replaying \(result) onto \(before) gives \(replayed), not \(after); \(context())")
      return false
    }
    return true
  }

  private func expectedOutcome(
    of operation: Operation,
    before: (reference: ReferenceBins, bins: [[BinItem]]),
    after: (reference: ReferenceBins, bins: [[BinItem]])
  ) -> DiffCollectionResult.Outcome {
    switch operation {
    case .delete(let id):
      return before.reference.stored[id] == nil ? .notFound : .deleted
    case .update(let item):
      guard after.reference.stored[item.id] != nil else { return .rejected }
      guard let old = before.reference.stored[item.id] else { return .added }
      if old.item == item { return .unchanged }
      let oldPath = ReferenceBins.path(ofID: item.id, in: before.bins)
      return oldPath == ReferenceBins.path(ofID: item.id, in: after.bins) ? .updated : .moved
    }
  }

  /// Deleted paths exist before, added after, updated in both and name a changed element with the
  /// same identity; no path repeats, and no row is both deleted and updated (UIKit rejects that).
  private func pathsAreBatchUpdateValid(_ result: DiffCollectionResult, before: [[BinItem]], after: [[BinItem]]) -> Bool
  {
    func exists(_ path: IndexPath, in bins: [[BinItem]]) -> Bool {
      path.count == 2 && bins.indices.contains(path[0]) && bins[path[0]].indices.contains(path[1])
    }
    guard result.deleted.allSatisfy({ exists($0, in: before) }) else { return false }
    guard result.added.allSatisfy({ exists($0, in: after) }) else { return false }
    guard result.updated.allSatisfy({ exists($0, in: before) && exists($0, in: after) }) else { return false }
    for path in result.updated {
      let old = before[path[0]][path[1]]
      let new = after[path[0]][path[1]]
      guard old.id == new.id, old != new else { return false }
    }
    guard Set(result.deleted).count == result.deleted.count, Set(result.added).count == result.added.count else {
      return false
    }
    return Set(result.deleted).isDisjoint(with: result.updated)
  }
}
