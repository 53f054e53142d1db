import Dispatch
import Foundation
import TetherTestSupport
import XCTest

@testable import TetherCombine

private let senders = 4

/// Something a consumer captures; its lifetime shows whether the consumer is still held.
private final class Marker: Sendable {}
private let perSender = 3_000

/// The delivery logic behind `toPublisher()` under concurrent senders and requests: deliveries
/// never overlap, each sender's elements arrive in its order, and demand is counted exactly.
final class DemandBufferStressTests: XCTestCase {
  private struct Failure: Error {}

  func testConcurrentSendersAreDeliveredSeriallyInEachSendersOrder() {
    let log = DeliveryLog()
    let buffer = DemandBuffer<Int, Failure>(consumer: log.consumer(answering: 0))
    buffer.request(Int.max)
    DispatchQueue.concurrentPerform(iterations: senders) { sender in
      for index in 0..<perSender { buffer.send(sender * perSender + index) }
    }
    // Every send has returned, so every element was delivered: a sender that found a delivery
    // under way left its element to that deliverer, which drains until the buffer is empty.
    log.assertComplete(count: senders * perSender)
  }

  func testDemandRequestedFromAnotherThreadIsCountedExactly() {
    let log = DeliveryLog()
    let buffer = DemandBuffer<Int, Failure>(consumer: log.consumer(answering: 0))
    let total = senders * perSender
    DispatchQueue.concurrentPerform(iterations: senders + 1) { thread in
      if thread == senders {
        for _ in 0..<total { buffer.request(1) }
      } else {
        for index in 0..<perSender { buffer.send(thread * perSender + index) }
      }
    }
    log.assertComplete(count: total)
    XCTAssertEqual(buffer.pendingDemand, 0)
    XCTAssertEqual(buffer.bufferedCount, 0)
    buffer.send(-1)
    XCTAssertEqual(log.elements.count, total, "an element was delivered without demand")
  }

  /// Guards "after ``cancel()`` nothing more reaches the consumer, although a delivery under way on
  /// another thread completes" and the release of the consumer, with senders and a requester on
  /// other threads. Seeded: the moment of the cancel varies by round.
  func testCancelRacingSendersAndRequestsStopsDeliveryAndReleasesTheConsumer() {
    var rng = SeededRandomNumberGenerator(seed: 7)
    for round in 0..<100 {
      let cancelAfter = Int.random(in: 0..<2_000, using: &rng)
      let late = Shared((isCancelled: false, count: 0))
      weak var weakMarker: Marker?
      let buffer: DemandBuffer<Int, Failure>
      do {
        let marker = Marker()
        weakMarker = marker
        buffer = DemandBuffer(
          consumer: DemandBuffer.Consumer(
            receive: { _ in
              withExtendedLifetime(marker) {}
              late.withLock { if $0.isCancelled { $0.count += 1 } }
              return 0
            },
            complete: { _ in withExtendedLifetime(marker) {} }
          )
        )
      }
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        switch thread {
        case 0, 1:
          for value in 0..<200 { buffer.send(thread * 1_000 + value) }
          buffer.send(completion: .finished)
        case 2:
          for _ in 0..<300 { buffer.request(1) }
        default:
          var spin = 0
          for step in 0..<cancelAfter { spin &+= step }
          if spin >= 0 { buffer.cancel() }
          late.withLock { $0.isCancelled = true }
        }
      }
      // A delivery already under way on another thread may finish after cancel() returned.
      XCTAssertLessThanOrEqual(late.withLock { $0.count }, 1, "round \(round): delivered after cancel() returned")
      XCTAssertTrue(buffer.isFinished, "round \(round)")
      XCTAssertNil(weakMarker, "round \(round): the consumer is released once cancelled")
    }
  }

  /// Guards "the completion is delivered after every buffered element": with elements, demand and
  /// the completion arriving on different threads, the completion comes once, last, and every
  /// sender's elements arrive as a prefix of what it sent, in order; then the consumer is released.
  func testACompletionRacingSendsAndRequestsComesOnceAndLast() {
    for round in 0..<100 {
      let events = Shared<[Int?]>([])
      weak var weakMarker: Marker?
      let buffer: DemandBuffer<Int, Failure>
      do {
        let marker = Marker()
        weakMarker = marker
        buffer = DemandBuffer(
          consumer: DemandBuffer.Consumer(
            receive: { element in
              withExtendedLifetime(marker) {}
              events.withLock { $0.append(element) }
              return 0
            },
            complete: { _ in events.withLock { $0.append(nil) } }
          )
        )
      }
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        switch thread {
        case 0, 1:
          for value in 0..<100 { buffer.send(thread * 1_000 + value) }
        case 2:
          for _ in 0..<150 { buffer.request(2) }
        default:
          buffer.send(completion: .finished)
        }
      }
      // The completion waits for demand to drain whatever was buffered before it.
      buffer.request(Int.max)
      let received = events.withLock { $0 }
      XCTAssertEqual(received.filter { $0 == nil }.count, 1, "round \(round): one completion")
      XCTAssertEqual(received.last, .some(nil), "round \(round): the completion comes last")
      let elements = received.compactMap { $0 }
      for sender in 0..<2 {
        let own = elements.filter { $0 / 1_000 == sender }
        XCTAssertEqual(own, Array(sender * 1_000..<sender * 1_000 + own.count), "round \(round), sender \(sender)")
      }
      XCTAssertTrue(buffer.isFinished, "round \(round)")
      XCTAssertNil(weakMarker, "round \(round): the consumer is released once the completion is delivered")
    }
  }

  /// What a consumer received from several threads, and whether two deliveries ever overlapped.
  private final class DeliveryLog: @unchecked Sendable {
    // Safe: every stored var is accessed under `lock`.
    private let lock = NSLock()
    private var inside = 0
    private var overlapped = false
    private var received: [Int] = []

    var elements: [Int] { lock.withLock { received } }

    func consumer(answering demand: Int) -> DemandBuffer<Int, Failure>.Consumer {
      DemandBuffer.Consumer(
        receive: { element in
          self.lock.withLock {
            self.inside += 1
            if self.inside > 1 { self.overlapped = true }
            self.received.append(element)
          }
          self.lock.withLock { self.inside -= 1 }
          return demand
        },
        complete: { _ in }
      )
    }

    func assertComplete(count: Int, file: StaticString = #filePath, line: UInt = #line) {
      let elements = self.elements
      XCTAssertFalse(lock.withLock { overlapped }, "two deliveries overlapped", file: file, line: line)
      XCTAssertEqual(elements.count, count, file: file, line: line)
      for sender in 0..<senders {
        let own = elements.filter { $0 / perSender == sender }
        XCTAssertEqual(own, Array(sender * perSender..<(sender + 1) * perSender), file: file, line: line)
      }
    }
  }
}
