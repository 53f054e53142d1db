import TetherChangesets
import TetherTestSupport
import XCTest

/// Seeded random operation sequences run on a `PersistentArray` and an `Array` side by side;
/// copies taken along the way must never change afterwards. Every mutation also checks the
/// tree's invariants (debug builds).
final class PersistentArrayPropertyTests: XCTestCase {
  func testRandomOperationSequencesMatchArrayAndSnapshotsNeverChange() {
    withSeeds(0..<24) { seed, rng in
      let initialCount = Int.random(in: 0...3_000, using: &rng)
      var expected = Array(0..<initialCount)
      var list = PersistentArray(expected)
      var snapshots: [(list: PersistentArray<Int>, array: [Int])] = []
      var nextValue = initialCount
      for step in 0..<400 {
        let operation = Self.randomOperation(count: expected.count, using: &rng)
        Self.apply(operation, to: &expected, nextValue: &nextValue)
        nextValue -= operation.valuesUsed
        Self.apply(operation, to: &list, nextValue: &nextValue)
        XCTAssertEqual(list.count, expected.count, "seed \(seed) step \(step) \(operation)")
        guard Array(list) == expected else {
          XCTFail("seed \(seed) step \(step) after \(operation): the list differs from the array")
          return
        }
        if Int.random(in: 0..<10, using: &rng) == 0 {
          snapshots.append((list, expected))
        }
        if step % 50 == 0 {
          for (offset, snapshot) in snapshots.enumerated() {
            XCTAssertEqual(Array(snapshot.list), snapshot.array, "seed \(seed) step \(step) snapshot \(offset)")
          }
        }
      }
      list._checkInvariants()
      for (offset, snapshot) in snapshots.enumerated() {
        snapshot.list._checkInvariants()
        XCTAssertEqual(Array(snapshot.list), snapshot.array, "seed \(seed) final snapshot \(offset)")
        XCTAssertEqual(snapshot.list.count, snapshot.array.count)
      }
    }
  }

  func testSubscriptReadsAndWritesMatchArrayAcrossHeights() {
    withSeeds(0..<4) { seed, rng in
      let count = [70, 2_049, 70_000, 140_000][Int(seed)]
      var expected = Array(0..<count)
      var list = PersistentArray(expected)
      let snapshot = list
      for _ in 0..<500 {
        let index = Int.random(in: 0..<count, using: &rng)
        XCTAssertEqual(list[index], expected[index], "seed \(seed) index \(index)")
        let value = Int.random(in: 0..<1_000_000, using: &rng)
        list[index] = value
        expected[index] = value
      }
      XCTAssertEqual(Array(list), expected, "seed \(seed)")
      XCTAssertTrue(snapshot.elementsEqual(0..<count), "seed \(seed): the snapshot changed")
      list._checkInvariants()
    }
  }

  func testAppendsThenRemovalsFromEitherEndKeepTheShape() {
    var list = PersistentArray<Int>()
    var expected: [Int] = []
    for value in 0..<5_000 {
      list.append(value)
      expected.append(value)
    }
    list._checkInvariants()
    XCTAssertEqual(Array(list), expected)
    var front = list
    var back = list
    for _ in 0..<5_000 {
      front.removeFirst()
      back.removeLast()
    }
    XCTAssertTrue(front.isEmpty)
    XCTAssertTrue(back.isEmpty)
    XCTAssertEqual(Array(list), expected)
  }

  // MARK: Operations

  enum Operation: CustomStringConvertible {
    case append
    case insert(Int)
    case remove(Int)
    case set(Int)
    case move(Int, Int)
    case swap(Int, Int)
    case replace(Range<Int>, Int)
    case appendContents(Int)
    case removeEvery(Int)
    case removeAll

    var valuesUsed: Int {
      switch self {
      case .append, .insert, .set: 1
      case .replace(_, let inserted), .appendContents(let inserted): inserted
      case .remove, .move, .swap, .removeEvery, .removeAll: 0
      }
    }

    var description: String {
      switch self {
      case .append: "append"
      case .insert(let index): "insert at \(index)"
      case .remove(let index): "remove at \(index)"
      case .set(let index): "set \(index)"
      case .move(let from, let to): "move \(from) -> \(to)"
      case .swap(let first, let second): "swap \(first) \(second)"
      case .replace(let range, let inserted): "replace \(range) with \(inserted)"
      case .appendContents(let inserted): "append \(inserted)"
      case .removeEvery(let divisor): "remove every multiple of \(divisor)"
      case .removeAll: "remove all"
      }
    }
  }

  static func randomOperation(count: Int, using rng: inout SeededRandomNumberGenerator) -> Operation {
    let roll = Int.random(in: 0..<100, using: &rng)
    if count == 0 {
      return roll < 50 ? .appendContents(Int.random(in: 1...300, using: &rng)) : .append
    }
    switch roll {
    case 0..<20: return .append
    case 20..<40: return .insert(Int.random(in: 0...count, using: &rng))
    case 40..<60: return .remove(Int.random(in: 0..<count, using: &rng))
    case 60..<70: return .set(Int.random(in: 0..<count, using: &rng))
    case 70..<76: return .move(Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
    case 76..<80: return .swap(Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
    case 80..<92:
      let lower = Int.random(in: 0...count, using: &rng)
      let length = Int.random(in: 0...Swift.min(count - lower, roll < 88 ? 8 : 400), using: &rng)
      return .replace(lower..<lower + length, Int.random(in: 0...(roll < 88 ? 8 : 400), using: &rng))
    case 92..<97: return .appendContents(Int.random(in: 0...(roll < 95 ? 5 : 500), using: &rng))
    case 97..<99: return .removeEvery(Int.random(in: 2...5, using: &rng))
    default: return count > 2_000 ? .removeAll : .append
    }
  }

  static func apply<C: RangeReplaceableCollection & MutableCollection>(
    _ operation: Operation,
    to collection: inout C,
    nextValue: inout Int
  ) where C.Element == Int, C.Index == Int {
    func fresh(_ count: Int) -> [Int] {
      defer { nextValue += count }
      return Array(nextValue..<nextValue + count)
    }
    switch operation {
    case .append: collection.append(fresh(1)[0])
    case .insert(let index): collection.insert(fresh(1)[0], at: index)
    case .remove(let index): collection.remove(at: index)
    case .set(let index): collection[index] = fresh(1)[0]
    case .move(let from, let to):
      let element = collection.remove(at: from)
      collection.insert(element, at: to)
    case .swap(let first, let second): collection.swapAt(first, second)
    case .replace(let range, let inserted): collection.replaceSubrange(range, with: fresh(inserted))
    case .appendContents(let inserted): collection.append(contentsOf: fresh(inserted))
    case .removeEvery(let divisor): collection.removeAll { $0 % divisor == 0 }
    case .removeAll: collection.removeAll()
    }
  }
}
