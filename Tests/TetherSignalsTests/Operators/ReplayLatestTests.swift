import TetherSignals
import TetherTestSupport
import XCTest

final class ReplayLatestTests: XCTestCase {
  func testReplaysTheLatestElementWhenTheOtherSignalEmits() {
    let source = PassthroughSubject<Int, OperatorError>()
    let trigger = PassthroughSubject<Void, Never>()
    let recorder = record(source.replayLatest(when: trigger))
    trigger.send()
    XCTAssertEqual(recorder.elements, [], "nothing to replay yet")
    source.send(1)
    source.send(2)
    trigger.send()
    trigger.send()
    source.send(3)
    XCTAssertEqual(recorder.elements, [1, 2, 2, 2, 3])
  }

  func testCompletesWhenBothHaveCompletedAndFailsWithTheReceiver() {
    let source = PassthroughSubject<Int, OperatorError>()
    let trigger = PassthroughSubject<Void, Never>()
    let recorder = record(source.replayLatest(when: trigger))
    source.send(1)
    source.send(completion: .finished)
    trigger.send()
    XCTAssertEqual(recorder.events, [.next(1), .next(1)])
    trigger.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.next(1), .next(1), .completed])

    let failing = PassthroughSubject<Int, OperatorError>()
    let failed = record(failing.replayLatest(when: PassthroughSubject<Int, Never>()))
    failing.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(failed.events, [.failed(OperatorError(1))])
  }
}
