import TetherSignals
import TetherTestSupport
import XCTest

final class PausableTests: XCTestCase {
  func testDropsElementsWhileTheOtherSignalsLatestElementIsFalse() {
    let source = PassthroughSubject<Int, Never>()
    let switcher = PassthroughSubject<Bool, OperatorError>()
    let recorder = record(source.pausable(by: switcher))
    source.send(1)
    switcher.send(false)
    source.send(2)
    switcher.send(true)
    source.send(3)
    switcher.send(false)
    switcher.send(completion: .failure(OperatorError(1)))
    source.send(4)
    source.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.next(1), .next(3), .completed], "the end passes while paused")
  }

  func testStopsObservingTheOtherSignalWhenTheReceiverEnds() {
    let source = PassthroughSubject<Int, OperatorError>()
    let switcher = Probe<Bool, Never>()
    let recorder = record(source.pausable(by: switcher.signal))
    XCTAssertTrue(switcher.isObserved)
    source.send(completion: .failure(OperatorError(2)))
    XCTAssertFalse(switcher.isObserved)
    XCTAssertEqual(recorder.events, [.failed(OperatorError(2))])
  }
}
