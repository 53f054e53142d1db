import TetherSignals
import TetherTestSupport
import XCTest

final class AmbTests: XCTestCase {
  func testMirrorsTheFirstToEmitAndDropsTheOther() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<Int, OperatorError>()
    let recorder = record(a.signal.amb(with: b.signal))
    b.send(1)
    XCTAssertFalse(a.isObserved)
    a.send(2)
    b.send(3)
    b.complete()
    XCTAssertEqual(recorder.events, [.next(1), .next(3), .completed])
  }

  func testATerminalEventCanWinTheRace() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<Int, OperatorError>()
    let recorder = record(amb(a.signal, b.signal))
    a.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
    XCTAssertFalse(b.isObserved)
  }

  func testASynchronousWinnerMeansTheRestIsNeverObserved() {
    let later = Probe<Int, Never>()
    let recorder = record(amb([SafeSignal(sequence: [1, 2]), later.signal]))
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    XCTAssertEqual(later.observations, 0)
    XCTAssertEqual(record(amb([SafeSignal<Int>]())).events, [.completed])
  }

  func testDisposingStopsObservingAll() {
    let a = Probe<Int, Never>()
    let b = Probe<Int, Never>()
    let c = Probe<Int, Never>()
    amb([a.signal, b.signal, c.signal]).observe { _ in }.dispose()
    XCTAssertFalse(a.isObserved)
    XCTAssertFalse(b.isObserved)
    XCTAssertFalse(c.isObserved)
    let winner = amb([a.signal, b.signal, c.signal]).observe { _ in }
    c.send(1)
    XCTAssertFalse(a.isObserved)
    XCTAssertTrue(c.isObserved)
    winner.dispose()
    XCTAssertFalse(c.isObserved)
  }
}
