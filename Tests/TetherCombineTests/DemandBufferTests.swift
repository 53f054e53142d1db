import XCTest

@testable import TetherCombine

/// The delivery logic behind `toPublisher()`: Combine's demand rules, run here without Combine.
final class DemandBufferTests: XCTestCase {
  private struct Failure: Error, Equatable {}

  /// Records what reaches the consumer, and answers each element with the demand in `answers`.
  private final class Recorder: @unchecked Sendable {
    // Safe: the buffer delivers serially; tests read the records after delivery.
    var events: [String] = []
    var answers: [Int] = []
    var depth = 0
    var maxDepth = 0
    var onReceive: ((Int) -> Void)?

    func consumer() -> DemandBuffer<Int, Failure>.Consumer {
      DemandBuffer.Consumer(
        receive: { element in
          self.depth += 1
          self.maxDepth = max(self.maxDepth, self.depth)
          defer { self.depth -= 1 }
          self.events.append("\(element)")
          self.onReceive?(element)
          return self.answers.isEmpty ? 0 : self.answers.removeFirst()
        },
        complete: { completion in
          switch completion {
          case .finished: self.events.append("finished")
          case .failure: self.events.append("failed")
          }
        }
      )
    }
  }

  func testNothingIsDeliveredBeforeDemand() {
    let recorder = Recorder()
    let buffer = DemandBuffer(consumer: recorder.consumer())
    buffer.send(1)
    buffer.send(2)
    XCTAssertEqual(recorder.events, [])
    XCTAssertEqual(buffer.bufferedCount, 2)
  }

  func testDeliversAsManyAsRequestedAndBuffersTheRest() {
    let recorder = Recorder()
    let buffer = DemandBuffer(consumer: recorder.consumer())
    for element in 1...5 { buffer.send(element) }
    buffer.request(2)
    XCTAssertEqual(recorder.events, ["1", "2"])
    XCTAssertEqual(buffer.pendingDemand, 0)
    XCTAssertEqual(buffer.bufferedCount, 3)
    buffer.request(1)
    XCTAssertEqual(recorder.events, ["1", "2", "3"])
    buffer.request(10)
    XCTAssertEqual(recorder.events, ["1", "2", "3", "4", "5"])
    XCTAssertEqual(buffer.pendingDemand, 8)
    buffer.send(6)
    XCTAssertEqual(recorder.events, ["1", "2", "3", "4", "5", "6"])
    XCTAssertEqual(buffer.pendingDemand, 7)
  }

  func testDemandReturnedByTheConsumerIsAdded() {
    let recorder = Recorder()
    recorder.answers = [1, 0, 0]
    let buffer = DemandBuffer(consumer: recorder.consumer())
    for element in 1...4 { buffer.send(element) }
    buffer.request(1)
    // 1 delivered with the requested demand, 2 with the demand 1 answered, then none is left.
    XCTAssertEqual(recorder.events, ["1", "2"])
    XCTAssertEqual(buffer.bufferedCount, 2)
  }

  func testUnlimitedDemandIsNeverUsedUp() {
    let recorder = Recorder()
    let buffer = DemandBuffer(consumer: recorder.consumer())
    buffer.request(Int.max)
    for element in 1...3 { buffer.send(element) }
    buffer.request(5)  // absorbed by unlimited, not an overflow
    XCTAssertEqual(recorder.events, ["1", "2", "3"])
    XCTAssertEqual(buffer.pendingDemand, Int.max)
  }

  func testDemandSaturatesAtUnlimited() {
    let buffer = DemandBuffer(consumer: Recorder().consumer())
    buffer.request(Int.max - 1)
    buffer.request(2)
    XCTAssertEqual(buffer.pendingDemand, Int.max)
  }

  func testOnlyTheFirstPositiveRequestStartsTheStream() {
    let buffer = DemandBuffer(consumer: Recorder().consumer())
    XCTAssertFalse(buffer.request(0))
    XCTAssertTrue(buffer.request(1))
    XCTAssertFalse(buffer.request(1))
  }

  func testCompletionFollowsTheBufferedElementsAndEndsDelivery() {
    let recorder = Recorder()
    let buffer = DemandBuffer(consumer: recorder.consumer())
    buffer.send(1)
    buffer.send(2)
    buffer.send(completion: .failure(Failure()))
    buffer.send(3)
    buffer.send(completion: .finished)
    buffer.request(1)
    XCTAssertEqual(recorder.events, ["1"])
    XCTAssertFalse(buffer.isFinished)
    buffer.request(1)
    XCTAssertEqual(recorder.events, ["1", "2", "failed"])
    XCTAssertTrue(buffer.isFinished)
    buffer.request(1)
    buffer.send(4)
    XCTAssertEqual(recorder.events, ["1", "2", "failed"])
  }

  func testCompletionNeedsNoDemandWhenNothingIsBuffered() {
    let recorder = Recorder()
    let buffer = DemandBuffer(consumer: recorder.consumer())
    buffer.send(completion: .finished)
    XCTAssertEqual(recorder.events, ["finished"])
  }

  func testARequestFromInsideReceiveDoesNotReenterTheConsumer() {
    let recorder = Recorder()
    let buffer = DemandBuffer(consumer: recorder.consumer())
    recorder.onReceive = { element in
      if element < 4 { buffer.request(1) }
      if element == 2 { buffer.send(5) }
    }
    for element in 1...4 { buffer.send(element) }
    buffer.request(1)
    XCTAssertEqual(recorder.events, ["1", "2", "3", "4"])
    XCTAssertEqual(recorder.maxDepth, 1)
    XCTAssertEqual(buffer.bufferedCount, 1)
  }

  func testCancelStopsDeliveryEvenFromInsideReceive() {
    let recorder = Recorder()
    let buffer = DemandBuffer(consumer: recorder.consumer())
    recorder.onReceive = { element in
      if element == 2 { buffer.cancel() }
    }
    for element in 1...4 { buffer.send(element) }
    buffer.send(completion: .finished)
    buffer.request(Int.max)
    XCTAssertEqual(recorder.events, ["1", "2"])
    XCTAssertTrue(buffer.isFinished)
    XCTAssertEqual(buffer.bufferedCount, 0)
    XCTAssertFalse(buffer.request(1))
  }

  func testTheConsumerIsReleasedWhenDeliveryEnds() {
    weak var weakRecorder: Recorder?
    var buffer: DemandBuffer<Int, Failure>?
    do {
      let recorder = Recorder()
      weakRecorder = recorder
      buffer = DemandBuffer(consumer: recorder.consumer())
    }
    XCTAssertNotNil(weakRecorder)
    buffer?.send(completion: .finished)
    XCTAssertNil(weakRecorder, "the completed buffer still holds its consumer")

    do {
      let recorder = Recorder()
      weakRecorder = recorder
      buffer = DemandBuffer(consumer: recorder.consumer())
    }
    buffer?.cancel()
    XCTAssertNil(weakRecorder, "the cancelled buffer still holds its consumer")
  }

  func testManyBufferedElementsKeepTheirOrder() {
    let recorder = Recorder()
    let buffer = DemandBuffer(consumer: recorder.consumer())
    for element in 0..<1_000 { buffer.send(element) }
    for _ in 0..<10 { buffer.request(70) }
    buffer.request(Int.max)
    for element in 1_000..<1_100 { buffer.send(element) }
    XCTAssertEqual(recorder.events, (0..<1_100).map { "\($0)" })
  }
}
