import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

private struct TestError: Error, Equatable {}

final class AsyncBridgeTests: XCTestCase {
  func testValuesOfASafeSignalNeedNoTry() async {
    var collected: [Int] = []
    for await value in SafeSignal(sequence: [1, 2, 3]).values {
      collected.append(value)
    }
    XCTAssertEqual(collected, [1, 2, 3])
  }

  func testValuesThrowTheSignalsError() async {
    let subject = ReplaySubject<Int, TestError>()
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    var collected: [Int] = []
    do {
      for try await value in subject.values { collected.append(value) }
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error, TestError())
    }
    XCTAssertEqual(collected, [1])
  }

  func testValuesReceiveElementsSentFromOtherTasksWhileWaiting() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    Task.detached {
      for value in 1...3 { subject.send(value) }
      subject.send(completion: .finished)
    }
    var collected: [Int] = []
    while let value = await iterator.next() { collected.append(value) }
    XCTAssertEqual(collected, [1, 2, 3])
  }

  func testCancellingTheConsumingTaskDisposesTheObservation() async {
    let disposed = BlockDisposable {}
    // An expectation, not a stored continuation: the first value may arrive before the test
    // starts waiting, and the handshake must not depend on which comes first.
    let started = expectation(description: "first value consumed")
    let signal = SafeSignal<Int> { observer in
      observer.receive(0)
      return disposed
    }
    let consumer = Task {
      var count = 0
      for await _ in signal.values {
        count += 1
        started.fulfill()
      }
      return count
    }
    await fulfillment(of: [started], timeout: 10)
    consumer.cancel()
    let count = await consumer.value
    XCTAssertEqual(count, 1)
    XCTAssertTrue(disposed.isDisposed)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func testSignalFromAsyncSequenceEmitsItsElements() async {
    let stream = AsyncStream<Int> { continuation in
      for value in 1...3 { continuation.yield(value) }
      continuation.finish()
    }
    var collected: [Int] = []
    for await value in SafeSignal(asyncSequence: stream).values { collected.append(value) }
    XCTAssertEqual(collected, [1, 2, 3])
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func testSignalFromAsyncThrowingSequenceFails() async {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: TestError())
    }
    let recorder = EventRecorder<Int, any Error>()
    var collected: [Int] = []
    do {
      for try await value in Signal(asyncSequence: stream).values { collected.append(value) }
    } catch {
      recorder.record(.failed(error))
    }
    XCTAssertEqual(collected, [1])
    XCTAssertEqual(recorder.error as? TestError, TestError())
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func testDisposingASignalFromAsyncSequenceCancelsItsTask() async {
    let terminated = expectation(description: "stream terminated")
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.onTermination = { _ in terminated.fulfill() }
    let first = expectation(description: "first element")
    let recorder = EventRecorder<Int, Never>(onEvent: { _ in first.fulfill() })
    let observation = recorder.observe(SafeSignal(asyncSequence: stream))
    continuation.yield(1)
    await fulfillment(of: [first], timeout: 10)
    observation.dispose()
    await fulfillment(of: [terminated], timeout: 10)
    continuation.yield(2)
    XCTAssertEqual(recorder.events, [.next(1)])
  }

  func testSignalFromAsyncClosure() async {
    let signal = SafeSignal<Int>(performing: { () async -> Int in
      await Task.yield()
      return 42
    })
    var collected: [Int] = []
    for await value in signal.values { collected.append(value) }
    XCTAssertEqual(collected, [42])

    let failing = Signal<Int, TestError>(performing: { () async throws(TestError) -> Int in throw TestError() })
    do {
      for try await _ in failing.values {}
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error, TestError())
    }
  }

  func testDisposingAnAsyncClosureSignalCancelsItsTask() async {
    let cancelled = expectation(description: "task cancelled")
    let entered = expectation(description: "task started")
    let (forever, keepOpen) = AsyncStream<Int>.makeStream()
    let signal = SafeSignal<Int>(performing: { () async -> Int in
      await withTaskCancellationHandler {
        entered.fulfill()
        for await _ in forever {}  // ends when the task is cancelled
      } onCancel: {
        cancelled.fulfill()
      }
      return 0
    })
    let observation = signal.observe { _ in }
    await fulfillment(of: [entered], timeout: 10)
    observation.dispose()
    await fulfillment(of: [cancelled], timeout: 10)
    keepOpen.finish()
  }
}
