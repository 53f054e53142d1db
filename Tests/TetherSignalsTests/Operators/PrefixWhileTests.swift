import TetherSignals
import TetherTestSupport
import XCTest

final class PrefixWhileTests: XCTestCase {
  func testEmitsWhileThePredicateHoldsThenCompletes() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.prefix(while: { $0 < 3 }))
    for value in [1, 2, 3, 1] { probe.send(value) }
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    XCTAssertFalse(probe.isObserved)
  }

  func testInclusiveEmitsTheElementThatEndedIt() {
    let recorder = record(SafeSignal(sequence: [1, 5, 2]).prefix(while: { $0 < 3 }, inclusive: true))
    XCTAssertEqual(recorder.events, [.next(1), .next(5), .completed])
  }

  func testForwardsAnEarlierEnd() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.prefix(while: { _ in true }))
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(1))])
  }

  func testDropWhileDropsUntilThePredicateFailsThenEmitsEverything() {
    let recorder = record(SafeSignal(sequence: [1, 2, 5, 1, 6]).drop(while: { $0 < 3 }))
    XCTAssertEqual(recorder.events, [.next(5), .next(1), .next(6), .completed])
    let failing = PassthroughSubject<Int, OperatorError>()
    let failed = record(failing.drop(while: { $0 < 3 }))
    failing.send(1)
    failing.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(failed.events, [.failed(OperatorError(1))])
  }
}
