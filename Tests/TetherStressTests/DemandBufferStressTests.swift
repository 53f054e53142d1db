import Dispatch
import Foundation
import XCTest

@testable import TetherCombine

private let senders = 4
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
