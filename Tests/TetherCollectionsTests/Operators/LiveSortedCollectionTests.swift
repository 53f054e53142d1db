import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class LiveSortedCollectionTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>
  private typealias Ordering = @Sendable (Int, Int) -> Bool

  func testANewOrderingMovesOnlyTheRowsThatChangedPlace() {
    let source = PassthroughSubject<Changeset, Never>()
    let orderings = PassthroughSubject<Ordering, Never>()
    let recorder = EventRecorder<Changeset, Never>()
    recorder.observe(source.sortedCollection(by: orderings))
    orderings.send({ $0 < $1 })
    source.send(.reload([3, 1, 4, 5, 2]))
    // By parity, then value: the odd ones 1, 3, 5 keep their relative order, 2 and 4 move.
    orderings.send({ ($0 % 2, $0) < ($1 % 2, $1) })
    source.send(Changeset(collection: [3, 1, 4, 5, 2, 6], patch: [.insert(6, at: 5)]))
    orderings.send({ ($0 % 2, $0) < ($1 % 2, $1) })

    let outputs = recorder.elements
    XCTAssertEqual(
      outputs.map(\.collection), [[1, 2, 3, 4, 5], [2, 4, 1, 3, 5], [2, 4, 6, 1, 3, 5], [2, 4, 6, 1, 3, 5]])
    XCTAssertEqual(outputs.map(\.isReload), [true, false, false, false])
    XCTAssertEqual(outputs[1].diff.inserts + outputs[1].diff.deletes + outputs[1].diff.updates, [])
    XCTAssertEqual(outputs[1].diff.moves.count, 2, "\(outputs[1].diff)")
    XCTAssertEqual(outputs[2].patch, [.insert(6, at: 2)])
    XCTAssertTrue(outputs[3].diff.isEmpty, "the same order: an empty changeset, never a reload")
    for (previous, next) in zip(outputs, outputs.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
  }

  func testNothingIsEmittedUntilTheFirstOrderingWhichReloadsTheLatestSource() {
    let source = PassthroughSubject<Changeset, Never>()
    let orderings = PassthroughSubject<Ordering, Never>()
    let recorder = EventRecorder<Changeset, Never>()
    recorder.observe(source.sortedCollection(by: orderings))
    source.send(.reload([2, 3, 1]))
    source.send(Changeset(collection: [2, 3, 1, 0], patch: [.insert(0, at: 3)]))
    XCTAssertEqual(recorder.elements.count, 0)
    orderings.send({ $0 > $1 })
    XCTAssertEqual(recorder.elements.map(\.isReload), [true])
    XCTAssertEqual(recorder.elements.last?.collection, [3, 2, 1, 0])
  }

  func testRandomSourceChangesInterleavedWithOrderingChangesReplay() {
    withSeeds(0..<80) { seed, rng in
      // A small alphabet and coarse keys give many ties, which keep their source order.
      let steps = randomLiveSteps(steps: 30, alphabet: 12, using: &rng) { rng -> Ordering in
        let modulus = Int.random(in: 1...5, using: &rng)
        let sign = Bool.random(using: &rng) ? -1 : 1
        let ordering: Ordering = { sign * ($0 % modulus) < sign * ($1 % modulus) }
        return ordering
      }
      assertLiveOperator(
        steps,
        reference: { source, ordering in source.sorted(by: ordering) },
        checkControlDiff: { diff, context in
          XCTAssertTrue(
            diff.inserts.isEmpty && diff.deletes.isEmpty && diff.updates.isEmpty, "only moves [\(context)]")
        },
        "seed \(seed)"
      ) { source, orderings in source.sortedCollection(by: orderings) }
    }
  }

  func testAnOrderingFromAPropertySortsTheFirstChangesetAndEachObserverHasItsOwnOrder() {
    let numbers = MutableObservableArray([5, 3, 8])
    let ordering = Property<Ordering>({ $0 < $1 })
    let sorted = numbers.sortedCollection(by: ordering)
    let first = EventRecorder<Changeset, Never>()
    first.observe(sorted)
    numbers.append(1)
    let second = EventRecorder<Changeset, Never>()
    second.observe(sorted)
    ordering.value = { $0 > $1 }
    XCTAssertEqual(first.elements.map(\.collection), [[3, 5, 8], [1, 3, 5, 8], [8, 5, 3, 1]])
    XCTAssertEqual(second.elements.map(\.collection), [[1, 3, 5, 8], [8, 5, 3, 1]])
    XCTAssertEqual(first.elements.map(\.isReload), [true, false, false])
    XCTAssertEqual(second.elements.map(\.isReload), [true, false])
    assertReplays(first.elements[2], from: first.elements[1].collection)
    assertReplays(second.elements[1], from: second.elements[0].collection)
  }
}
