import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// `MutableObservableList` has the API of `MutableObservableArray` and emits the same changes:
/// the same random mutation sequences run on a list and on an array give equal changesets (and
/// equal operator outputs), every changeset replays from the one before, and the collections
/// observers keep never change afterwards.
final class MutableObservableListTests: XCTestCase {
  override func setUp() {
    silenceTetherWarnings()
  }

  func testRandomMutationSequencesReplayAndMatchAnArray() {
    withSeeds(0..<60) { seed, rng in
      let initialCount = seed % 4 == 0 ? Int.random(in: 60..<400, using: &rng) : Int.random(in: 0..<12, using: &rng)
      var model = randomArray(count: initialCount, alphabet: 50, using: &rng)
      var arrayModel = model
      let list = MutableObservableList(PersistentArray(model))
      let array = MutableObservableArray(model)
      let log = ChangesetLog(list)
      let arrayLog = ChangesetLog(array)
      var arrayRNG = rng
      for step in 0..<40 {
        let before = log.changesets.count
        let name = RandomArrayMutation.perform(on: list, model: &model, using: &rng)
        RandomArrayMutation.perform(on: array, model: &arrayModel, using: &arrayRNG)
        XCTAssertEqual(log.changesets.count, before + 1, "one changeset for \(name) [seed \(seed)]")
        XCTAssertEqual(Array(list.collection), model, "after \(name) at step \(step) [seed \(seed)]")
        assertReplays(log.last, from: log.changesets[before - 1].collection, "\(name) [seed \(seed)]")
        XCTAssertEqual(log.last.diff, arrayLog.last.diff, "\(name) [seed \(seed)]")
        XCTAssertEqual(log.last.patch, arrayLog.last.patch, "\(name) [seed \(seed)]")
      }
      // Every collection an observer was given is still what it was given.
      for (previous, next) in zip(log.changesets, log.changesets.dropFirst()) {
        assertReplays(next, from: previous.collection, "kept snapshots [seed \(seed)]")
      }
      for (listChangeset, arrayChangeset) in zip(log.changesets, arrayLog.changesets) {
        XCTAssertEqual(Array(listChangeset.collection), arrayChangeset.collection, "[seed \(seed)]")
      }
      log.recorder.assertNoViolations()
    }
  }

  func testBatchUpdatesEmitOneChangesetLikeAnArray() {
    withSeeds(0..<60) { seed, rng in
      var model = randomArray(count: Int.random(in: 0..<100, using: &rng), alphabet: 30, using: &rng)
      var arrayModel = model
      let list = MutableObservableList(PersistentArray(model))
      let array = MutableObservableArray(model)
      let log = ChangesetLog(list)
      let arrayLog = ChangesetLog(array)
      var arrayRNG = rng
      let steps = Int.random(in: 0..<10, using: &rng)
      _ = Int.random(in: 0..<10, using: &arrayRNG)
      list.batchUpdate { batch in
        for _ in 0..<steps { _ = RandomBatchStep.perform(on: &batch, model: &model, using: &rng) }
      }
      array.batchUpdate { batch in
        for _ in 0..<steps { _ = RandomBatchStep.perform(on: &batch, model: &arrayModel, using: &arrayRNG) }
      }
      XCTAssertEqual(log.changes.count, 1, "[seed \(seed)]")
      XCTAssertEqual(Array(list.collection), model, "[seed \(seed)]")
      assertReplays(log.last, from: log.changesets[0].collection, "[seed \(seed)]")
      XCTAssertEqual(log.last.diff, arrayLog.last.diff, "[seed \(seed)]")
    }
  }

  func testReplaceWithAndWithoutADiff() {
    let list = MutableObservableList<String>(["a", "b", "c"])
    let log = ChangesetLog(list)
    list.replace(with: ["c", "a", "d"], performDiff: true)
    XCTAssertFalse(log.last.isReload)
    assertReplays(log.last, from: ["a", "b", "c"])
    list.replace(with: ["x"])
    XCTAssertTrue(log.last.isReload)
    XCTAssertEqual(Array(log.last.collection), ["x"])
    let empty = MutableObservableList<Int>()
    XCTAssertTrue(empty.isEmpty)
  }

