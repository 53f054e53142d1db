import Dispatch
import TetherSynchronization
import XCTest

/// ``AtomicInt``: each operation's result on one thread, then no lost update when threads race.
final class AtomicIntTests: XCTestCase {
  func testLoadStoreAndExchange() {
    let value = AtomicInt(3)
    XCTAssertEqual(value.load(ordering: .relaxed), 3)
    value.store(-8, ordering: .releasing)
    XCTAssertEqual(value.load(ordering: .acquiring), -8)
    XCTAssertEqual(value.exchange(Int.max, ordering: .acquiringAndReleasing), -8)
    XCTAssertEqual(value.load(ordering: .sequentiallyConsistent), Int.max)
  }

  func testCompareExchangeReplacesOnlyTheExpectedValue() {
    let value = AtomicInt(5)
    let missed = value.compareExchange(expected: 4, desired: 9, ordering: .acquiringAndReleasing)
    XCTAssertFalse(missed.exchanged)
    XCTAssertEqual(missed.original, 5)
    XCTAssertEqual(value.load(ordering: .relaxed), 5)
    let hit = value.compareExchange(expected: 5, desired: 9, ordering: .acquiringAndReleasing)
    XCTAssertTrue(hit.exchanged)
    XCTAssertEqual(hit.original, 5)
    XCTAssertEqual(value.load(ordering: .relaxed), 9)
  }

  func testAddAndSubtractReturnTheValuesBeforeAndAfter() {
    let value = AtomicInt(10)
    XCTAssertTrue(value.add(5, ordering: .relaxed) == (10, 15))
    XCTAssertTrue(value.add(-20, ordering: .relaxed) == (15, -5))
    XCTAssertTrue(value.subtract(3, ordering: .relaxed) == (-5, -8))
    XCTAssertTrue(value.subtract(-8, ordering: .relaxed) == (-8, 0))
    XCTAssertEqual(value.load(ordering: .relaxed), 0)
  }

  func testAddAndSubtractReachTheLimitsWithoutTrapping() {
    let value = AtomicInt(Int.max - 1)
    XCTAssertTrue(value.add(1, ordering: .relaxed) == (Int.max - 1, Int.max))
    value.store(Int.min + 1, ordering: .relaxed)
    XCTAssertTrue(value.subtract(1, ordering: .relaxed) == (Int.min + 1, Int.min))
    // Overflowing traps (SynchronizationTrapTests); the wrapping operations wrap.
  }

  func testWrappingOperationsWrapAround() {
    let value = AtomicInt(Int.max)
    XCTAssertTrue(value.wrappingAdd(1, ordering: .relaxed) == (Int.max, Int.min))
    XCTAssertTrue(value.wrappingSubtract(1, ordering: .relaxed) == (Int.min, Int.max))
    XCTAssertEqual(value.load(ordering: .relaxed), Int.max)
  }

  func testMaxReplacesOnlyWithALargerValue() {
    let value = AtomicInt(4)
    XCTAssertTrue(value.max(2, ordering: .relaxed) == (4, 4))
    XCTAssertTrue(value.max(4, ordering: .relaxed) == (4, 4))
    XCTAssertTrue(value.max(11, ordering: .relaxed) == (4, 11))
    XCTAssertEqual(value.load(ordering: .relaxed), 11)
  }

  func testEveryOrderingPerformsTheOperation() {
    let updates: [AtomicUpdateOrdering] = [
      .relaxed, .acquiring, .releasing, .acquiringAndReleasing, .sequentiallyConsistent,
    ]
    let value = AtomicInt(0)
    for (index, ordering) in updates.enumerated() {
      XCTAssertEqual(value.exchange(index, ordering: ordering), index == 0 ? 0 : index - 1, "\(ordering)")
      XCTAssertTrue(value.compareExchange(expected: index, desired: index, ordering: ordering).exchanged, "\(ordering)")
      XCTAssertFalse(value.compareExchange(expected: -1, desired: 0, ordering: ordering).exchanged, "\(ordering)")
      XCTAssertEqual(value.add(1, ordering: ordering).newValue, index + 1, "\(ordering)")
      XCTAssertEqual(value.subtract(1, ordering: ordering).newValue, index, "\(ordering)")
      XCTAssertEqual(value.max(index, ordering: ordering).newValue, index, "\(ordering)")
    }
    for ordering in [AtomicLoadOrdering.relaxed, .acquiring, .sequentiallyConsistent] {
      XCTAssertEqual(value.load(ordering: ordering), updates.count - 1, "\(ordering)")
    }
    for (index, ordering) in [AtomicStoreOrdering.relaxed, .releasing, .sequentiallyConsistent].enumerated() {
      value.store(100 + index, ordering: ordering)
      XCTAssertEqual(value.load(ordering: .relaxed), 100 + index, "\(ordering)")
    }
  }

  // MARK: Under threads

  static let threads = 4
  static let iterations = 5_000

  func testConcurrentAddsLoseNoUpdate() {
    let value = AtomicInt(0)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      for _ in 0..<Self.iterations {
        value.add(1, ordering: .relaxed)
        value.wrappingAdd(2, ordering: .relaxed)
        value.subtract(1, ordering: .relaxed)
      }
    }
    XCTAssertEqual(value.load(ordering: .relaxed), 2 * Self.threads * Self.iterations)
  }

  func testConcurrentCompareExchangeIncrementsLoseNoUpdate() {
    let value = AtomicInt(0)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      for _ in 0..<Self.iterations {
        var current = value.load(ordering: .relaxed)
        while true {
          let (exchanged, original) = value.compareExchange(
            expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
          if exchanged { break }
          current = original
        }
      }
    }
    XCTAssertEqual(value.load(ordering: .relaxed), Self.threads * Self.iterations)
  }

  func testConcurrentMaxKeepsTheLargest() {
    let value = AtomicInt(Int.min)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for step in 0..<Self.iterations { value.max(step * Self.threads + thread, ordering: .relaxed) }
    }
    XCTAssertEqual(value.load(ordering: .relaxed), Self.iterations * Self.threads - 1)
  }

  /// Each exchange hands back the value exactly one other exchange (or the initial store) put in:
  /// over all threads, the values returned plus the final one are every value put in, once each.
  func testConcurrentExchangesHandEachValueOnToExactlyOneThread() {
    let value = AtomicInt(-1)
    let returned = Locked([Int]())
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      var mine: [Int] = []
      for step in 0..<Self.iterations {
        mine.append(value.exchange(step * Self.threads + thread, ordering: .acquiringAndReleasing))
      }
      returned.withLock { $0.append(contentsOf: mine) }
    }
    var all = returned.withLock { $0 }
    all.append(value.load(ordering: .relaxed))
    XCTAssertEqual(all.sorted(), Array(-1..<(Self.threads * Self.iterations)))
  }

  /// A releasing store publishes the plain writes before it to an acquiring load that sees it.
  func testReleaseAcquirePublishesPlainWrites() {
    final class Box: @unchecked Sendable {
      var payload = 0
    }
    let box = Box()
    let flag = Shared(AtomicInt(0))
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      box.payload = 42
      flag.value.store(1, ordering: .releasing)
      done.signal()
    }
    while flag.value.load(ordering: .acquiring) == 0 {}
    XCTAssertEqual(box.payload, 42)
    done.wait()
  }
}
