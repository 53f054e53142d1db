import TetherSignals
import TetherTestSupport
import XCTest

final class MaterializeTests: XCTestCase {
  func testMaterializeEmitsEveryEventAsAnElementThenCompletes() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.materialize())
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next(.next(1)), .next(.failed(OperatorError(1))), .completed])
    XCTAssertEqual(record(SafeSignal(just: 2).materialize()).events, [.next(.next(2)), .next(.completed), .completed])
  }

  func testDematerializeRestoresTheSignal() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.materialize().dematerialize())
    probe.send(1)
    probe.send(2)
    probe.fail(OperatorError(3))
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .failed(OperatorError(3))])
  }

  func testDematerializeEndsAtTheFirstTerminalElementAndStopsObserving() {
    let probe = Probe<Signal<Int, OperatorError>.Event, Never>()
    let recorder = record(probe.signal.dematerialize())
    probe.send(.next(1))
    probe.send(.completed)
    probe.send(.next(2))
    XCTAssertEqual(recorder.events, [.next(1), .completed])
    XCTAssertFalse(probe.isObserved)
  }

  func testDematerializeCompletesWhenTheReceiverCompletes() {
    let probe = Probe<Signal<Int, OperatorError>.Event, Never>()
    let recorder = record(probe.signal.dematerialize())
    probe.send(.next(1))
    probe.complete()
    XCTAssertEqual(recorder.events, [.next(1), .completed])
  }

  func testRoundTripsRandomEventSequences() {
    withSeeds(0..<20) { seed, rng in
      var script: [Signal<Int, OperatorError>.Event] = (0..<Int.random(in: 0..<10, using: &rng)).map { .next($0) }
      script.append(Bool.random(using: &rng) ? .completed : .failed(OperatorError(Int(seed))))
      let events = script
      let source = Signal<Int, OperatorError> { observer in
        for event in events { observer.on(event) }
        return NonDisposable.instance
      }
      XCTAssertEqual(record(source.materialize().dematerialize()).events, events, "seed \(seed)")
    }
  }

  func testDisposingStopsObservingTheSource() {
    let probe = Probe<Int, OperatorError>()
    probe.signal.materialize().observe { _ in }.dispose()
    probe.signal.materialize().dematerialize().observe { _ in }.dispose()
    XCTAssertFalse(probe.isObserved)
  }
}
