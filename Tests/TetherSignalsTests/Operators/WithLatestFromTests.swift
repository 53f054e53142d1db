import TetherSignals
import TetherTestSupport
import XCTest

final class WithLatestFromTests: XCTestCase {
  func testPairsEachElementWithTheOthersLatest() {
    let source = Probe<Int, OperatorError>()
    let other = Probe<String, OperatorError>()
    let recorder = record(source.signal.with(latestFrom: other.signal).map { "\($0)\($1)" })
    source.send(1)
    other.send("a")
    other.send("b")
    source.send(2)
    source.send(3)
    other.send("c")
    XCTAssertEqual(recorder.elements, ["2b", "3b"])
  }

  func testOtherIsObservedFirstSoAPropertyIsReadyAtOnce() {
    let setting = Property("on")
    let recorder = record(SafeSignal(sequence: [1, 2]).with(latestFrom: setting) { "\($0) \($1)" })
    XCTAssertEqual(recorder.events, [.next("1 on"), .next("2 on"), .completed])
  }

  func testCompletesWithTheReceiverOnlyAndFailsWithEither() {
    let source = Probe<Int, OperatorError>()
    let other = Probe<Int, OperatorError>()
    let recorder = record(source.signal.with(latestFrom: other.signal, combine: +))
    other.send(10)
    other.complete()
    source.send(1)
    XCTAssertEqual(recorder.events, [.next(11)])
    source.complete()
    XCTAssertEqual(recorder.events, [.next(11), .completed])

    let source2 = Probe<Int, OperatorError>()
    let other2 = Probe<Int, OperatorError>()
    let failing = record(source2.signal.with(latestFrom: other2.signal))
    other2.fail(OperatorError(3))
    XCTAssertEqual(failing.events.count, 1)
    XCTAssertEqual(failing.error, OperatorError(3))
    XCTAssertFalse(source2.isObserved)
  }

  func testDisposingStopsObservingBoth() {
    let source = Probe<Int, Never>()
    let other = Probe<Int, Never>()
    source.signal.with(latestFrom: other.signal).observe { _ in }.dispose()
    XCTAssertFalse(source.isObserved)
    XCTAssertFalse(other.isObserved)
  }
}
