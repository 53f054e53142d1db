import Dispatch
import Tether
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Copies of one changeset read its derived form from several threads at once: every reader must
/// get the same, correct value (and the thread sanitizer must stay quiet).
final class ChangesetCacheStressTests: XCTestCase {
  func testConcurrentFirstReadsOfDerivedForms() {
    var rng = SeededRandomNumberGenerator(seed: 11)
    for round in 0..<200 {
      let old = randomArray(count: Int.random(in: 0...300, using: &rng), alphabet: 10, using: &rng)
      let patch = randomPatch(on: old, count: Int.random(in: 0...80, using: &rng), using: &rng)
      let new = old.applying(patch)
      let fromPatch = OrderedCollectionChangeset(collection: new, patch: patch)
      let expectedDiff = OrderedCollectionDiff(from: patch, sourceCount: old.count)
      let fromDiff = OrderedCollectionChangeset(collection: new, diff: expectedDiff)
      let expectedPatch = expectedDiff.generatePatch(to: new)
      let mismatches = Locked(0)
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        let copyFromPatch = fromPatch
        let copyFromDiff = fromDiff
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
