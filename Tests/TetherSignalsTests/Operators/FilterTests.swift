import TetherSignals
import TetherTestSupport
import XCTest

final class FilterTests: XCTestCase {
  func testFilterKeepsPassingElementsAndForwardsCompletion() {
    let recorder = record(SafeSignal(sequence: 1...6).filter { $0.isMultiple(of: 2) })
    XCTAssertEqual(recorder.events, [.next(2), .next(4), .next(6), .completed])
  }

  func testFilterForwardsFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.filter { $0 > 1 })
    probe.send(1)
    probe.send(2)
    probe.fail(OperatorError(2))
    XCTAssertEqual(recorder.events, [.next(2), .failed(OperatorError(2))])
  }

  func testFilterOnAProperty() {
    let property = Property(1)
    let recorder = record(property.filter { $0 > 1 })
    property.value = 2
    property.value = 0
    XCTAssertEqual(recorder.elements, [2])
  }

  func testDisposingFilterStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    let observation = probe.signal.filter { _ in true }.observe { _ in }
    observation.dispose()
    XCTAssertFalse(probe.isObserved)
  }
}
