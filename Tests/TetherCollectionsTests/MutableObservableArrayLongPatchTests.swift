import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

/// Long patches (applied by rebuilding the array, prepared outside the lock) emit the patch and
/// leave the same collection as replaying it would.
final class MutableObservableArrayLongPatchTests: XCTestCase {
  func testLongPatchesAndUndoingASortMatchReplaying() {
    var rng = SeededRandomNumberGenerator(seed: 7)
    let source = randomArray(count: 3_000, alphabet: 10_000, using: &rng)
    let array = MutableObservableArray(source)
    let log = ChangesetLog(array)
    // Moves from the front to the back shift nearly every element: the array is rebuilt.
    let patch =
      (0..<500).map { step -> OrderedCollectionOperation<Int, Int> in
        step.isMultiple(of: 2) ? .move(from: 0, to: 2_999) : .insert(-step, at: 1)
      } + randomPatch(on: [Int](repeating: 0, count: 3_250), count: 300, using: &rng)
    var expected = source
    for operation in patch { expected.apply(operation) }
    array.apply(patch)
    XCTAssertEqual(array.collection, expected)
    XCTAssertEqual(log.last.patch, patch)
    assertReplays(log.last, from: source)

    array.sort()
    let sorted = log.last
    array.undo(sorted, from: expected)
    XCTAssertEqual(array.collection, expected)
    assertReplays(log.last, from: expected.sorted())
  }
}
