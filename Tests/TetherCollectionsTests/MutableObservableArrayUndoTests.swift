import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

/// Undo and redo by applying inverses: round trips over random mutation sequences.
final class MutableObservableArrayUndoTests: XCTestCase {
  func testUndoingAChangeRestoresTheOldCollection() {
    let array = MutableObservableArray(["a", "b", "c"])
    let log = ChangesetLog(array)
    array.remove(at: 0)
    let change = log.last
    array.undo(change, from: ["a", "b", "c"])
    XCTAssertEqual(array.collection, ["a", "b", "c"])
    assertReplays(log.last, from: ["b", "c"])
    array.apply(change)  // redo
    XCTAssertEqual(array.collection, ["b", "c"])
    assertReplays(log.last, from: ["a", "b", "c"])
  }

  func testUndoingAReloadReloadsTheOldCollection() {
    let array = MutableObservableArray([1, 2])
    let log = ChangesetLog(array)
    array.replace(with: [9])
    array.undo(log.last, from: [1, 2])
    XCTAssertEqual(array.collection, [1, 2])
    XCTAssertTrue(log.last.isReload)
  }

  func testRandomHistoriesUndoToEveryEarlierStateAndRedoBack() {
    withSeeds(0..<40) { seed, rng in
      var model = randomArray(count: Int.random(in: 0..<10, using: &rng), alphabet: 20, using: &rng)
      let array = MutableObservableArray(model)
      let log = ChangesetLog(array)
      var states = [model]
      for _ in 0..<15 {
        RandomArrayMutation.perform(on: array, model: &model, using: &rng)
        states.append(model)
      }
      let history = Array(log.changes)
      XCTAssertEqual(history.count, 15, "[seed \(seed)]")
      // Undo every change, newest first.
      for (index, change) in history.enumerated().reversed() {
        let emitted = log.changesets.count
        array.undo(change, from: states[index])
        XCTAssertEqual(array.collection, states[index], "undo of change \(index) [seed \(seed)]")
        XCTAssertEqual(log.changesets.count, emitted + 1)
        assertReplays(log.last, from: states[index + 1], "undo \(index) [seed \(seed)]")
      }
      // Redo them all, oldest first.
      for (index, change) in history.enumerated() {
        array.apply(change)
        XCTAssertEqual(array.collection, states[index + 1], "redo of change \(index) [seed \(seed)]")
        assertReplays(log.last, from: states[index], "redo \(index) [seed \(seed)]")
      }
    }
  }

  func testApplyingAPatchEmitsItAsOneChangeset() {
    let array = MutableObservableArray([1, 2, 3])
    let log = ChangesetLog(array)
    array.apply([.delete(at: 0), .insert(4, at: 2), .move(from: 0, to: 1)])
    XCTAssertEqual(array.collection, [3, 2, 4])
    XCTAssertEqual(log.changesets.count, 2)
    assertReplays(log.last, from: [1, 2, 3])
  }
}
