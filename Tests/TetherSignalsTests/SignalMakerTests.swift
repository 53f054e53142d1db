import TetherSignals
import TetherTestSupport
import XCTest

/// The ReactiveKit makers beyond `Signal(just:)` and `Signal(sequence:)`.
final class SignalMakerTests: XCTestCase {
  func testJustAfterEmitsOnceTheIntervalPassedThenCompletes() {
    let scheduler = VirtualTimeScheduler()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(SafeSignal(just: 7, after: 2, queue: scheduler).materialize().map { "\($0)@\(scheduler.now)" })
    scheduler.advance(by: 1)
    XCTAssertEqual(recorder.elements, [])
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(7)@2.0", "completed@2.0"])
  }

  func testEvaluatingRunsForEachObserver() {
    let runs = EventRecorder<Int, Never>()
    let signal = Signal<Int, OperatorError>(evaluating: {
      runs.record(.next(0))
      return runs.elements.count == 1 ? .success(1) : .failure(OperatorError(2))
    })
    XCTAssertEqual(runs.elements.count, 0, "nothing runs before an observation")
    let first = EventRecorder<Int, OperatorError>()
    first.observe(signal)
    let second = EventRecorder<Int, OperatorError>()
    second.observe(signal)
    XCTAssertEqual(first.events, [.next(1), .completed])
    XCTAssertEqual(second.events, [.failed(OperatorError(2))])
  }

  func testResult() {
    let success = EventRecorder<Int, OperatorError>()
    success.observe(Signal(result: .success(3)))
    XCTAssertEqual(success.events, [.next(3), .completed])
    let failure = EventRecorder<Int, OperatorError>()
    failure.observe(Signal<Int, OperatorError>(result: .failure(OperatorError(1))))
    XCTAssertEqual(failure.events, [.failed(OperatorError(1))])
  }

  func testDeferringMakesASignalPerObserver() {
    let made = EventRecorder<Int, Never>()
    let signal = SafeSignal<Int>(deferring: {
      made.record(.next(0))
      return SafeSignal(just: made.elements.count)
    })
    XCTAssertEqual(made.elements.count, 0)
    let first = EventRecorder<Int, Never>()
    first.observe(signal)
    let second = EventRecorder<Int, Never>()
    second.observe(signal)
    XCTAssertEqual(first.events, [.next(1), .completed])
    XCTAssertEqual(second.events, [.next(2), .completed])
  }

  func testSequenceWithIntervalOverAnInfiniteSequence() {
    let scheduler = VirtualTimeScheduler()
    let recorder = EventRecorder<String, Never>()
    let ticks = SafeSignal(sequence: 0..., interval: 1.5, queue: scheduler).prefix(maxLength: 3)
    recorder.observe(ticks.materialize().map { "\($0)@\(scheduler.now)" })
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(0)@1.5", "next(1)@3.0", "next(2)@4.5", "completed@4.5"])
    XCTAssertEqual(scheduler.pendingCount, 0)
  }
}
