import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

private struct OtherError: Error, Equatable {
  let text: String
}

final class ErrorHandlingTests: XCTestCase {
  func testMapErrorTransformsTheFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.mapError { OtherError(text: "\($0.code)") })
    probe.send(1)
    probe.fail(OperatorError(7))
    XCTAssertEqual(recorder.events, [.next(1), .failed(OtherError(text: "7"))])
    XCTAssertEqual(
      record(Signal<Int, OperatorError>(just: 1).mapError { _ in OtherError(text: "") }).events, [.next(1), .completed])
  }

  func testReplaceErrorEmitsTheElementAndCompletes() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.replaceError(with: -1))
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next(1), .next(-1), .completed])
    XCTAssertEqual(record(Signal<Int, OperatorError>(just: 1).replaceError(with: -1)).events, [.next(1), .completed])
  }

  func testSuppressErrorCompletesInstead() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.suppressError(logging: false))
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next(1), .completed])
  }

  func testFlatMapErrorContinuesWithTheRecovery() {
    let probe = Probe<Int, OperatorError>()
    let recovery = Probe<Int, OtherError>()
    let recorder = record(probe.signal.flatMapError { error in recovery.signal.prepend(error.code * 100) })
    probe.send(1)
    probe.fail(OperatorError(2))
    XCTAssertFalse(probe.isObserved)
    recovery.send(3)
    recovery.fail(OtherError(text: "x"))
    XCTAssertEqual(recorder.events, [.next(1), .next(200), .next(3), .failed(OtherError(text: "x"))])
    XCTAssertFalse(recovery.isObserved)
  }

  func testFlatMapErrorCompletesWithTheReceiver() {
    let recorder = record(Signal<Int, OperatorError>(just: 1).flatMapError { _ in SafeSignal(just: 0) })
    XCTAssertEqual(recorder.events, [.next(1), .completed])
  }

  func testRetryObservesAgainAfterEachFailure() {
    let attempts = AtomicInt(0)
    let flaky = Signal<Int, OperatorError> { observer in
      let attempt = attempts.add(1, ordering: .relaxed).newValue
      observer.receive(attempt * 10)
      if attempt < 3 {
        observer.receive(completion: .failure(OperatorError(attempt)))
      } else {
        observer.receive(completion: .finished)
      }
      return NonDisposable.instance
    }
    XCTAssertEqual(record(flaky.retry(5)).events, [.next(10), .next(20), .next(30), .completed])
    XCTAssertEqual(attempts.load(ordering: .relaxed), 3)
  }

  func testRetryFailsWithTheLastErrorWhenRetriesRunOut() {
    let attempts = AtomicInt(0)
    let failing = Signal<Int, OperatorError> { observer in
      let attempt = attempts.add(1, ordering: .relaxed).newValue
      observer.receive(completion: .failure(OperatorError(attempt)))
      return NonDisposable.instance
    }
    XCTAssertEqual(record(failing.retry(times: 2)).events, [.failed(OperatorError(3))])
    XCTAssertEqual(record(failing.retry(0)).events, [.failed(OperatorError(4))])
  }

  func testRetryOfAsynchronousFailures() {
    // Each observation gets its own subject, so a retried attempt is a fresh stream.
    let attempts = Locked<[PassthroughSubject<Int, OperatorError>]>([])
    let source = Signal<Int, OperatorError> { observer in
      let subject = PassthroughSubject<Int, OperatorError>()
      attempts.withLock { $0.append(subject) }
      return subject.observe { event in observer.on(event) }
    }
    let recorder = record(source.retry(1))
    attempts.withLock { $0[0] }.send(1)
    attempts.withLock { $0[0] }.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(attempts.withLock { $0.count }, 2)
    attempts.withLock { $0[1] }.send(2)
    attempts.withLock { $0[1] }.send(completion: .failure(OperatorError(2)))
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .failed(OperatorError(2))])
  }

  func testManySynchronousRetriesDoNotGrowTheStack() {
    let failing = Signal<Int, OperatorError>.failed(OperatorError(0))
    XCTAssertEqual(record(failing.retry(5_000)).events, [.failed(OperatorError(0))])
  }

  func testDisposingStopsObservingTheSources() {
    let probe = Probe<Int, OperatorError>()
    let recovery = Probe<Int, OperatorError>()
    let observations = [
      probe.signal.mapError { $0 }.observe { _ in },
      probe.signal.replaceError(with: 0).observe { _ in },
      probe.signal.suppressError(logging: false).observe { _ in },
      probe.signal.retry(3).observe { _ in },
    ]
    let recovering = probe.signal.flatMapError { _ in recovery.signal }.observe { _ in }
    for observation in observations { observation.dispose() }
    XCTAssertTrue(probe.isObserved)
    probe.fail(OperatorError(1))
    XCTAssertTrue(recovery.isObserved)
    recovering.dispose()
    XCTAssertFalse(probe.isObserved)
    XCTAssertFalse(recovery.isObserved)
  }
}
