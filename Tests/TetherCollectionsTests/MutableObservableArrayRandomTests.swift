import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

/// One random mutation of an observable array (or list), with the same change applied to a plain model.
enum RandomArrayMutation {
  /// Draws and performs one mutation valid for the current count on both `array` and `model`;
  /// returns its name for failure messages.
  @discardableResult
  static func perform<C: RangeReplaceableCollection, G: RandomNumberGenerator>(
    on array: MutableObservableCollection<C>,
    model: inout [Int],
    using rng: inout G
  ) -> String where C.Element == Int {
    let count = model.count
    let value = Int.random(in: 0..<1_000, using: &rng)
    let kind = count == 0 ? Int.random(in: 0..<3, using: &rng) : Int.random(in: 0..<15, using: &rng)
    switch kind {
    case 0:
      array.append(value)
      model.append(value)
      return "append(\(value))"
    case 1:
      let values = (0..<Int.random(in: 0..<4, using: &rng)).map { value + $0 }
      let offset = Int.random(in: 0...count, using: &rng)
      array.insert(contentsOf: values, at: offset)
      model.insert(contentsOf: values, at: offset)
      return "insert(contentsOf: \(values), at: \(offset))"
    case 2:
      let values = (0..<Int.random(in: 0..<4, using: &rng)).map { value + $0 }
      array.append(contentsOf: values)
      model.append(contentsOf: values)
      return "append(contentsOf: \(values))"
    case 3:
      let offset = Int.random(in: 0...count, using: &rng)
      array.insert(value, at: offset)
      model.insert(value, at: offset)
      return "insert(\(value), at: \(offset))"
    case 4:
      let offset = Int.random(in: 0..<count, using: &rng)
      XCTAssertEqual(array.remove(at: offset), model.remove(at: offset))
      return "remove(at: \(offset))"
    case 5:
      XCTAssertEqual(array.removeLast(), model.removeLast())
      return "removeLast()"
    case 6:
      XCTAssertEqual(array.removeFirst(), model.removeFirst())
      return "removeFirst()"
    case 7:
      let start = Int.random(in: 0...count, using: &rng)
      let end = Int.random(in: start...count, using: &rng)
      array.removeSubrange(start..<end)
      model.removeSubrange(start..<end)
      return "removeSubrange(\(start)..<\(end))"
    case 8:
      let offset = Int.random(in: 0..<count, using: &rng)
      array[offset] = value
      model[offset] = value
      return "[\(offset)] = \(value)"
    case 9:
      let (from, to) = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
      array.move(from: from, to: to)
      model.insert(model.remove(at: from), at: to)
      return "move(from: \(from), to: \(to))"
    case 10:
      let offsets = Array(Array(0..<count).shuffled(using: &rng).prefix(Int.random(in: 1...count, using: &rng)))
      let target = Int.random(in: 0...(count - offsets.count), using: &rng)
      array.move(from: offsets, to: target)
      let moved = offsets.map { model[$0] }
      var rest = model.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
      rest.insert(contentsOf: moved, at: target)
      model = rest
      return "move(from: \(offsets), to: \(target))"
    case 11:
      let (first, second) = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
      array.swapAt(first, second)
      model.swapAt(first, second)
      return "swapAt(\(first), \(second))"
    case 12:
      if Bool.random(using: &rng) {
        array.sort()
        model.sort()
        return "sort()"
      }
      array.sort { $0 % 7 < $1 % 7 }
      model = model.enumerated().sorted { ($0.element % 7, $0.offset) < ($1.element % 7, $1.offset) }.map(\.element)
      return "sort(by: % 7)"
    case 13:
      if Int.random(in: 0..<4, using: &rng) == 0 {
        array.removeAll()
        model.removeAll()
        return "removeAll()"
      }
      let patch = randomPatch(on: model, count: Int.random(in: 0..<6, using: &rng), using: &rng)
      array.apply(patch)
      model.apply(patch)
      return "apply(\(patch))"
    default:
      let steps = Int.random(in: 0..<8, using: &rng)
      var description: [String] = []
      array.batchUpdate { batch in
        for _ in 0..<steps {
          description.append(RandomBatchStep.perform(on: &batch, model: &model, using: &rng))
        }
      }
      return "batchUpdate { \(description.joined(separator: "; ")) }"
    }
  }
}

