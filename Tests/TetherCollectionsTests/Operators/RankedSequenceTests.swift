import TetherTestSupport
import XCTest

@testable import TetherCollections

/// The index map behind `filterCollection` and `sortedCollection`, checked against a plain array
/// model under random positional edits.
final class RankedSequenceTests: XCTestCase {
  func testRandomEditsMatchAnArrayModel() {
    withSeeds(0..<20) { seed, rng in
      var sequence = RankedSequence()
      var pool = IDPool()
      var model: [(id: Int, flagged: Bool)] = []
      let initial = Int.random(in: 0..<30, using: &rng)
      for _ in 0..<initial { model.append((pool.make(), Bool.random(using: &rng))) }
      let flags = Dictionary(uniqueKeysWithValues: model.map { ($0.id, $0.flagged) })
      sequence.build(model.map(\.id)) { flags[$0]! }
      for step in 0..<150 {
        let context = "seed \(seed), step \(step)"
        switch Int.random(in: 0..<5, using: &rng) {
        case 0, 1:
          let position = Int.random(in: 0...model.count, using: &rng)
          let entry = (id: pool.make(), flagged: Bool.random(using: &rng))
          sequence.insert(entry.id, at: position, isFlagged: entry.flagged)
          model.insert(entry, at: position)
        case 2 where !model.isEmpty:
          let position = Int.random(in: 0..<model.count, using: &rng)
          let removed = sequence.remove(at: position)
          XCTAssertEqual(removed, model.remove(at: position).id, context)
          pool.release(removed)
        case 3 where !model.isEmpty:
          let position = Int.random(in: 0..<model.count, using: &rng)
          let flagged = Bool.random(using: &rng)
          sequence.setFlagged(model[position].id, flagged)
          model[position].flagged = flagged
        case 4 where !model.isEmpty:
          let (from, to) = (Int.random(in: 0..<model.count, using: &rng), Int.random(in: 0..<model.count, using: &rng))
          let id = sequence.remove(at: from)
          sequence.insert(id, at: to, isFlagged: sequence.isFlagged(id))
          model.insert(model.remove(at: from), at: to)
        default:
          break
        }
        XCTAssertEqual(sequence.count, model.count, context)
        XCTAssertEqual(sequence.flaggedCount, model.filter(\.flagged).count, context)
        var inOrder: [Int] = []
        sequence.forEach { inOrder.append($0) }
        XCTAssertEqual(inOrder, model.map(\.id), context)
        for (position, entry) in model.enumerated() {
          XCTAssertEqual(sequence.id(at: position), entry.id, context)
          XCTAssertEqual(sequence.position(of: entry.id), position, context)
          XCTAssertEqual(
            sequence.flaggedCount(before: position), model[..<position].filter(\.flagged).count, context)
        }
        XCTAssertEqual(sequence.flaggedCount(before: model.count), model.filter(\.flagged).count, context)
      }
    }
  }

  func testInsertionPositionFindsTheUpperBoundOfAnOrderedSequence() {
    var sequence = RankedSequence()
    let values = [10, 20, 20, 30]
    sequence.build(values.indices)
    XCTAssertEqual(sequence.insertionPosition { values[$0] > 5 }, 0)
    XCTAssertEqual(sequence.insertionPosition { values[$0] > 20 }, 3, "after equal values")
    XCTAssertEqual(sequence.insertionPosition { values[$0] > 99 }, 4)
  }

  func testIDPoolReusesReleasedIDs() {
    var pool = IDPool()
    XCTAssertEqual([pool.make(), pool.make(), pool.make()], [0, 1, 2])
    pool.release(1)
    XCTAssertEqual(pool.make(), 1)
    XCTAssertEqual(pool.make(), 3)
  }
}
