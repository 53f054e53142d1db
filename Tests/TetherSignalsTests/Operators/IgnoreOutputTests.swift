import TetherSignals
import TetherTestSupport
import XCTest

final class IgnoreOutputTests: XCTestCase {
  func testIgnoreOutputForwardsOnlyTheEnd() {
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2]).ignoreOutput()).events, [.completed])
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.ignoreOutput())
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
  }

  func testIgnoreTerminalForwardsOnlyElements() {
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2]).ignoreTerminal()).events, [.next(1), .next(2)])
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.ignoreTerminal())
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next(1)])
  }

  func testDisposingStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    probe.signal.ignoreOutput().observe { _ in }.dispose()
    probe.signal.ignoreTerminal().observe { _ in }.dispose()
    XCTAssertFalse(probe.isObserved)
  }
}
