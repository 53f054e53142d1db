import TetherSignals
import TetherTestSupport
import XCTest

final class ZipPreviousTests: XCTestCase {
  func testPairsEachElementWithThePreviousOne() {
    let recorder = record(SafeSignal(sequence: [1, 2, 3]).zipPrevious().map { "\($0.0.map(String.init) ?? "nil")-\($0.1)" })
    XCTAssertEqual(recorder.events, [.next("nil-1"), .next("1-2"), .next("2-3"), .completed])
  }

  func testForwardsFailureAndStopsOnDispose() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.zipPrevious().map { $0.1 })
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(1))])

    let other = Probe<Int, Never>()
    other.signal.zipPrevious().observe { _ in }.dispose()
    XCTAssertFalse(other.isObserved)
  }
}
