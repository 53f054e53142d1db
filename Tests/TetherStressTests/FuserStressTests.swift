import Dispatch
import Tether
import TetherSynchronization
import XCTest

/// Fuser delivery under contention, meant for `--sanitize=thread`: several subjects sending from
/// several threads while connections are made and disposed.
final class FuserStressTests: XCTestCase {
  func testManyThreadsSendingWhileConnectionsComeAndGo() {
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    let fuser = Fuser<Int>(
      subjects.enumerated().map { offset, subject in .extract({ offset * 1_000_000 + $0 }, subject) })
    let overlaps = AtomicInt(0)
    let lateDeliveries = AtomicInt(0)
    let delivered = AtomicInt(0)

    let senders = DispatchGroup()
    let sendersRunning = AtomicInt(subjects.count)
    for (offset, subject) in subjects.enumerated() {
      DispatchQueue.global().async(group: senders) {
        for value in 0..<3_000 { subject.send(offset + value) }
        sendersRunning.subtract(1, ordering: .relaxed)
      }
    }
    for _ in 0..<50 {
      let inHandler = AtomicInt(0)
      let disposed = AtomicBool(false)
      let connection = fuser.connect { _ in
        if disposed.load(ordering: .acquiring) { lateDeliveries.add(1, ordering: .relaxed) }
        if inHandler.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
        delivered.add(1, ordering: .relaxed)
        inHandler.subtract(1, ordering: .acquiringAndReleasing)
        if disposed.load(ordering: .acquiring) { lateDeliveries.add(1, ordering: .relaxed) }
      }
      // Let some events through, bounded, without sleeping.
      let start = delivered.load(ordering: .relaxed)
      var spins = 0
      while delivered.load(ordering: .relaxed) == start, sendersRunning.load(ordering: .relaxed) > 0, spins < 100_000 {
        spins += 1
        sched_yield()
      }
      connection.dispose()
      disposed.store(true, ordering: .releasing)
    }
    XCTAssertEqual(senders.wait(timeout: .now() + 30), .success)
    XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
    XCTAssertEqual(lateDeliveries.load(ordering: .relaxed), 0)
  }

  /// A connection flooded by other threads' events while one thread delivers: that thread hands
  /// delivery over after the shared budget and returns, every event is still delivered once, in
  /// each source's order, and handler calls never overlap.
  func testAFloodedDelivererHandsOverAndReturns() {
    let floods = 3
    let subjects = (0...floods).map { _ in PassthroughSubject<Int, Never>() }
    let fuser = Fuser<(source: Int, value: Int)>(
      subjects.enumerated().map { offset, subject in .extract({ (offset, $0) }, subject) })
    let started = AtomicBool(false)
    let floodsSending = AtomicInt(0)
    let inHandler = AtomicInt(0)
    let overlaps = AtomicInt(0)
    let outOfOrder = AtomicInt(0)
    let delivered = AtomicInt(0)
    let last = Locked([Int](repeating: 0, count: floods + 1))
    let markerDelivered = DispatchSemaphore(value: 0)
    let firstThread = currentThreadID()
    let deliveredByFirstThread = AtomicInt(0)
    let connection = fuser.connect { event in
      if currentThreadID() == firstThread { deliveredByFirstThread.add(1, ordering: .relaxed) }
      if inHandler.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
      delivered.add(1, ordering: .relaxed)
      let inOrder = last.withLock { last in
        defer { last[event.source] = event.value }
        return event.value > last[event.source]
      }
      if !inOrder { outOfOrder.add(1, ordering: .relaxed) }
      if event.source == floods && event.value == 1 {
        // This thread delivers now: let the floods queue events behind it.
        started.store(true, ordering: .releasing)
        while floodsSending.load(ordering: .acquiring) < floods { sched_yield() }
      }
      // A slow handler: the floods send faster than it delivers.
      for _ in 0..<300 { _ = inHandler.load(ordering: .relaxed) }
      inHandler.subtract(1, ordering: .acquiringAndReleasing)
      if event.source == floods && event.value == 2 { markerDelivered.signal() }
    }
    let firstReturned = AtomicBool(false)
    let sent = AtomicInt(0)
    let group = DispatchGroup()
    for flood in 0..<floods {
      DispatchQueue.global().async(group: group) {
        while !started.load(ordering: .acquiring) { sched_yield() }
        var count = 0
        while !firstReturned.load(ordering: .acquiring) {
          count += 1
          subjects[flood].send(count)
          if count == 1 { floodsSending.add(1, ordering: .releasing) }
          if count == 20_000 { break }  // bounds the test if delivery were never handed over
        }
        sent.add(count, ordering: .relaxed)
      }
    }
    subjects[floods].send(1)
    firstReturned.store(true, ordering: .releasing)
    XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
    // Sent after every flood event was queued, so delivered after all of them.
    subjects[floods].send(2)
    XCTAssertEqual(markerDelivered.wait(timeout: .now() + 120), .success)
    // Its own two events, and at most the budget of the floods' before it handed over.
    XCTAssertLessThanOrEqual(
      deliveredByFirstThread.load(ordering: .relaxed), deliveryHandOverBudget + 2,
      "the first sender delivered other threads' events beyond the budget")
    XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
    XCTAssertEqual(outOfOrder.load(ordering: .relaxed), 0, "a source's events arrived out of order")
    XCTAssertEqual(delivered.load(ordering: .relaxed), sent.load(ordering: .relaxed) + 2)
    connection.dispose()
  }
}
