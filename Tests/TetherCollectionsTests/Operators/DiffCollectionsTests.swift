import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

private struct DiffRow: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var title: String
  var description: String { "\(id):\(title)" }
}

/// Both `Identifiable` and `Hashable`: the most specific overload matches by `id`.
private struct DiffTag: Identifiable, Hashable, Sendable {
  var id: String
  var count: Int
}

final class DiffCollectionsTests: XCTestCase {
  func testIdentifiableAndHashableElementsAreMatchedByID() {
    let subject = PassthroughSubject<[DiffTag], Never>()
    let recorder = EventRecorder<OrderedCollectionChangeset<[DiffTag]>, Never>()
    recorder.observe(subject.diff())
    subject.send([DiffTag(id: "swift", count: 1), DiffTag(id: "rust", count: 2)])
    subject.send([DiffTag(id: "swift", count: 5), DiffTag(id: "rust", count: 2)])
    XCTAssertEqual(recorder.elements.last?.diff, OrderedCollectionDiff(updates: [0]))
  }

  func testSuccessiveArraysBecomeChangesetsAndTheFirstIsAReload() {
    let subject = PassthroughSubject<[String], Never>()
    let recorder = EventRecorder<OrderedCollectionChangeset<[String]>, Never>()
    recorder.observe(subject.diff())
    subject.send(["a", "b", "c"])
    subject.send(["c", "a", "b", "d"])
    subject.send(["c", "d"])
    let changesets = recorder.elements
    XCTAssertEqual(changesets.map(\.isReload), [true, false, false])
    XCTAssertEqual(changesets[1].diff.normalized(), OrderedCollectionDiff(inserts: [3], moves: [(from: 2, to: 0)]))
    XCTAssertEqual(changesets[2].diff.normalized(), OrderedCollectionDiff(deletes: [1, 2]))
    for (previous, next) in zip(changesets, changesets.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
  }

  func testIdentifiableElementsThatChangeAreUpdates() {
    let subject = PassthroughSubject<[DiffRow], Never>()
    let recorder = EventRecorder<OrderedCollectionChangeset<[DiffRow]>, Never>()
    recorder.observe(subject.diff())
    subject.send([DiffRow(id: 1, title: "milk"), DiffRow(id: 2, title: "eggs")])
    subject.send([DiffRow(id: 2, title: "eggs"), DiffRow(id: 1, title: "oat milk")])
    let change = recorder.elements[1]
    XCTAssertEqual(change.diff.updates, [0])
    XCTAssertEqual(change.diff.moves.count, 1)
    XCTAssertTrue(change.diff.inserts.isEmpty && change.diff.deletes.isEmpty)
    XCTAssertEqual(change.collection, [DiffRow(id: 2, title: "eggs"), DiffRow(id: 1, title: "oat milk")])
  }

  func testClosureIdentityAndCustomDiffer() {
    let subject = PassthroughSubject<[DiffRow], Never>()
    let byID = EventRecorder<OrderedCollectionChangeset<[DiffRow]>, Never>()
    byID.observe(subject.diff(identifiedBy: \.id, isEqual: { $0.title == $1.title }))
    let calls = CallCounter()
    let custom = EventRecorder<OrderedCollectionChangeset<[DiffRow]>, Never>()
    custom.observe(
      subject.diff(by: { old, new in
        calls.increment()
        return new.diff(from: old, identifiedBy: \.id, isEqual: { _, _ in true })
      }))
    subject.send([DiffRow(id: 1, title: "a")])
    subject.send([DiffRow(id: 1, title: "b"), DiffRow(id: 3, title: "c")])
    XCTAssertEqual(byID.elements.last?.diff.normalized(), OrderedCollectionDiff(inserts: [1], updates: [0]))
    XCTAssertEqual(custom.elements.last?.diff.normalized(), OrderedCollectionDiff(inserts: [1]))
    XCTAssertEqual(calls.count, 1, "the first array is a reload: nothing to diff")
  }

  /// A custom differ (here Myers without moves, by identity and title) sees every consecutive pair
  /// and its diffs become changesets that replay.
  func testRandomArraysThroughACustomDiffer() {
    withSeeds(0..<40) { seed, rng in
      let arrays = (0..<12).map { _ in
        (0..<Int.random(in: 0..<15, using: &rng)).map { _ in
          DiffRow(id: Int.random(in: 0..<20, using: &rng), title: ["a", "b"].randomElement(using: &rng)!)
        }
      }
      let calls = CallCounter()
      let subject = PassthroughSubject<[DiffRow], Never>()
      let recorder = EventRecorder<OrderedCollectionChangeset<[DiffRow]>, Never>()
      recorder.observe(
        subject.diff(by: { old, new in
          calls.increment()
          return new.diff(from: old, identifiedBy: \.id, isEqual: ==, algorithm: .myers())
        }))
      for array in arrays { subject.send(array) }
      XCTAssertEqual(calls.count, arrays.count - 1, "one call per consecutive pair [seed \(seed)]")
      XCTAssertEqual(recorder.elements.map(\.collection), arrays, "[seed \(seed)]")
      assertConsistentSequence(recorder.elements, "[seed \(seed)]")
    }
  }

  func testRandomArraysReplayFromTheirPredecessorsForEachAlgorithm() {
    withSeeds(0..<60) { seed, rng in
      var arrays: [[Int]] = []
      var nextValue = 0
      var current = (0..<Int.random(in: 0..<20, using: &rng)).map { _ in
        nextValue += 1
        return nextValue
      }
      for _ in 0..<15 {
        arrays.append(current)
        current.shuffle(using: &rng)
        current.removeAll { _ in Int.random(in: 0..<5, using: &rng) == 0 }
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
          nextValue += 1
          current.insert(nextValue, at: Int.random(in: 0...current.count, using: &rng))
        }
      }
      for algorithm in [DiffAlgorithm.heckel, .myers(inferMoves: true), .myers(inferMoves: false)] {
        let subject = PassthroughSubject<[Int], Never>()
        let recorder = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
        recorder.observe(subject.diff(algorithm: algorithm))
        for array in arrays { subject.send(array) }
        let changesets = recorder.elements
        XCTAssertEqual(changesets.map(\.collection), arrays, "seed \(seed), \(algorithm)")
        XCTAssertEqual(changesets.first?.isReload, true)
        for (step, (previous, next)) in zip(changesets, changesets.dropFirst()).enumerated() {
          XCTAssertFalse(next.isReload)
          assertReplays(next, from: previous.collection, "seed \(seed), \(algorithm), step \(step + 1)")
        }
      }
    }
  }

  func testEachSubscriberDiffsAgainstWhatItSawLast() {
    let subject = PassthroughSubject<[Int], Never>()
    let diffed = subject.diff()
    let first = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    let second = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    first.observe(diffed)
    subject.send([1, 2])
    second.observe(diffed)
    subject.send([1, 2, 3])
    subject.send([3])
    XCTAssertEqual(first.elements.map(\.isReload), [true, false, false])
    XCTAssertEqual(second.elements.map(\.isReload), [true, false], "the late subscriber starts with a reload")
    XCTAssertEqual(second.elements.last?.diff.normalized(), OrderedCollectionDiff(deletes: [0, 1]))
    assertReplays(second.elements[1], from: second.elements[0].collection)
  }
}
