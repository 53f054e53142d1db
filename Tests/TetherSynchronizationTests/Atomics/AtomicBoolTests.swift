import Dispatch
import TetherSynchronization
import XCTest

/// ``AtomicBool``: load, store and exchange, and exactly one winner when threads race to flip it.
final class AtomicBoolTests: XCTestCase {
  func testLoadStoreAndExchange() {
    let flag = AtomicBool(false)
    XCTAssertFalse(flag.load(ordering: .relaxed))
    flag.store(true, ordering: .releasing)
    XCTAssertTrue(flag.load(ordering: .acquiring))
    XCTAssertTrue(flag.exchange(false, ordering: .acquiringAndReleasing))
    XCTAssertFalse(flag.exchange(false, ordering: .sequentiallyConsistent))
    XCTAssertFalse(flag.load(ordering: .sequentiallyConsistent))
    XCTAssertTrue(AtomicBool(true).load(ordering: .relaxed))
  }

  func testExactlyOneThreadFlipsItFirst() {
    for round in 0..<200 {
      let flag = AtomicBool(false)
      let winners = AtomicInt(0)
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        if !flag.exchange(true, ordering: .acquiringAndReleasing) { winners.add(1, ordering: .relaxed) }
      }
      XCTAssertEqual(winners.load(ordering: .relaxed), 1, "round \(round)")
    }
  }
}
