import TetherSignals
import TetherTestSupport
import XCTest

final class CompactMapTests: XCTestCase {
  func testCompactMapEmitsNonNilResults() {
    let recorder = record(SafeSignal(sequence: ["1", "x", "3"]).compactMap { Int($0) })
    XCTAssertEqual(recorder.events, [.next(1), .next(3), .completed])
  }

  func testCompactMapForwardsFailure() {
    let probe = Probe<String, OperatorError>()
    let recorder = record(probe.signal.compactMap { Int($0) })
    probe.send("x")
    probe.fail(OperatorError(3))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(3))])
  }

  func testIgnoreNilsUnwraps() {
    let recorder = record(SafeSignal<Int?>(sequence: [1, nil, 2, nil]).ignoreNils())
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
  }

  func testReplaceNilsSubstitutesTheDefault() {
    let recorder = record(SafeSignal<Int?>(sequence: [1, nil, 2]).replaceNils(with: 0))
    XCTAssertEqual(recorder.events, [.next(1), .next(0), .next(2), .completed])
  }

  func testReplaceNilsAndIgnoreNilsForwardFailure() {
    let probe = Probe<Int?, OperatorError>()
    let replaced = record(probe.signal.replaceNils(with: -1))
    let ignored = record(probe.signal.ignoreNils())
    probe.send(nil)
    probe.fail(OperatorError(1))
    XCTAssertEqual(replaced.events, [.next(-1), .failed(OperatorError(1))])
    XCTAssertEqual(ignored.events, [.failed(OperatorError(1))])
  }

  func testDisposingStopsObservingTheSource() {
    let probe = Probe<Int?, Never>()
    let observations = [
      probe.signal.compactMap { $0 }.observe { _ in },
      probe.signal.ignoreNils().observe { _ in },
      probe.signal.replaceNils(with: 0).observe { _ in },
    ]
    XCTAssertEqual(probe.observations, 3)
    for observation in observations { observation.dispose() }
    XCTAssertFalse(probe.isObserved)
  }
}