/// One random mutation inside a batch, mirrored on a plain model.
enum RandomBatchStep {
  static func perform<C: RangeReplaceableCollection, G: RandomNumberGenerator>(
    on batch: inout OrderedCollectionBatch<C>,
    model: inout [Int],
    using rng: inout G
  ) -> String where C.Element == Int {
    let count = model.count
    let value = Int.random(in: 0..<1_000, using: &rng)
    switch count == 0 ? 0 : Int.random(in: 0..<9, using: &rng) {
    case 0:
      batch.append(value)
      model.append(value)
      return "append(\(value))"
    case 1:
      let offset = Int.random(in: 0...count, using: &rng)
      batch.insert(value, at: offset)
      model.insert(value, at: offset)
      return "insert(\(value), at: \(offset))"
    case 2:
      let offset = Int.random(in: 0..<count, using: &rng)
      XCTAssertEqual(batch.remove(at: offset), model.remove(at: offset))
      return "remove(at: \(offset))"
    case 3:
      let offset = Int.random(in: 0..<count, using: &rng)
      batch[offset] = value
      model[offset] = value
      return "[\(offset)] = \(value)"
    case 4:
      let (from, to) = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
      batch.move(from: from, to: to)
      model.insert(model.remove(at: from), at: to)
      return "move(from: \(from), to: \(to))"
    case 5:
      let (first, second) = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
      batch.swapAt(first, second)
      model.swapAt(first, second)
      return "swapAt(\(first), \(second))"
    case 6:
      let offsets = Array(Array(0..<count).shuffled(using: &rng).prefix(Int.random(in: 1...count, using: &rng)))
      let target = Int.random(in: 0...(count - offsets.count), using: &rng)
      batch.move(from: offsets, to: target)
      let moved = offsets.map { model[$0] }
      var rest = model.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
      rest.insert(contentsOf: moved, at: target)
      model = rest
      return "move(from: \(offsets), to: \(target))"
    case 7:
      batch.sort()
      model.sort()
      return "sort()"
    default:
      let start = Int.random(in: 0...count, using: &rng)
      let end = Int.random(in: start...count, using: &rng)
      batch.removeSubrange(start..<end)
      model.removeSubrange(start..<end)
      return "removeSubrange(\(start)..<\(end))"
    }
  }
}

/// Seeded random mutation sequences: every emitted changeset replays from the previous collection
/// (patch, diff validity, batch-update application, derived patch), and the container always
/// matches a plain array changed the same way.
final class MutableObservableArrayRandomTests: XCTestCase {
  func testRandomMutationSequencesReplay() {
    withSeeds(0..<60) { seed, rng in
      var model = randomArray(count: Int.random(in: 0..<12, using: &rng), alphabet: 50, using: &rng)
      let array = MutableObservableArray(model)
      let log = ChangesetLog(array)
      for step in 0..<40 {
        let before = log.changesets.count
        let name = RandomArrayMutation.perform(on: array, model: &model, using: &rng)
        XCTAssertEqual(log.changesets.count, before + 1, "one changeset for \(name) [seed \(seed)]")
        XCTAssertEqual(array.collection, model, "after \(name) at step \(step) [seed \(seed)]")
        assertReplays(log.last, from: log.changesets[before - 1].collection, "\(name) [seed \(seed)]")
      }
      log.recorder.assertNoViolations()
    }
  }

  func testRandomBatchesEmitOneChangesetWhoseDiffIsTheMergedEffect() {
    withSeeds(0..<80) { seed, rng in
      var model = randomArray(count: Int.random(in: 0..<15, using: &rng), alphabet: 30, using: &rng)
      let array = MutableObservableArray(model)
      let log = ChangesetLog(array)
      let old = model
      var steps: [String] = []
      let returned = array.batchUpdate { batch -> Int in
        for _ in 0..<Int.random(in: 0..<25, using: &rng) {
          steps.append(RandomBatchStep.perform(on: &batch, model: &model, using: &rng))
          XCTAssertEqual(batch.collection, model, "the batch sees its own changes [seed \(seed)]")
        }
        return batch.count
      }
      XCTAssertEqual(returned, model.count)
      XCTAssertEqual(log.changesets.count, 2, "one changeset for the whole batch [seed \(seed)]")
      XCTAssertEqual(array.collection, model, "[seed \(seed)]")
      assertReplays(log.last, from: old, "batch \(steps) [seed \(seed)]")
    }
  }
}
