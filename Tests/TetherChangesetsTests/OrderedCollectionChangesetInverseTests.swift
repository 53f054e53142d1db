import TetherChangesets
import TetherTestSupport
import XCTest

final class OrderedCollectionChangesetInverseTests: XCTestCase {
  func testTheInverseOfADeleteInsertsTheElementBack() {
    let change = OrderedCollectionChangeset(collection: ["b", "c"], patch: [.delete(at: 0)])
    let undo = change.inverted(from: ["a", "b", "c"])
    XCTAssertEqual(undo.collection, ["a", "b", "c"])
    XCTAssertEqual(undo.diff, OrderedCollectionDiff(inserts: [0]))
    XCTAssertEqual(undo.patch, [.insert("a", at: 0)])
  }

  func testTheInverseOfAnUpdatedMoveUpdatesAtTheMoveTarget() {
    // a b c -> b c A: a moved to 2 and updated.
    let change = OrderedCollectionChangeset(
      collection: ["b", "c", "A"],
      patch: [.move(from: 0, to: 2), .update(at: 2, newElement: "A")]
    )
    let undo = change.inverted(from: ["a", "b", "c"])
    XCTAssertEqual(undo.diff, OrderedCollectionDiff(updates: [2], moves: [(from: 2, to: 0)]))
    assertReplays(undo, from: ["b", "c", "A"])
  }

  func testTheInverseOfAReloadIsAReload() {
    let undo = OrderedCollectionChangeset.reload([1]).inverted(from: [1, 2])
    XCTAssertTrue(undo.isReload)
    XCTAssertEqual(undo.collection, [1, 2])
  }

  func testUndoAndRedoRoundTrip() {
    withSeeds(0..<500) { seed, rng in
      let old = randomArray(count: Int.random(in: 0...120, using: &rng), alphabet: 6, using: &rng)
      let patch = randomPatch(on: old, count: Int.random(in: 0...40, using: &rng), alphabet: 6, using: &rng)
      let change = OrderedCollectionChangeset(collection: old.applying(patch), patch: patch)
      let undo = change.inverted(from: old)
      XCTAssertEqual(undo.collection, old, "seed \(seed)")
      assertReplays(undo, from: change.collection, "undo, seed \(seed)")
      let redo = undo.inverted(from: change.collection)
      assertReplays(redo, from: old, "redo, seed \(seed)")
      XCTAssertEqual(redo.diff.normalized(), change.diff, "seed \(seed)")
      XCTAssertEqual(undo.diff.inverted(), change.diff, "seed \(seed)")
    }
  }

  func testEveryStepOfAHistoryCanBeUndone() {
    var rng = SeededRandomNumberGenerator(seed: 99)
    var states = [randomArray(count: 30, alphabet: 5, using: &rng)]
    var undos: [OrderedCollectionChangeset<[Int]>] = []
    for _ in 0..<20 {
      let current = states.last!
      let patch = randomPatch(on: current, count: 5, alphabet: 5, using: &rng)
      let change = OrderedCollectionChangeset(collection: current.applying(patch), patch: patch)
      undos.append(change.inverted(from: current))
      states.append(change.collection)
    }
    var current = states.last!
    for (undo, expected) in zip(undos.reversed(), states.dropLast().reversed()) {
      current.apply(undo.patch)
      XCTAssertEqual(current, expected)
    }
  }
}
