import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class LiveFilterCollectionTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>
  private typealias Predicate = @Sendable (Int) -> Bool

  func testANewPredicateEmitsTheRowsThatLeaveAndComeAsDeletesAndInserts() {
    let source = PassthroughSubject<Changeset, Never>()
    let predicates = PassthroughSubject<Predicate, Never>()
    let recorder = EventRecorder<Changeset, Never>()
    recorder.observe(source.filterCollection(by: predicates))
    predicates.send({ $0.isMultiple(of: 2) })
    source.send(.reload([1, 2, 3, 4, 5, 6]))
    predicates.send({ $0 > 3 })
    source.send(Changeset(collection: [1, 2, 3, 4, 5, 6, 7], patch: [.insert(7, at: 6)]))
    predicates.send({ $0 > 3 })

    let outputs = recorder.elements
    XCTAssertEqual(outputs.map(\.collection), [[2, 4, 6], [4, 5, 6], [4, 5, 6, 7], [4, 5, 6, 7]])
    XCTAssertEqual(outputs.map(\.isReload), [true, false, false, false])
    XCTAssertEqual(outputs[1].diff.normalized(), OrderedCollectionDiff(inserts: [1], deletes: [0]))
    XCTAssertEqual(outputs[2].patch, [.insert(7, at: 3)])
    XCTAssertTrue(outputs[3].diff.isEmpty, "the same rows again: an empty changeset, never a reload")
    for (previous, next) in zip(outputs, outputs.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
  }

  func testNothingIsEmittedUntilTheFirstPredicateWhichReloadsTheLatestSource() {
    let source = PassthroughSubject<Changeset, Never>()
    let predicates = PassthroughSubject<Predicate, Never>()
    let recorder = EventRecorder<Changeset, Never>()
    recorder.observe(source.filterCollection(by: predicates))
    source.send(.reload([1, 2, 3]))
    source.send(Changeset(collection: [1, 2, 3, 4], patch: [.insert(4, at: 3)]))
    XCTAssertEqual(recorder.elements.count, 0)
    predicates.send({ $0 > 2 })
    XCTAssertEqual(recorder.elements.map(\.isReload), [true])
    XCTAssertEqual(recorder.elements.last?.collection, [3, 4])
  }

  func testAPropertyQueryFiltersTheFirstChangesetAndEveryChangeOfItIsADiff() {
    let names = MutableObservableArray(["Ada", "Alan", "Barbara", "Grace", "Linus"])
    let searchText = Property("")
    let recorder = EventRecorder<OrderedCollectionChangeset<[String]>, Never>()
    recorder.observe(
      names.filterCollection(by: searchText) { name, text in
        text.isEmpty || name.lowercased().contains(text.lowercased())
      })
    searchText.value = "a"
    searchText.value = "ar"
    names.append("Margaret")
    searchText.value = ""
    let outputs = recorder.elements
    XCTAssertEqual(
      outputs.map(\.collection),
      [
        ["Ada", "Alan", "Barbara", "Grace", "Linus"],
        ["Ada", "Alan", "Barbara", "Grace"],
        ["Barbara"],
        ["Barbara", "Margaret"],
        ["Ada", "Alan", "Barbara", "Grace", "Linus", "Margaret"],
      ])
    XCTAssertEqual(outputs.map(\.isReload), [true, false, false, false, false])
    XCTAssertEqual(outputs[2].diff.normalized(), OrderedCollectionDiff(deletes: [0, 1, 3]))
    for (previous, next) in zip(outputs, outputs.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
  }

  /// The operator keeps the source's elements as a list mirrored from each patch, not the source
  /// array: keeping that would share the container's buffer, and every later mutation of the
  /// container would copy the whole array (O(n) per append).
  func testAnArraySourceIsNotKeptSoItsMutationsDoNotCopyIt() {
    var initial = Array(0..<1_000)
    initial.reserveCapacity(4_000)
    let array = MutableObservableArray(initial)
    initial = []
    let predicates = Property<Predicate>({ $0.isMultiple(of: 2) })
    let recorder = EventRecorder<Changeset, Never>()
    recorder.observe(array.filterCollection(by: predicates))
    var buffers = Set<UInt>()
    for value in 1_000..<1_200 {
      array.append(value)
      // The read copy shares the buffer only until the end of this statement.
      buffers.insert(array.collection.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
    }
    array.remove(at: 0)
    array[10] = 7
    array.move(from: 3, to: 500)
    predicates.value = { $0 % 3 == 1 }
    XCTAssertEqual(buffers.count, 1, "the live filter kept the source array, so each append copied it")
    XCTAssertEqual(recorder.elements.last?.collection, array.collection.filter { $0 % 3 == 1 })
    for (previous, next) in zip(recorder.elements, recorder.elements.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
  }

  func testRandomSourceChangesInterleavedWithPredicateChangesReplay() {
    withSeeds(0..<80) { seed, rng in
      let steps = randomLiveSteps(steps: 30, using: &rng) { rng -> Predicate in
        let (modulus, residue) = (Int.random(in: 1...4, using: &rng), Int.random(in: 0..<4, using: &rng))
        return { $0 % modulus != residue }
      }
      assertLiveOperator(
        steps,
        reference: { source, predicate in source.filter(predicate) },
        checkControlDiff: { diff, context in
          XCTAssertTrue(diff.moves.isEmpty && diff.updates.isEmpty, "only inserts and deletes [\(context)]")
        },
        "seed \(seed)"
      ) { source, predicates in source.filterCollection(by: predicates) }
    }
  }

  func testTwoObserversKeepTheirOwnStateAndPredicate() {
    let source = PassthroughSubject<Changeset, Never>()
    let predicates = ReplayOneSubject<Predicate, Never>()
    let filtered = source.filterCollection(by: predicates)
    let first = EventRecorder<Changeset, Never>()
    let second = EventRecorder<Changeset, Never>()
    predicates.send({ $0 < 3 })
    first.observe(filtered)
    source.send(.reload([1, 2, 3, 4]))
    second.observe(filtered)
    source.send(Changeset(collection: [0, 1, 2, 3, 4], patch: [.insert(0, at: 0)]))
    predicates.send({ $0 > 1 })
    XCTAssertEqual(first.elements.map(\.collection), [[1, 2], [0, 1, 2], [2, 3, 4]])
    XCTAssertEqual(first.elements.map(\.isReload), [true, false, false])
    // The second observer saw no source yet when it started, so its first output is a reload.
    XCTAssertEqual(second.elements.map(\.collection), [[0, 1, 2], [2, 3, 4]])
    XCTAssertEqual(second.elements.map(\.isReload), [true, false])
    assertReplays(second.elements[1], from: second.elements[0].collection)
  }

  func testTheSourceEndsTheOutputAndTheEndOfThePredicatesKeepsTheLastOne() {
    struct Failure: Error, Equatable {}
    let source = PassthroughSubject<Changeset, Failure>()
    let predicates = PassthroughSubject<Predicate, Never>()
    let recorder = EventRecorder<Changeset, Failure>()
    recorder.observe(source.filterCollection(by: predicates))
    predicates.send({ $0 > 1 })
    predicates.send(completion: .finished)
    source.send(.reload([1, 2]))
    source.send(Changeset(collection: [1, 2, 3], patch: [.insert(3, at: 2)]))
    XCTAssertFalse(recorder.isCompleted)
    XCTAssertEqual(recorder.elements.last?.collection, [2, 3])
    source.send(completion: .failure(Failure()))
    XCTAssertEqual(recorder.error, Failure())

    let completing = PassthroughSubject<Changeset, Never>()
    let completed = EventRecorder<Changeset, Never>()
    completed.observe(completing.filterCollection(by: PassthroughSubject<Predicate, Never>()))
    completing.send(completion: .finished)
    XCTAssertTrue(completed.isCompleted)
  }

  func testSourceAndPredicatesSentFromTwoThreadsStayConsistent() {
    let source = MutableObservableArray(Array(0..<50))
    let predicates = Property<Predicate>({ _ in true })
    let recorder = EventRecorder<Changeset, Never>()
    recorder.observe(source.filterCollection(by: predicates))
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for step in 0..<200 {
        if worker == 0 {
          source.append(step)
        } else {
          let modulus = step % 5 + 1
          predicates.value = { $0 % modulus == 0 }
        }
      }
    }
    let outputs = recorder.elements
    for (previous, next) in zip(outputs, outputs.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
    let modulus = 199 % 5 + 1
    XCTAssertEqual(outputs.last?.collection, source.collection.filter { $0 % modulus == 0 })
  }
}
