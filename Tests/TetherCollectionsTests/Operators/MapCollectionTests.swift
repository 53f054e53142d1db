import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class MapCollectionTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>

  func testMapsOnlyNewAndUpdatedElementsAndKeepsTheSourceIndices() {
    let calls = CallCounter()
    let source: [Changeset] = [
      .reload([1, 2, 3]),
      Changeset(collection: [1, 9, 3, 4], patch: [.update(at: 1, newElement: 9), .insert(4, at: 3)]),
      Changeset(collection: [3, 1, 9, 4], patch: [.move(from: 2, to: 0)]),
    ]
    let output = runOperator(source) {
      $0.mapCollection { element in
        calls.increment()
        return "#\(element)"
      }
    }
    XCTAssertEqual(
      output.map(\.collection), [["#1", "#2", "#3"], ["#1", "#9", "#3", "#4"], ["#3", "#1", "#9", "#4"]])
    XCTAssertEqual(output.map(patchText), ["reload", "[update(1, #9), insert(#4, at: 3)]", "[move(2 → 0)]"])
    XCTAssertEqual(calls.count, 5, "3 for the reload, 2 for the update and the insert, none for the move")
    for (mapped, original) in zip(output.dropFirst(), source.dropFirst()) {
      XCTAssertEqual(mapped.diff, original.diff)
    }
  }

  func testRandomStreamsReplayAndMatchMappingDirectly() {
    withSeeds(0..<40) { seed, rng in
      let stream = randomOrderedStream(steps: 30, using: &rng)
      let output = runOperator(stream) { $0.mapCollection { $0 * 10 + 1 } }
      assertOperatorOutput(output, sources: stream, reference: { $0.map { $0 * 10 + 1 } }, "seed \(seed)")
      for (mapped, original) in zip(output, stream).dropFirst() where !original.isReload {
        XCTAssertEqual(mapped.diff, original.diff, "the source's diff, seed \(seed)")
      }
    }
  }

  func testSubscribersWithDifferentTimingEachGetAConsistentSequence() {
    withSeeds(0..<40) { seed, rng in
      let stream = randomOrderedStream(steps: 24, using: &rng)
      let secondStarts = Int.random(in: 1..<stream.count, using: &rng)
      let firstEnds = Int.random(in: secondStarts...stream.count, using: &rng)
      let run = runStaggered(stream, secondStarts: secondStarts, firstEnds: firstEnds) {
        $0.mapCollection { -$0 }
      }
      let reference: ([Int]) -> [Int] = { $0.map { -$0 } }
      assertOperatorOutput(run.first, sources: Array(run.firstSources), reference: reference, "seed \(seed), first")
      assertOperatorOutput(run.second, sources: Array(run.secondSources), reference: reference, "seed \(seed), second")
    }
  }

  func testLazyMapHasTheSourcesDiffAndPatchAndReadsThroughTheSourceCollection() {
    let reads = CallCounter()
    let source: [Changeset] = [
      .reload([1, 2, 3]),
      Changeset(collection: [2, 3, 7], patch: [.delete(at: 0), .insert(7, at: 2)]),
    ]
    let output = runOperator(source) {
      $0.lazyMapCollection { element in
        reads.increment()
        return element * 2
      }
    }
    XCTAssertEqual(reads.count, 1, "only the inserted element of the patch is mapped eagerly")
    XCTAssertEqual(output.first?.isReload, true)
    XCTAssertEqual(output.last.map { Array($0.collection) }, [4, 6, 14])
    XCTAssertEqual(output.last?.patch.map(\.description), ["delete(0)", "insert(14, at: 2)"])
    XCTAssertEqual(output.last?.diff, source.last?.diff)
  }

  func testLazyMapRandomStreamsReplayAndMatchMappingDirectly() {
    withSeeds(0..<50) { seed, rng in
      let stream = randomOrderedStream(steps: 30, using: &rng)
      let output = runOperator(stream) { $0.lazyMapCollection { $0 + 1000 } }.map { mappedForChecking($0) { $0 } }
      assertOperatorOutput(output, sources: stream, reference: { $0.map { $0 + 1000 } }, "seed \(seed)")
      for (mapped, original) in zip(output, stream) where !original.isReload {
        XCTAssertEqual(mapped.diff, original.diff, "seed \(seed)")
        XCTAssertEqual(mapped.patch, original.patch.map { $0.mappedForTest { $0 + 1000 } }, "seed \(seed)")
      }
    }
  }

  func testCompletionIsForwarded() {
    let subject = PassthroughSubject<Changeset, Never>()
    let recorder = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    recorder.observe(subject.mapCollection { $0 })
    subject.send(.reload([1]))
    subject.send(completion: .finished)
    XCTAssertTrue(recorder.isCompleted)
    XCTAssertEqual(recorder.elements.count, 1)
  }
}

extension OrderedCollectionOperation {
  /// The operation with its element mapped, for comparisons in tests.
  func mappedForTest<T>(_ transform: (Element) -> T) -> OrderedCollectionOperation<T, Index> {
    switch self {
    case .insert(let element, let index): .insert(transform(element), at: index)
    case .delete(let index): .delete(at: index)
    case .update(let index, let element): .update(at: index, newElement: transform(element))
    case .move(let from, let to): .move(from: from, to: to)
    }
  }
}