  func testSnapshotsKeptByObserversNeverChangeAndShareStructure() {
    let list = MutableObservableList(PersistentArray(0..<10_000))
    let kept = EventRecorder<OrderedCollectionChangeset<PersistentArray<Int>>, Never>()
    kept.observe(list)
    for value in 0..<300 {
      list.append(value)
      list.remove(at: value * 7)
      list[value * 3] = -value
    }
    var model = Array(0..<10_000)
    XCTAssertEqual(Array(kept.elements[0].collection), model)
    for (offset, changeset) in kept.elements.dropFirst().enumerated() {
      let value = offset / 3
      switch offset % 3 {
      case 0: model.append(value)
      case 1: model.remove(at: value * 7)
      default: model[value * 3] = -value
      }
      XCTAssertEqual(changeset.collection.count, model.count)
      if offset % 97 == 0 {
        XCTAssertEqual(Array(changeset.collection), model, "snapshot \(offset)")
      }
    }
    XCTAssertEqual(Array(list.collection), model)
  }

  func testCollectionOperatorsGiveWhatTheyGiveForAnArray() {
    withSeeds(0..<30) { seed, rng in
      var model = randomArray(count: Int.random(in: 0..<80, using: &rng), alphabet: 50, using: &rng)
      var arrayModel = model
      let list = MutableObservableList(PersistentArray(model))
      let array = MutableObservableArray(model)
      let isIncluded: @Sendable (Int) -> Bool = { $0 % 3 != 0 }
      let query = Property(2)
      func record<S: SignalProtocol>(_ signal: S) -> EventRecorder<S.Element, S.Error> {
        let recorder = EventRecorder<S.Element, S.Error>()
        recorder.observe(signal)
        return recorder
      }
      let listOutputs = (
        record(list.filterCollection(isIncluded)), record(list.sortedCollection()),
        record(list.mapCollection { $0 + 1 }), record(list.filterCollection(by: query) { $0 % $1 == 0 }),
        record(list.groupedCollection { $0 % 4 })
      )
      let arrayOutputs = (
        record(array.filterCollection(isIncluded)), record(array.sortedCollection()),
        record(array.mapCollection { $0 + 1 }), record(array.filterCollection(by: query) { $0 % $1 == 0 }),
        record(array.groupedCollection { $0 % 4 })
      )
      var arrayRNG = rng
      for step in 0..<30 {
        RandomArrayMutation.perform(on: list, model: &model, using: &rng)
        RandomArrayMutation.perform(on: array, model: &arrayModel, using: &arrayRNG)
        if step == 10 { query.value = 3 }
      }
      // A list's operators output lists (issue 24): the same changesets, element for element.
      XCTAssertEqual(
        listOutputs.0.elements.map { $0.asArrayChangeset() }, arrayOutputs.0.elements, "filter [seed \(seed)]")
      XCTAssertEqual(
        listOutputs.1.elements.map { $0.asArrayChangeset() }, arrayOutputs.1.elements, "sorted [seed \(seed)]")
      XCTAssertEqual(
        listOutputs.2.elements.map { $0.asArrayChangeset() }, arrayOutputs.2.elements, "map [seed \(seed)]")
      XCTAssertEqual(
        listOutputs.3.elements.map { $0.asArrayChangeset() }, arrayOutputs.3.elements, "live filter [seed \(seed)]")
      XCTAssertEqual(
        listOutputs.4.elements.map(\.collection), arrayOutputs.4.elements.map(\.collection), "grouped [seed \(seed)]")
      XCTAssertEqual(
        listOutputs.4.elements.map(\.diff), arrayOutputs.4.elements.map(\.diff), "grouped [seed \(seed)]")
    }
  }

  func testChangesetsEncodeAsTheArrayOnesDo() throws {
    let list = MutableObservableList<Int>([1, 2, 3])
    let log = ChangesetLog(list)
    list.insert(9, at: 1)
    list.move(from: 0, to: 3)
    for changeset in log.changesets {
      let data = try JSONEncoder().encode(changeset)
      let asArray = OrderedCollectionChangeset(collection: Array(changeset.collection), diff: changeset.diff)
      let decoded = try JSONDecoder().decode(OrderedCollectionChangeset<PersistentArray<Int>>.self, from: data)
      XCTAssertEqual(decoded.collection, changeset.collection)
      XCTAssertEqual(decoded.diff, changeset.diff)
      let decodedAsArray = try JSONDecoder().decode(OrderedCollectionChangeset<[Int]>.self, from: data)
      XCTAssertEqual(decodedAsArray.collection, asArray.collection)
    }
  }

  func testValuesStreamTheChangesets() async {
    let list = MutableObservableList<Int>([1])
    var iterator = list.values.makeAsyncIterator()
    let first = await iterator.next()
    XCTAssertEqual(first?.collection, [1])
    list.append(2)
    let second = await iterator.next()
    XCTAssertEqual(second?.diff.inserts, [1])
  }
}
