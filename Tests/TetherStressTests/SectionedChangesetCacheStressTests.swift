import Dispatch
import Tether
import TetherTestSupport
import XCTest

/// Copies of one `SectionedDiffChangeset` read its derived form (the diff of one made from a
/// patch, the patch of one made from a diff) from several threads at once. Guards its documented
/// cache ("derived once on first use and shared by copies, guarded by a lock"): every reader gets
/// the value a lone reader gets, and the thread sanitizer stays quiet.
final class SectionedChangesetCacheStressTests: XCTestCase {
  private typealias Changeset = SectionedDiffChangeset<Array2D<Int, Int>>

  func testConcurrentFirstReadsOfDerivedForms() {
    var rng = SeededRandomNumberGenerator(seed: 19)
    for round in 0..<150 {
      let grid = MutableObservableArray2D<Int, Int>(
        Array2D(
          sections: (0..<Int.random(in: 1...4, using: &rng)).map { .init(metadata: $0, items: Array(0..<$0 * 3)) }))
      let changes = Shared<[TreeChangeset<Array2D<Int, Int>>]>([])
      let observation = grid.observeNext { changeset in changes.withLock { $0.append(changeset) } }
      grid.batchUpdate { batch in
        for operation in 0..<Int.random(in: 1...12, using: &rng) {
          Array2DBindingStressTests.edit(&batch, value: 1_000 + operation, using: &rng)
        }
      }
      observation.dispose()
      guard let source = changes.withLock({ $0.last }), !source.isReload else {
        XCTFail("round \(round): no changeset")
        continue
      }
      let steps = source.patch.map { operation -> PatchStep<IndexPath> in
        switch operation {
        case .insert(_, let path): .insert(path)
        case .delete(let path): .delete(path)
        case .update(let path, _): .update(path)
        case .move(let from, let to): .move(from: from, to: to)
        }
      }
      // What a lone reader derives, each from its own (unshared) cache.
      let expectedDiff = Changeset(collection: source.collection, patch: steps).diff
      let expectedPatch = Changeset(collection: source.collection, diff: expectedDiff).patch
      let fromPatch = Changeset(collection: source.collection, patch: steps)
      let fromDiff = Changeset(collection: source.collection, diff: expectedDiff)
      let mismatches = Shared(0)
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        let (copyFromPatch, copyFromDiff) = (fromPatch, fromDiff)
        // Half the threads read the forms in the other order, to race both derivations.
        if thread.isMultiple(of: 2) {
          if copyFromPatch.diff != expectedDiff { mismatches.withLock { $0 += 1 } }
          if copyFromDiff.patch != expectedPatch { mismatches.withLock { $0 += 1 } }
        } else {
          if copyFromDiff.patch != expectedPatch { mismatches.withLock { $0 += 1 } }
          if copyFromPatch.diff != expectedDiff { mismatches.withLock { $0 += 1 } }
        }
      }
      XCTAssertEqual(mismatches.withLock { $0 }, 0, "round \(round)")
    }
  }
}
