import TetherSignals
import XCTest

private struct TestError: Error, Equatable {}

/// `values(bufferingPolicy:)` with a consumer slower than the producer. The order is controlled
/// explicitly: the iterator is made (which starts the observation), elements are sent
/// synchronously while nothing awaits them, then the consumer reads; no sleeps.
final class AsyncBufferingPolicyTests: XCTestCase {
  /// Sends `values` then the completion to a fresh iterator made with `policy`, then reads it all.
  private func consumeAfterSending(
    _ values: ClosedRange<Int>,
    policy: SignalValuesBufferingPolicy
  ) async -> [Int] {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(bufferingPolicy: policy).makeAsyncIterator()
    for value in values { subject.send(value) }
    subject.send(completion: .finished)
    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    return received
  }

  func testUnboundedKeepsEveryElement() async {
    let received = await consumeAfterSending(1...100, policy: .unbounded)
    XCTAssertEqual(received, Array(1...100))
  }

  func testBufferingOldestKeepsTheFirstElementsAndDropsLaterOnes() async {
    let received = await consumeAfterSending(1...10, policy: .bufferingOldest(3))
    XCTAssertEqual(received, [1, 2, 3])
  }

  func testBufferingNewestKeepsTheLastElementsAndDropsEarlierOnes() async {
    let received = await consumeAfterSending(1...10, policy: .bufferingNewest(3))
    XCTAssertEqual(received, [8, 9, 10])
  }

  func testALimitOfZeroDropsEveryElementNobodyAwaitsButKeepsTheCompletion() async {
    let oldest = await consumeAfterSending(1...5, policy: .bufferingOldest(0))
    XCTAssertEqual(oldest, [])
    let newest = await consumeAfterSending(1...5, policy: .bufferingNewest(0))
    XCTAssertEqual(newest, [])
  }

  func testReadingMakesRoomForLaterElements() async {
    let subject = PassthroughSubject<Int, Never>()
    var newest = subject.values(bufferingPolicy: .bufferingNewest(2)).makeAsyncIterator()
    var oldest = subject.values(bufferingPolicy: .bufferingOldest(2)).makeAsyncIterator()
    for value in 1...3 { subject.send(value) }
    // newest holds [2, 3]; oldest holds [1, 2].
    let firstNewest = await newest.next()
    let firstOldest = await oldest.next()
    XCTAssertEqual(firstNewest, 2)
    XCTAssertEqual(firstOldest, 1)
    for value in 4...6 { subject.send(value) }
    subject.send(completion: .finished)
    // newest: [3] then 4, 5, 6 arrive with room for 2 → [5, 6]; oldest: [2] then 4 fits → [2, 4].
    var restNewest: [Int] = []
    while let value = await newest.next() { restNewest.append(value) }
    var restOldest: [Int] = []
    while let value = await oldest.next() { restOldest.append(value) }
    XCTAssertEqual(restNewest, [5, 6])
    XCTAssertEqual(restOldest, [2, 4])
  }

  func testAFailureIsKeptWhenTheBufferIsFull() async {
    let subject = PassthroughSubject<Int, TestError>()
    var iterator = subject.values(bufferingPolicy: .bufferingOldest(1)).makeAsyncIterator()
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(TestError()))
    var received: [Int] = []
    do {
      while let value = try await iterator.next() { received.append(value) }
      XCTFail("expected the failure")
    } catch {
      XCTAssertEqual(error, TestError())
    }
    XCTAssertEqual(received, [1])
  }
}

/// The same buffer behind a signal that can fail with any error.
final class AsyncBufferingAnyErrorTests: XCTestCase {
  func testAThrowingSignalsIteratorKeepsTheNewestElement() async throws {
    let subject = PassthroughSubject<Int, any Error>()
    var iterator = subject.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    let value = try await iterator.next()
    XCTAssertEqual(value, 2)
    let end = try await iterator.next()
    XCTAssertNil(end)
  }
}
