import Foundation
import TetherSynchronization
import XCTest

/// The delivery helpers: the hand-over budget and queue, and the per-thread delivering mark.
/// Unbalanced `leave`s trap in debug builds: see `SynchronizationTrapTests`.
final class DeliveryHandOverTests: XCTestCase {
  func testTheBudgetIsPositive() {
    XCTAssertEqual(deliveryHandOverBudget, 4_096)
  }

  /// Handed-over deliveries run one at a time, in the order they were handed over, off the
  /// calling thread.
  func testHandedOverDeliveriesRunSeriallyInOrder() {
    let log = Shared(Locked([Int]()))
    let inside = Shared(AtomicInt(0))
    let overlaps = Shared(AtomicInt(0))
    let caller = currentThreadIdentifier()
    let offCaller = Shared(AtomicBool(true))
    let done = DispatchGroup()
    for index in 0..<200 {
      done.enter()
      handOverDelivery {
        if inside.value.add(1, ordering: .relaxed).oldValue != 0 { overlaps.value.add(1, ordering: .relaxed) }
        if currentThreadIdentifier() == caller { offCaller.value.store(false, ordering: .relaxed) }
        log.value.withLock { $0.append(index) }
        inside.value.subtract(1, ordering: .relaxed)
        done.leave()
      }
    }
    done.wait()
    XCTAssertEqual(log.value.withLock { $0 }, Array(0..<200))
    XCTAssertEqual(overlaps.value.load(ordering: .relaxed), 0)
    XCTAssertTrue(offCaller.value.load(ordering: .relaxed))
  }

  func testEnterAndLeaveNest() {
    XCTAssertFalse(DeliveringThread.isDelivering)
    let depth = DeliveringThread.depth.pointee
    let outer = DeliveringThread.enter()
    XCTAssertTrue(DeliveringThread.isDelivering)
    let inner = DeliveringThread.enter()
    XCTAssertEqual(DeliveringThread.depth.pointee, depth + 2)
    DeliveringThread.leave(inner)
    XCTAssertTrue(DeliveringThread.isDelivering, "still inside the outer delivery")
    DeliveringThread.leave(outer)
    XCTAssertFalse(DeliveringThread.isDelivering)
    XCTAssertEqual(DeliveringThread.depth.pointee, depth)
  }

  func testTheMarkIsPerThread() {
    let cell = DeliveringThread.enter()
    defer { DeliveringThread.leave(cell) }
    let elsewhere = Shared(AtomicBool(true))
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      elsewhere.value.store(DeliveringThread.isDelivering, ordering: .relaxed)
      let cell = DeliveringThread.enter()
      DeliveringThread.leave(cell)
      done.signal()
    }
    done.wait()
    XCTAssertFalse(elsewhere.value.load(ordering: .relaxed), "another thread is not delivering")
    XCTAssertTrue(DeliveringThread.isDelivering, "the other thread's enter and leave did not touch this one's")
  }
}
