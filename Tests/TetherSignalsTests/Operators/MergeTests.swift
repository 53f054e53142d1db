import TetherSignals
import TetherTestSupport
import XCTest

final class MergeTests: XCTestCase {
  func testMergeEmitsFromBothAndCompletesWhenBothComplete() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<Int, OperatorError>()
    let recorder = record(a.signal.merge(with: b.signal))
    a.send(1)
    b.send(2)
    a.complete()
    b.send(3)
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3)])
    b.complete()
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
  }

  func testMergeFailsAtOnceAndStopsObservingTheOthers() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<Int, OperatorError>()
    let c = Probe<Int, OperatorError>()
    let recorder = record(merge(a.signal, b.signal, c.signal))
    a.send(1)
    b.fail(OperatorError(2))
    c.send(3)
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(2))])
    XCTAssertFalse(a.isObserved)
    XCTAssertFalse(c.isObserved)
  }

  func testMergeOfSynchronousSignalsAndArities() {
    XCTAssertEqual(record(merge(SafeSignal(sequence: [1, 2]), SafeSignal(just: 3))).elements, [1, 2, 3])
    let four = merge(SafeSignal(just: 1), SafeSignal(just: 2), SafeSignal(just: 3), SafeSignal(just: 4))
    XCTAssertEqual(record(four).events, [.next(1), .next(2), .next(3), .next(4), .completed])
    XCTAssertEqual(record(merge([SafeSignal(just: 1), SafeSignal(just: 2)])).elements, [1, 2])
    XCTAssertEqual(record(merge([SafeSignal<Int>]())).events, [.completed])
  }

  func testASynchronousFailureSkipsObservingTheRest() {
    let later = Probe<Int, OperatorError>()
    let recorder = record(merge([Signal<Int, OperatorError>.failed(OperatorError(1)), later.signal]))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
    XCTAssertEqual(later.observations, 0)
  }

  func testMergeWorksOnSubjectsDirectly() {
    let a = PassthroughSubject<Int, Never>()
    let b = Property(0)
    let recorder = record(a.merge(with: b))
    a.send(1)
    b.value = 2
    XCTAssertEqual(recorder.elements, [0, 1, 2])
  }

  func testDisposingStopsObservingEveryInput() {
    let a = Probe<Int, Never>()
    let b = Probe<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(a.signal.merge(with: b.signal)).dispose()
    XCTAssertFalse(a.isObserved)
    XCTAssertFalse(b.isObserved)
    a.send(1)
    XCTAssertEqual(recorder.events, [])
  }

  func testEventsSentFromACallbackAreDeliveredAfterTheCurrentOne() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>(onEvent: { event in
      if event == .next(1) { b.send(2) }
    })
    recorder.observe(a.merge(with: b))
    a.send(1)
    a.send(3)
    XCTAssertEqual(recorder.elements, [1, 2, 3])
    recorder.assertNoViolations()
  }

  func testRandomInterleavingsMatchTheModel() {
    withSeeds(0..<40) { seed, rng in
      let inputs = Int.random(in: 1...4, using: &rng)
      let script = InputAction.randomScript(inputs: inputs, length: 30, using: &rng)
      let subjects = (0..<inputs).map { _ in PassthroughSubject<Int, OperatorError>() }
      let scheduler = VirtualTimeScheduler()
      let recorder = record(merge(subjects))
      play(script, into: subjects, on: scheduler)

      var expected: [Signal<Int, OperatorError>.Event] = []
      var running = inputs
      for action in effective(script, inputs: inputs) {
        switch action {
        case .send(_, let value): expected.append(.next(value))
        case .fail(let input): expected.append(.failed(OperatorError(input)))
        case .complete:
          running -= 1
          if running == 0 { expected.append(.completed) }
        }
        if expected.last?.isTerminal == true { break }
      }
      XCTAssertEqual(recorder.events, expected, "seed \(seed), script \(script)")
      recorder.assertNoViolations()
    }
  }
}
