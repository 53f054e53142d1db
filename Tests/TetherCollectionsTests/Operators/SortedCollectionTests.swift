import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class SortedCollectionTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>

  func testAnUpdateThatChangesRankIsAMovePlusAnUpdate() {
    var source = [5, 1, 3]
    var stream: [Changeset] = [.reload(source)]
    for patch: [OrderedCollectionOperation<Int, Int>] in [
      [.insert(4, at: 0)],  // sorted [1, 3, 4, 5]: an insert at rank 2
      [.update(at: 2, newElement: 6)],  // 1 → 6 changes rank: a move to the end, then an update
      [.update(at: 3, newElement: 2)],  // 3 → 2 keeps rank 0: an update only
      [.move(from: 0, to: 3)],  // moving a source element changes nothing in the sorted output
      [.delete(at: 0)],  // deletes 5 at rank 2
    ] {
      source.apply(patch)
      stream.append(Changeset(collection: source, patch: patch))
    }
    let output = runOperator(stream) { $0.sortedCollection() }
    XCTAssertEqual(
      output.map(patchText),
      [
        "reload", "[insert(4, at: 2)]", "[move(0 → 3), update(3, 6)]", "[update(0, 2)]", "[]", "[delete(2)]",
      ])
    XCTAssertEqual(
      output.map(\.collection), [[1, 3, 5], [1, 3, 4, 5], [3, 4, 5, 6], [2, 4, 5, 6], [2, 4, 5, 6], [2, 4, 6]])
    let rankChange = output[2].diff
    XCTAssertEqual(rankChange.moves.map { [$0.from, $0.to] }, [[0, 3]])
    XCTAssertEqual(rankChange.updates, [0], "the update is listed at the element's old offset")
    assertOperatorOutput(output, sources: stream, reference: { $0.sorted() }, "hand-picked")
  }

  func testRandomStreamsReplayAndMatchSortingDirectly() {
    withSeeds(0..<60) { seed, rng in
      let stream = randomOrderedStream(steps: 30, alphabet: 30, using: &rng)
      let output = runOperator(stream) { $0.sortedCollection() }
      assertOperatorOutput(output, sources: stream, reference: { $0.sorted() }, "seed \(seed)")
    }
  }

  func testDescendingComparatorMatchesSortingDirectly() {
    withSeeds(0..<30) { seed, rng in
      let stream = randomOrderedStream(steps: 30, alphabet: 30, using: &rng)
      let output = runOperator(stream) { $0.sortedCollection(by: { $0 > $1 }) }
      assertOperatorOutput(output, sources: stream, reference: { $0.sorted(by: >) }, "seed \(seed)")
    }
  }

  /// Elements that compare equal keep their source order, exactly like the standard library's
  /// stable sort, also when the source moves them relative to each other.
  func testTiesKeepSourceOrderLikeAStableSort() {
    withSeeds(0..<80) { seed, rng in
      // Elements are unique integers; the sort key (value / 10) has many ties.
      var next = 0
      func fresh(_ rng: inout SeededRandomNumberGenerator) -> Int {
        next += 1
        return next * 1000 + Int.random(in: 0..<60, using: &rng)
      }
      var current = (0..<Int.random(in: 0..<20, using: &rng)).map { _ in fresh(&rng) }
      var stream: [Changeset] = [.reload(current)]
      for _ in 0..<25 {
        let patch = randomPatch(on: current, count: Int.random(in: 0...5, using: &rng), using: &rng, makeElement: fresh)
        current.apply(patch)
        stream.append(Changeset(collection: current, patch: patch))
      }
      let key: @Sendable (Int) -> Int = { ($0 % 1000) / 10 }
      let output = runOperator(stream) { $0.sortedCollection(on: key) }
      assertOperatorOutput(
        output, sources: stream, reference: { $0.sorted { key($0) < key($1) } }, "seed \(seed)")
    }
  }

  func testSubscribersWithDifferentTimingEachGetAConsistentSequence() {
    withSeeds(0..<40) { seed, rng in
      let stream = randomOrderedStream(steps: 24, alphabet: 20, using: &rng)
      let secondStarts = Int.random(in: 1..<stream.count, using: &rng)
      let firstEnds = Int.random(in: secondStarts...stream.count, using: &rng)
      let run = runStaggered(stream, secondStarts: secondStarts, firstEnds: firstEnds) { $0.sortedCollection() }
      let reference: ([Int]) -> [Int] = { $0.sorted() }
      assertOperatorOutput(run.first, sources: Array(run.firstSources), reference: reference, "seed \(seed), first")
      assertOperatorOutput(run.second, sources: Array(run.secondSources), reference: reference, "seed \(seed), second")
    }
  }

  func testLargeChangesetsOnALargeArrayStayCorrect() {
    withSeeds(0..<5) { seed, rng in
      var current = randomArray(count: 2000, alphabet: 500, using: &rng)
      var stream: [Changeset] = [.reload(current)]
      for count in [1, 3, 15, 17, 400] {
        let patch = randomPatch(on: current, count: count, alphabet: 500, using: &rng)
        current.apply(patch)
        stream.append(Changeset(collection: current, patch: patch))
      }
      let output = runOperator(stream) { $0.sortedCollection() }
      assertOperatorOutput(output, sources: stream, reference: { $0.sorted() }, "seed \(seed)")
    }
  }
}
