import Dispatch
import Tether
import TetherSynchronization
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The flood scenario of the delivery engines' stress tests: one thread starts delivering, then
/// `floods` other threads send faster than a slow handler receives. Checks that the first thread
/// hands delivery over after the shared budget and returns, that every event is delivered once and
/// in each source's order, and that handler calls never overlap.
///
/// - Parameters:
///   - floods: How many flooding threads (sources `0..<floods`); source `floods` is the first
///     thread's.
///   - eventsPerFlood: The most events each flood sends, which bounds the test if delivery were
///     never handed over.
///   - connect: Connects the engine under test to the sources and `handler` (each event tagged with
///     its source's index); returns what ends the connection.
func checkFloodedDelivererHandsOverAndReturns(
  floods: Int = 3,
  eventsPerFlood: Int,
  file: StaticString = #filePath,
  line: UInt = #line,
  connect: (
    _ sources: [PassthroughSubject<Int, Never>],
    _ handler: @escaping @Sendable ((source: Int, value: Int)) -> Void
  ) -> any Disposable
) {
  let subjects = (0...floods).map { _ in PassthroughSubject<Int, Never>() }
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
  let connection = connect(subjects) { event in
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
    // A slow handler: the floods send faster than it receives.
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
        if count == eventsPerFlood { break }
      }
      sent.add(count, ordering: .relaxed)
    }
  }
  subjects[floods].send(1)
  firstReturned.store(true, ordering: .releasing)
  XCTAssertEqual(group.wait(timeout: .now() + 120), .success, file: file, line: line)
  // Sent after every flood event was queued, so delivered after all of them.
  subjects[floods].send(2)
  XCTAssertEqual(markerDelivered.wait(timeout: .now() + 120), .success, file: file, line: line)
  // Its own two events, and at most the budget of the floods' before it handed over.
  XCTAssertLessThanOrEqual(
    deliveredByFirstThread.load(ordering: .relaxed), deliveryHandOverBudget + 2,
    "the first sender delivered other threads' events beyond the budget", file: file, line: line)
  XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, file: file, line: line)
  XCTAssertEqual(
    outOfOrder.load(ordering: .relaxed), 0, "a source's events arrived out of order", file: file, line: line)
  XCTAssertEqual(delivered.load(ordering: .relaxed), sent.load(ordering: .relaxed) + 2, file: file, line: line)
  connection.dispose()
}
