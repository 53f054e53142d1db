import Foundation
import TetherChangesets
import TetherCollections
import TetherDataSources
import TetherSignals
import TetherTestSupport
import TetherValidatingViews
import XCTest

/// `groupedCollection(by:)` bound to the sectioned validating view: random edits of a flat array,
/// many of them changing an element's group, never break a UIKit batch-update rule, never need the
/// reload fallback, and the view always shows the grouping computed directly.
final class GroupedCollectionBindingTests: XCTestCase {
  func testGroupedArraysThroughTheSectionedBinder() {
    MainActor.assumeIsolated {
      var batches = 0
      var moves = 0
      withSeeds(0..<30) { seed, rng in
        let array = MutableObservableArray(
          (0..<Int.random(in: 0...12, using: &rng)).map { _ in
            Int.random(in: 0..<40, using: &rng)
          })
        let sortedKeys = Bool.random(using: &rng)
        let key: @Sendable (Int) -> Int = { $0 % 5 }
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        let binder = RecordingBinder<TreeChangeset<Array2D<Int, Int>>, BatchUpdateValidatingView<Int>>()
        array.groupedCollection(by: key, sectionOrder: sortedKeys ? .ascending : .firstAppearance)
          .bind(to: view, using: binder)
        let recorder = EventRecorder<TreeChangeset<Array2D<Int, Int>>, Never>()
        recorder.observe(array.groupedCollection(by: key, sectionOrder: sortedKeys ? .ascending : .firstAppearance))
        for step in 0..<25 {
          let mutation = mutateGrouped(array, using: &rng)
          let context = "seed \(seed), step \(step), \(mutation), array \(array.collection)"
          var keys: [Int] = []
          for element in array.collection where !keys.contains(key(element)) { keys.append(key(element)) }
          if sortedKeys { keys.sort() }
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(binder.fallbacks, [], context)
          XCTAssertEqual(view.rows, keys.map { key in array.collection.filter { $0 % 5 == key } }, context)
          XCTAssertEqual(view.sectionTitles, keys.map { "\($0)" }, context)
        }
        batches += view.batchCount
        moves += recorder.elements.reduce(0) { $0 + ($1.isReload ? 0 : $1.diff.moves.count) }
      }
      XCTAssertGreaterThan(batches, 30 * 20)
      XCTAssertGreaterThan(moves, 100, "key changes reach the view as moves")
    }
  }
}

/// One random edit of `array` (values in 0..<40, so updates often change the group) or a batch of
/// them, described.
private func mutateGrouped(
  _ array: MutableObservableArray<Int>, using rng: inout SeededRandomNumberGenerator
) -> String {
  let count = array.collection.count
  let value = Int.random(in: 0..<40, using: &rng)
  switch count == 0 ? 0 : Int.random(in: 0..<6, using: &rng) {
  case 0:
    let offset = Int.random(in: 0...count, using: &rng)
    array.insert(value, at: offset)
    return "insert \(value) at \(offset)"
  case 1:
    let offset = Int.random(in: 0..<count, using: &rng)
    array.remove(at: offset)
    return "remove at \(offset)"
  case 2:
    let (from, to) = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
    array.move(from: from, to: to)
    return "move \(from) to \(to)"
  case 3:
    // Several regroupings and a move in one batch: one changeset.
    let updates = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
      (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<40, using: &rng))
    }
    let move = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
    array.batchUpdate { batch in
      for (offset, newValue) in updates { batch[offset] = newValue }
      batch.move(from: move.0, to: move.1)
    }
    return "batch \(updates), move \(move)"
  default:
    let offset = Int.random(in: 0..<count, using: &rng)
    array[offset] = value
    return "[\(offset)] = \(value)"
  }
}
