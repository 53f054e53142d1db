import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class GroupedCollectionTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>
  private typealias Grouped = TreeChangeset<Array2D<Int, Int>>

  /// The grouping computed directly: sections by first appearance (or sorted keys), items in
  /// source order.
  private func grouping(_ source: [Int], key: (Int) -> Int, sortedKeys: Bool) -> Array2D<Int, Int> {
    var keys: [Int] = []
    var items: [Int: [Int]] = [:]
    for element in source {
      let key = key(element)
      if items[key] == nil { keys.append(key) }
      items[key, default: []].append(element)
    }
    if sortedKeys { keys.sort() }
    return Array2D(sectionsWithItems: keys.map { ($0, items[$0]!) })
  }

  func testAKeyChangeIsACrossSectionMoveAndGroupsComeAndGoAsSections() {
    let source = PassthroughSubject<Changeset, Never>()
    let recorder = EventRecorder<Grouped, Never>()
    recorder.observe(source.groupedCollection(by: { $0 / 10 }))
    var current = [10, 11, 20, 12]
    source.send(.reload(current))
    func send(_ patch: [OrderedCollectionOperation<Int, Int>]) {
      current.apply(patch)
      source.send(Changeset(collection: current, patch: patch))
    }
    send([.update(at: 1, newElement: 21)])  // 11 → 21: from section 1x to section 2x
    send([.insert(35, at: 4)])  // a new group: a section insert
    send([.delete(at: 2)])  // 20 leaves, 21 stays in section 2x
    send([.update(at: 1, newElement: 22)])  // 21 → 22: an update in place
    send([.delete(at: 1)])  // 22 was the last of section 2x: a section delete

    let outputs = recorder.elements
    XCTAssertEqual(
      outputs.map { $0.collection.sections.map { [$0.metadata] + $0.items } },
      [
        [[1, 10, 11, 12], [2, 20]],
        [[1, 10, 12], [2, 21, 20]],
        [[1, 10, 12], [2, 21, 20], [3, 35]],
        [[1, 10, 12], [2, 21], [3, 35]],
        [[1, 10, 12], [2, 22], [3, 35]],
        [[1, 10, 12], [3, 35]],
      ])
    XCTAssertEqual(outputs.map(\.isReload), [true, false, false, false, false, false])
    let keyChange = outputs[1].diff
    XCTAssertEqual(keyChange.moves.map(\.from), [[0, 1]], "\(keyChange)")
    XCTAssertEqual(keyChange.moves.map(\.to), [[1, 0]], "\(keyChange)")
    XCTAssertEqual(keyChange.inserts + keyChange.deletes, [], "a move, not a delete and an insert")
    XCTAssertEqual(outputs[2].diff.inserts, [[2]])
    XCTAssertEqual(outputs[4].diff.updates, [[1, 0]])
    XCTAssertEqual(outputs[5].diff.deletes, [[1]])
    assertConsistentTreeSequence(outputs)
  }

  func testSectionsSortedByKeyAndTheFirstAppearanceOrderMovesSections() {
    let numbers = MutableObservableArray([31, 12, 25, 14])
    let sorted = EventRecorder<Grouped, Never>()
    sorted.observe(numbers.groupedCollection(by: { $0 / 10 }, sectionOrder: .ascending))
    let byAppearance = EventRecorder<Grouped, Never>()
    byAppearance.observe(numbers.groupedCollection(by: { $0 / 10 }))
    numbers.move(from: 0, to: 3)  // 31 now appears last
    XCTAssertEqual(sorted.elements.last?.collection.sections.map(\.metadata), [1, 2, 3])
    XCTAssertEqual(byAppearance.elements.map { $0.collection.sections.map(\.metadata) }, [[3, 1, 2], [1, 2, 3]])
    XCTAssertTrue(sorted.elements.last?.diff.isEmpty ?? false, "the order of 1x, 2x and 3x is unchanged")
    XCTAssertFalse(byAppearance.elements.last?.diff.moves.isEmpty ?? true)
    assertConsistentTreeSequence(sorted.elements)
    assertConsistentTreeSequence(byAppearance.elements)
  }

  func testRandomChangesWithKeyChangesReplayAndMatchGroupingDirectly() {
    withSeeds(0..<50) { seed, rng in
      let stream = randomOrderedStream(steps: 30, alphabet: 30, using: &rng)
      let modulus = Int.random(in: 1...6, using: &rng)
      let sortedKeys = Bool.random(using: &rng)
      let key: @Sendable (Int) -> Int = { $0 % modulus }
      let output = runOperator(stream) {
        $0.groupedCollection(by: key, sectionOrder: sortedKeys ? .ascending : .firstAppearance)
      }
      XCTAssertEqual(output.count, stream.count, "seed \(seed)")
      for (step, (changeset, source)) in zip(output, stream).enumerated() {
        let context = "seed \(seed), step \(step)"
        XCTAssertEqual(changeset.isReload, step == 0 || source.isReload, context)
        XCTAssertEqual(changeset.collection, grouping(source.collection, key: key, sortedKeys: sortedKeys), context)
        if step > 0 { assertTreeReplays(changeset, from: output[step - 1].collection, context) }
      }
    }
  }

  func testAnUpdateThatKeepsTheElementIsNotMatchedWithAnotherByValue() {
    // Equal values are different elements: the one the source updated is the one that moves.
    let output = runOperator(
      [.reload([1, 1, 1, 2]), Changeset(collection: [1, 2, 1, 2], patch: [.update(at: 1, newElement: 2)])]
    ) { $0.groupedCollection(by: { $0 }) }
    XCTAssertEqual(output.last?.collection.sections.map(\.items), [[1, 1], [2, 2]])
    let diff = output.last?.diff ?? OrderedCollectionDiff()
    XCTAssertEqual(diff.moves.map(\.from), [[0, 1]], "\(diff)")
    XCTAssertEqual(diff.moves.map(\.to), [[1, 0]], "\(diff)")
    assertConsistentTreeSequence(output)
  }

  func testAnElementMovingIntoASectionThatAppearsIsADeleteAndAnInsert() {
    // UIKit cannot move a row into a section inserted in the same batch update.
    let output = runOperator(
      [.reload([1, 1, 1]), Changeset(collection: [1, 2, 1], patch: [.update(at: 1, newElement: 2)])]
    ) { $0.groupedCollection(by: { $0 }) }
    XCTAssertEqual(output.last?.collection.sections.map(\.items), [[1, 1], [2]])
    XCTAssertEqual(output.last?.diff.sortedParts(), OrderedCollectionDiff(inserts: [[1]], deletes: [[0, 1]]))
    assertConsistentTreeSequence(output)
  }

  func testEachObserverKeepsItsOwnGroupingAndTheEndIsForwarded() {
    let numbers = MutableObservableArray([1, 2, 3])
    let grouped = numbers.groupedCollection(by: { $0 % 2 })
    let first = EventRecorder<Grouped, Never>()
    first.observe(grouped)
    numbers.append(4)
    let second = EventRecorder<Grouped, Never>()
    second.observe(grouped)
    numbers.remove(at: 0)
    XCTAssertEqual(first.elements.map(\.isReload), [true, false, false])
    XCTAssertEqual(second.elements.map(\.isReload), [true, false])
    XCTAssertEqual(first.elements.last?.collection, second.elements.last?.collection)
    assertConsistentTreeSequence(first.elements)
    assertConsistentTreeSequence(second.elements)

    let subject = PassthroughSubject<Changeset, Never>()
    let completed = EventRecorder<Grouped, Never>()
    completed.observe(subject.groupedCollection(by: { $0 }))
    subject.send(completion: .finished)
    XCTAssertTrue(completed.isCompleted)
  }
}
