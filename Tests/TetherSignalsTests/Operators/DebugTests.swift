import TetherTestSupport
import XCTest

@testable import TetherSignals

final class DebugTests: XCTestCase {
  func testLogsEachEventOfAnObservation() {
    let lines = EventRecorder<String, Never>()
    let subject = PassthroughSubject<Int, OperatorError>()
    let recorder = record(subject.debug(prefix: "[s]") { lines.record(.next($0)) })
    subject.send(1)
    subject.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(1))], "events pass unchanged")
    let cancelled = record(SafeSignal<Int>.never().debug(prefix: "[n]") { lines.record(.next($0)) })
    cancelled.dispose()
    XCTAssertEqual(lines.elements, ["[s] started", "[s] next(1)", "[s] failed: E1", "[n] started", "[n] disposed"])
  }

  func testThePublicFormForwardsEvents() {
    XCTAssertEqual(record(SafeSignal(sequence: [1]).debug("title")).events, [.next(1), .completed])
    XCTAssertEqual(record(SafeSignal<Int>.completed().debug()).events, [.completed])
  }
}
