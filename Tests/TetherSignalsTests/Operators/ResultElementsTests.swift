import TetherSignals
import TetherTestSupport
import XCTest

final class ResultElementsTests: XCTestCase {
  func testMapToResultTurnsAFailureIntoALastElement() {
    let subject = PassthroughSubject<Int, OperatorError>()
    let recorder = record(subject.mapToResult())
    subject.send(1)
    subject.send(completion: .failure(OperatorError(2)))
    XCTAssertEqual(recorder.elements, [.success(1), .failure(OperatorError(2))])
    XCTAssertTrue(recorder.isCompleted)
  }

  func testMapToResultCompletesWhenTheReceiverCompletes() {
    let recorder = record(Signal<Int, OperatorError>(sequence: [1, 2]).mapToResult())
    XCTAssertEqual(recorder.elements, [.success(1), .success(2)])
    XCTAssertTrue(recorder.isCompleted)
  }

  func testGetValuesFailsAtTheFirstFailureAndStopsObserving() {
    let probe = Probe<Result<Int, OperatorError>, OperatorError>()
    let recorder = record(probe.signal.getValues())
    probe.send(.success(1))
    probe.send(.failure(OperatorError(3)))
    XCTAssertFalse(probe.isObserved, "the failure ends the observation of the receiver")
    probe.send(.success(4))
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(3))])
  }

  func testGetValuesForwardsTheReceiversEnd() {
    let completing = record(Signal<Result<Int, OperatorError>, OperatorError>(sequence: [.success(1)]).getValues())
    XCTAssertEqual(completing.events, [.next(1), .completed])
    let failing = record(Signal<Result<Int, OperatorError>, OperatorError>.failed(OperatorError(5)).getValues())
    XCTAssertEqual(failing.events, [.failed(OperatorError(5))])
  }

  func testGetValuesOfASignalThatCannotFailTakesTheResultsErrorType() {
    let subject = PassthroughSubject<Result<Int, OperatorError>, Never>()
    let values: Signal<Int, OperatorError> = subject.getValues()
    let recorder = record(values)
    subject.send(.success(1))
    subject.send(.failure(OperatorError(6)))
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(6))])
  }

  func testTryMapIsMapThenGetValues() {
    let subject = PassthroughSubject<Int, OperatorError>()
    let recorder = record(
      subject.tryMap { $0 < 3 ? .success($0 * 10) : .failure(OperatorError($0)) })
    subject.send(1)
    subject.send(2)
    subject.send(3)
    subject.send(4)
    XCTAssertEqual(recorder.events, [.next(10), .next(20), .failed(OperatorError(3))])
    let completing = record(Signal<Int, OperatorError>(sequence: [1]).tryMap { .success($0 + 1) })
    XCTAssertEqual(completing.events, [.next(2), .completed])
  }

  func testTryMapOfASignalThatCannotFailTakesTheResultsErrorType() {
    let subject = PassthroughSubject<String, Never>()
    let parsed: Signal<Int, OperatorError> = subject.tryMap { text in
      Int(text).map { .success($0) } ?? .failure(OperatorError(0))
    }
    let recorder = record(parsed)
    subject.send("7")
    subject.send("x")
    XCTAssertEqual(recorder.events, [.next(7), .failed(OperatorError(0))])
  }
}
