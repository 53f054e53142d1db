import TetherSynchronization
import TetherTestSupport
import XCTest

/// ``FIFOQueue``, the queue of every delivery engine: the same contents as an array under any
/// sequence of operations, and no element kept alive once it is popped or taken.
final class FIFOQueueTests: XCTestCase {
  final class Item {
    let id: Int

    init(_ id: Int) { self.id = id }
  }

  func testSeededRandomOperationsAgreeWithAnArray() {
    for seed in 0..<32 as Range<UInt64> {
      var random = SeededRandomNumberGenerator(seed: seed)
      var queue = FIFOQueue<Int>()
      var model: [Int] = []
      var next = 0
      for step in 0..<2_000 {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55:
          // Bursts of appends, so the head passes the compaction threshold with items behind it.
          for _ in 0..<Int.random(in: 1...8, using: &random) {
            queue.append(next)
            model.append(next)
            next += 1
          }
        case 55..<97:
          XCTAssertEqual(queue.popFirst(), model.isEmpty ? nil : model.removeFirst(), "seed \(seed), step \(step)")
        case 97..<99:
          let taken = queue.takeAll()
          XCTAssertEqual(Array(taken.elements), model, "seed \(seed), step \(step)")
          model.removeAll()
        default:
          queue.removeAll()
          model.removeAll()
        }
        XCTAssertEqual(queue.count, model.count, "seed \(seed), step \(step)")
        XCTAssertEqual(queue.isEmpty, model.isEmpty)
        XCTAssertEqual(queue.first, model.first)
        XCTAssertEqual(queue.last, model.last)
      }
      XCTAssertEqual(Array(queue.elements), model, "seed \(seed)")
    }
  }

  func testAPoppedElementIsReleasedAtOnceEvenWhileOthersWait() {
    var queue = FIFOQueue<Item>()
    weak var first: Item?
    do {
      let item = Item(0)
      first = item
      queue.append(item)
    }
    for id in 1..<10 { queue.append(Item(id)) }
    XCTAssertEqual(queue.popFirst()?.id, 0)
    XCTAssertNil(first, "the popped slot is cleared, not left until the storage is compacted")
    XCTAssertEqual(queue.count, 9)
  }

  func testTakeAllEmptiesTheQueueAndHandsOverItsElements() {
    var queue = FIFOQueue<Item>()
    weak var kept: Item?
    do {
      let item = Item(7)
      kept = item
      queue.append(item)
    }
    var taken = queue.takeAll()
    XCTAssertTrue(queue.isEmpty)
    XCTAssertNotNil(kept, "the taken queue owns it now")
    XCTAssertEqual(taken.popFirst()?.id, 7)
    XCTAssertNil(kept)
  }
}
