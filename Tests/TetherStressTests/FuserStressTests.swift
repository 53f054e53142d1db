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
    checkFloodedDelivererHandsOverAndReturns(eventsPerFlood: 20_000) { sources, handler in
      let fuser = Fuser<(source: Int, value: Int)>(
        sources.enumerated().map { offset, subject in .extract({ (offset, $0) }, subject) })
      let connection = fuser.connect(handler)
      // The connection is ended with the fuser alive, as the scenario's caller would.
      return BlockDisposable {
        withExtendedLifetime(fuser) { connection.dispose() }
      }
    }
  }
}
