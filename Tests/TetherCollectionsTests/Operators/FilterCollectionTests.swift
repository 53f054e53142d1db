import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class FilterCollectionTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>

  func testEachSourceOperationBecomesAtMostOneFilteredOperation() {
    let subject = PassthroughSubject<Changeset, Never>()
    let recorder = EventRecorder<Changeset, Never>()
    recorder.observe(subject.filterCollection { $0.isMultiple(of: 2) })
    var source = [1, 2, 3, 4, 5, 6]
    subject.send(.reload(source))
    func send(_ patch: [OrderedCollectionOperation<Int, Int>]) {
      source.apply(patch)
      subject.send(Changeset(collection: source, patch: patch))
    }
    send([.insert(8, at: 6)])  // included: an insert at the end
    send([.insert(7, at: 0)])  // excluded: nothing
    send([.update(at: 1, newElement: 10)])  // 1 → 10 comes into the filter: an insert
    send([.update(at: 2, newElement: 3)])  // 2 → 3 leaves it: a delete
    send([.update(at: 4, newElement: 12)])  // 4 → 12 stays in: an update
    send([.move(from: 1, to: 6)])  // 10 moves after 6: a move among included elements
    send([.move(from: 0, to: 2)])  // 7 is excluded: nothing
    send([.delete(at: 4)])  // 5 is excluded: nothing
    send([.delete(at: 0), .insert(14, at: 0), .move(from: 0, to: 3)])
    XCTAssertEqual(
      recorder.elements.map(patchText),
      [
        "reload",
        "[insert(8, at: 3)]",
        "[]",
        "[insert(10, at: 0)]",
        "[delete(1)]",
        "[update(1, 12)]",
        "[move(0 → 2)]",
        "[]",
        "[]",
        "[insert(14, at: 0), move(0 → 1)]",
      ])
    XCTAssertEqual(recorder.elements.last?.collection, source.filter { $0.isMultiple(of: 2) })
    XCTAssertFalse(recorder.elements[2].isReload, "no change is an empty changeset, never a reload")
    for (previous, next) in zip(recorder.elements, recorder.elements.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
  }

  func testAnUpdateMovingAnElementIntoOrOutOfTheFilterIsAnInsertOrADeleteInTheDiff() {
    let output = runOperator(
      [
        .reload([1, 2, 3]), Changeset(collection: [1, 4, 3], diff: .init(updates: [1])),
        Changeset(collection: [6, 5, 3], diff: .init(updates: [0, 1])),
      ]
    ) { $0.filterCollection { $0.isMultiple(of: 2) } }
    XCTAssertEqual(output.map(\.collection), [[2], [4], [6]])
    XCTAssertEqual(output[1].diff, OrderedCollectionDiff(updates: [0]))
    XCTAssertEqual(output[2].diff.normalized(), OrderedCollectionDiff(inserts: [0], deletes: [0]))
  }

  func testSourceReloadIsAReload() {
    let output = runOperator([.reload([1, 2]), .reload([4, 5, 6])]) { $0.filterCollection { $0 > 3 } }
    XCTAssertEqual(output.map(\.isReload), [true, true])
    XCTAssertEqual(output.last?.collection, [4, 5, 6])
  }

  func testAFirstChangesetThatIsNotAReloadIsFilteredInFullAsAReload() {
    let output = runOperator([Changeset(collection: [1, 2, 3, 4], patch: [.insert(4, at: 3)])]) {
      $0.filterCollection { $0 > 1 }
    }
    XCTAssertEqual(output.count, 1)
    XCTAssertEqual(output.first?.isReload, true)
    XCTAssertEqual(output.first?.collection, [2, 3, 4])
  }

  func testRandomPatchesDiffsAndReloadsReplayAndMatchFilteringDirectly() {
    withSeeds(0..<80) { seed, rng in
      let stream = randomOrderedStream(steps: 30, using: &rng)
      let isIncluded: @Sendable (Int) -> Bool = { $0 % 3 != 0 }
      let output = runOperator(stream) { $0.filterCollection(isIncluded) }
      assertOperatorOutput(output, sources: stream, reference: { $0.filter(isIncluded) }, "seed \(seed)")
    }
  }

  func testLargeRandomChangesetsTakeTheRebuildPathAndStayCorrect() {
    withSeeds(0..<10) { seed, rng in
      var current = randomArray(count: 300, alphabet: 1000, using: &rng)
      var stream: [Changeset] = [.reload(current)]
      for _ in 0..<8 {
        let patch = randomPatch(on: current, count: 120, alphabet: 1000, using: &rng)
        current.apply(patch)
        stream.append(Changeset(collection: current, patch: patch))
      }
      let output = runOperator(stream) { $0.filterCollection { $0 < 500 } }
      assertOperatorOutput(output, sources: stream, reference: { $0.filter { $0 < 500 } }, "seed \(seed)")
    }
  }

  /// Bond kept one index map for every subscriber of a filtered signal, so a late subscriber
  /// corrupted the early one. Here each observation has its own.
  func testSubscribersWithDifferentTimingEachGetAConsistentSequence() {
    withSeeds(0..<50) { seed, rng in
      let stream = randomOrderedStream(steps: 24, using: &rng)
      let secondStarts = Int.random(in: 1..<stream.count, using: &rng)
      let firstEnds = Int.random(in: secondStarts...stream.count, using: &rng)
      let isIncluded: @Sendable (Int) -> Bool = { $0.isMultiple(of: 2) }
      let run = runStaggered(stream, secondStarts: secondStarts, firstEnds: firstEnds) {
        $0.filterCollection(isIncluded)
      }
      let reference: ([Int]) -> [Int] = { $0.filter(isIncluded) }
      assertOperatorOutput(run.first, sources: Array(run.firstSources), reference: reference, "seed \(seed), first")
      assertOperatorOutput(run.second, sources: Array(run.secondSources), reference: reference, "seed \(seed), second")
    }
  }

  func testFailureAndCompletionAreForwarded() {
    struct Failure: Error, Equatable {}
    let subject = PassthroughSubject<Changeset, Failure>()
    let recorder = EventRecorder<Changeset, Failure>()
    recorder.observe(subject.filterCollection { $0 > 0 })
    subject.send(.reload([1]))
    subject.send(completion: .failure(Failure()))
    XCTAssertEqual(recorder.elements.count, 1)
    XCTAssertEqual(recorder.error, Failure())

    let completing = PassthroughSubject<Changeset, Never>()
    let completed = EventRecorder<Changeset, Never>()
    completed.observe(completing.filterCollection { $0 > 0 })
    completing.send(completion: .finished)
    XCTAssertTrue(completed.isCompleted)
  }

  func testIsIncludedRunsOnlyForNewAndUpdatedElements() {
    let calls = CallCounter()
    let output = runOperator(
      [
        .reload([1, 2, 3, 4]),
        Changeset(collection: [2, 1, 3, 4, 5], patch: [.move(from: 0, to: 1), .insert(5, at: 4)]),
      ]
    ) {
      $0.filterCollection { element in
        calls.increment()
        return element > 1
      }
    }
    XCTAssertEqual(output.last?.collection, [2, 3, 4, 5])
    XCTAssertEqual(calls.count, 5, "4 for the reload, 1 for the insert, none for the move")
  }
}
