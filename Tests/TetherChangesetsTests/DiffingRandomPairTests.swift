import Testing
import TetherChangesets
import TetherTestSupport

/// Seeded property tests over random old/new pairs of every shape, one test case per seed, for
/// every algorithm: a failing seed is named in the report and can be rerun alone.
///
/// Each diff is a valid batch update that turns old into new with exact updates and minimal
/// moves; the changeset replays, passes the validator, and diff -> patch -> diff is stable.
/// Duplicate identifiers are among the shapes, so the library's warnings about them are dropped.
@Suite(.silencedTetherWarnings) struct DiffingRandomPairTests {
  /// Heckel: k-th copies matched, every copy matched.
  @Test(arguments: 0..<1_200 as Range<UInt64>)
  func heckel(seed: UInt64) {
    checkRandomPair(algorithm: .heckel, seed: seed) { _, _ in
      DiffExpectations(minimalMoves: true, matchesEveryCopy: true, matchesKthCopies: true)
    }
  }

  /// Myers: additionally the shortest script (checked against dynamic programming where cheap).
  @Test(arguments: 10_000..<10_600 as Range<UInt64>)
  func myers(seed: UInt64) {
    checkRandomPair(algorithm: .myers(), seed: seed) { old, new in
      DiffExpectations(
        minimalMoves: true,
        matchesEveryCopy: false,
        matchesKthCopies: false,
        shortestScript: old.count * new.count <= 40_000,
        noMoves: true
      )
    }
  }

  /// Myers with move inference: deleted and inserted copies of an identifier pair up into moves,
  /// which are then minimal for the matching, and the script stays the shortest.
  @Test(arguments: 20_000..<20_600 as Range<UInt64>)
  func myersWithMoveInference(seed: UInt64) {
    checkRandomPair(algorithm: .myers(inferMoves: true), seed: seed) { old, new in
      DiffExpectations(
        minimalMoves: true,
        matchesEveryCopy: true,
        matchesKthCopies: false,
        shortestScript: old.count * new.count <= 40_000
      )
    }
  }

  private func checkRandomPair(
    algorithm: DiffAlgorithm,
    seed: UInt64,
    expectations: ([DiffItem], [DiffItem]) -> DiffExpectations
  ) {
    var rng = SeededRandomNumberGenerator(seed: seed)
    let shape = DiffingInputShape.allCases[Int(seed) % DiffingInputShape.allCases.count]
    let (old, new) = randomDiffingInput(shape, maxCount: 1_000, using: &rng)
    let diff = new.diff(from: old, algorithm: algorithm)
    let violation = diffViolation(diff, old: old, new: new, id: \.id, isEqual: ==, expecting: expectations(old, new))
    #expect(violation == nil, "\(shape), \(algorithm)\nold \(old)\nnew \(new)\ndiff \(diff)")
    guard violation == nil else { return }
    #expect(throws: Never.self) { try diff.validate(oldCount: old.count, newCount: new.count) }
    let changeset = OrderedCollectionChangeset(from: old, to: new, algorithm: algorithm)
    expectReplays(changeset, from: old, "\(shape), \(algorithm)")
    let patch = diff.generatePatch(to: new)
    #expect(OrderedCollectionDiff(from: patch, sourceCount: old.count) == diff)
  }
}
