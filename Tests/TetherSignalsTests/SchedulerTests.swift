import Dispatch
import Foundation
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

final class SchedulerTests: XCTestCase {
  func testImmediateRunsSynchronously() {
    let ran = AtomicBool(false)
    ExecutionContext.immediate.execute { ran.store(true, ordering: .relaxed) }
    XCTAssertTrue(ran.load(ordering: .relaxed))
  }

  func testDispatchQueueContextRunsOnTheQueue() {
    let queue = DispatchQueue(label: "test")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 7)
    let seen = AtomicInt(0)
    queue.context.execute { seen.store(DispatchQueue.getSpecific(key: key) ?? -1, ordering: .relaxed) }
    queue.sync {}
    XCTAssertEqual(seen.load(ordering: .relaxed), 7)
  }

  func testGlobalContextRunsTheAction() {
    let done = expectation(description: "ran")
    ExecutionContext.global(qos: .utility).execute { done.fulfill() }
    wait(for: [done], timeout: 10)
  }

  func testImmediateOnMainRunsSynchronouslyOnTheMainThread() {
    XCTAssertTrue(Thread.isMainThread)
    let ran = AtomicBool(false)
    ExecutionContext.immediateOnMain.execute { ran.store(true, ordering: .relaxed) }
    XCTAssertTrue(ran.load(ordering: .relaxed))
  }

  func testDispatchQueueDelayedActionCanBeCancelled() {
    let queue = DispatchQueue(label: "test")
    let ran = expectation(description: "ran")
    let cancelled = AtomicBool(false)
    let gate = DispatchSemaphore(value: 0)
    queue.async { gate.wait() }  // holds the queue until the first action is cancelled
    let cancel = queue.schedule(after: 0) { cancelled.store(true, ordering: .relaxed) }
    queue.schedule(after: 0) { ran.fulfill() }
    cancel.dispose()
    gate.signal()
    wait(for: [ran], timeout: 10)
    queue.sync {}
    XCTAssertFalse(cancelled.load(ordering: .relaxed))
  }

  /// A cancelled delayed action is released when it is cancelled, not when its deadline passes:
  /// what it captures (an operator's observer) must not outlive a long cancelled wait.
  func testCancelledDelayedActionsAreReleasedAtOnce() {
    let schedulers: [(String, any Scheduler)] = [
      ("DispatchQueue", DispatchQueue(label: "test")),
      ("default schedule(after:)", ExecutionContext.global()),
    ]
    for (name, scheduler) in schedulers {
      weak var weakCaptured: Captured?
      do {
        let captured = Captured()
        weakCaptured = captured
        let cancel = scheduler.schedule(after: 3_600) { withExtendedLifetime(captured) {} }
        cancel.dispose()
      }
      XCTAssertNil(weakCaptured, name)
    }
  }

  func testDefaultDelayedSchedulingHandsTheActionToTheScheduler() {
    let ran = expectation(description: "ran")
    ExecutionContext.global().schedule(after: 0) { ran.fulfill() }
    wait(for: [ran], timeout: 10)
    XCTAssertGreaterThan(ExecutionContext.immediate.now, 0)
  }

  func testVirtualTimeRunsActionsInTimeOrderOnlyWhenAdvanced() {
    let scheduler = VirtualTimeScheduler()
    let log = EventRecorder<String, Never>()
    scheduler.schedule(after: 2) { log.record(.next("b@\(scheduler.now)")) }
    scheduler.schedule(after: 1) { log.record(.next("a@\(scheduler.now)")) }
    scheduler.schedule(after: 2) { log.record(.next("c@\(scheduler.now)")) }
    scheduler.schedule { log.record(.next("now@\(scheduler.now)")) }
    XCTAssertEqual(log.elements, [])
    XCTAssertEqual(scheduler.pendingCount, 4)
    scheduler.advance(by: 1.5)
    XCTAssertEqual(log.elements, ["now@0.0", "a@1.0"])
    XCTAssertEqual(scheduler.now, 1.5)
    scheduler.advance(by: 0.5)
    XCTAssertEqual(log.elements, ["now@0.0", "a@1.0", "b@2.0", "c@2.0"])
  }

  func testVirtualTimeRunsActionsScheduledByActionsWhenDue() {
    let scheduler = VirtualTimeScheduler()
    let log = EventRecorder<Double, Never>()
    scheduler.schedule(after: 1) {
      log.record(.next(scheduler.now))
      scheduler.schedule(after: 1) { log.record(.next(scheduler.now)) }
      scheduler.schedule(after: 5) { log.record(.next(scheduler.now)) }
    }
    scheduler.advance(by: 3)
    XCTAssertEqual(log.elements, [1, 2])
    scheduler.run()
    XCTAssertEqual(log.elements, [1, 2, 6])
    XCTAssertEqual(scheduler.pendingCount, 0)
  }

  func testVirtualTimeCancelledActionsDoNotRun() {
    let scheduler = VirtualTimeScheduler()
    let ran = AtomicBool(false)
    scheduler.schedule(after: 1) { ran.store(true, ordering: .relaxed) }.dispose()
    scheduler.run()
    XCTAssertFalse(ran.load(ordering: .relaxed))
  }

  func testSequenceWithIntervalEmitsOnTheScheduler() {
    let scheduler = VirtualTimeScheduler()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(SafeSignal(sequence: [1, 2, 3], interval: 1, queue: scheduler))
    XCTAssertEqual(recorder.events, [])
    scheduler.advance(by: 1)
    XCTAssertEqual(recorder.events, [.next(1)])
    scheduler.advance(by: 2)
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3)])
    scheduler.advance(by: 1)
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
  }

  func testSequenceWithIntervalStopsWhenDisposed() {
    let scheduler = VirtualTimeScheduler()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(SafeSignal(sequence: 1..., interval: 1, queue: scheduler))
    scheduler.advance(by: 2)
    observation.dispose()
    scheduler.run()
    XCTAssertEqual(recorder.elements, [1, 2])
    XCTAssertEqual(scheduler.pendingCount, 0)
  }

  func testSequenceWithIntervalOnItsDefaultQueue() {
    let done = expectation(description: "completed")
    let recorder = EventRecorder<Int, Never>(onEvent: { if $0.isTerminal { done.fulfill() } })
    recorder.observe(SafeSignal(sequence: [1, 2], interval: 0))
    wait(for: [done], timeout: 10)
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
  }
}

/// Something a scheduled action captures; its lifetime shows whether the action is still held.
private final class Captured: Sendable {}
