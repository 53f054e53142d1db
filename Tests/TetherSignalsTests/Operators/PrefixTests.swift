import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

final class PrefixTests: XCTestCase {
  func testDropFirstSkipsTheFirstElements() {
    XCTAssertEqual(record(SafeSignal(sequence: 1...5).dropFirst(2)).events, [.next(3), .next(4), .next(5), .completed])
    XCTAssertEqual(record(SafeSignal(sequence: 1...3).dropFirst()).elements, [2, 3])
    XCTAssertEqual(record(SafeSignal(sequence: 1...3).dropFirst(0)).elements, [1, 2, 3])
    XCTAssertEqual(record(SafeSignal(sequence: 1...3).dropFirst(9)).events, [.completed])
  }

  func testPrefixCompletesAfterMaxLengthAndStopsObserving() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.prefix(maxLength: 2))
    probe.send(1)
    XCTAssertTrue(probe.isObserved)
    probe.send(2)
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    XCTAssertFalse(probe.isObserved)
    probe.send(3)
    XCTAssertEqual(recorder.events.count, 3)
  }

  func testPrefixOfASynchronousSourceDropsWhatFollowsTheLimit() {
    XCTAssertEqual(
      record(SafeSignal(sequence: 1...100).prefix(maxLength: 3)).events, [.next(1), .next(2), .next(3), .completed])
  }

  func testPrefixZeroCompletesWithoutObserving() {
    let probe = Probe<Int, Never>()
    XCTAssertEqual(record(probe.signal.prefix(maxLength: 0)).events, [.completed])
    XCTAssertEqual(probe.observations, 0)
  }

  func testPrefixEndsEarlyWithTheSource() {
    let probe = Probe<Int, OperatorError>()
    let completed = record(probe.signal.prefix(maxLength: 5))
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(completed.events, [.next(1), .failed(OperatorError(1))])
    XCTAssertEqual(record(SafeSignal(sequence: [1]).prefix(maxLength: 5)).events, [.next(1), .completed])
  }

  func testFirstEmitsOneElementThenCompletes() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.first())
    probe.send(4)
    probe.send(5)
    XCTAssertEqual(recorder.events, [.next(4), .completed])
    XCTAssertFalse(probe.isObserved)
    XCTAssertEqual(record(SafeSignal<Int>.completed().first()).events, [.completed])
  }

  func testOutputAtEmitsTheElementAtIndex() {
    let probe = Probe<String, Never>()
    let recorder = record(probe.signal.output(at: 2))
    for value in ["a", "b", "c", "d"] { probe.send(value) }
    XCTAssertEqual(recorder.events, [.next("c"), .completed])
    XCTAssertFalse(probe.isObserved)
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2]).output(at: 5)).events, [.completed])
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2]).output(at: 0)).events, [.next(1), .completed])
  }

  func testOutputAtForwardsAnEarlierFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.output(at: 3))
    probe.send(1)
    probe.fail(OperatorError(9))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(9))])
  }

  func testPrefixUntilOutputFromCompletesOnAnyEventOfTheOther() {
    for end in ["element", "completion", "failure"] {
      let source = Probe<Int, OperatorError>()
      let trigger = Probe<Void, OperatorError>()
      let recorder = record(source.signal.prefix(untilOutputFrom: trigger.signal))
      source.send(1)
      switch end {
      case "element": trigger.send(())
      case "completion": trigger.complete()
      default: trigger.fail(OperatorError(0))
      }
      source.send(2)
      XCTAssertEqual(recorder.events, [.next(1), .completed], end)
      XCTAssertFalse(source.isObserved, end)
      XCTAssertFalse(trigger.isObserved, end)
    }
  }

  func testPrefixUntilOutputFromForwardsTheSourcesEnd() {
    let source = Probe<Int, OperatorError>()
    let trigger = Probe<Int, Never>()
    let recorder = record(source.signal.prefix(untilOutputFrom: trigger.signal))
    source.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
    XCTAssertFalse(trigger.isObserved)
  }

  func testPrefixUntilAnImmediateTriggerNeverObservesTheSource() {
    let source = Probe<Int, Never>()
    let recorder = record(source.signal.prefix(untilOutputFrom: Signal<Int, Never>(just: 1)))
    XCTAssertEqual(recorder.events, [.completed])
    XCTAssertEqual(source.observations, 0)
  }

  func testDisposingStopsObservingTheSources() {
    let probe = Probe<Int, Never>()
    let trigger = Probe<Int, Never>()
    let observations = [
      probe.signal.dropFirst().observe { _ in },
      probe.signal.prefix(maxLength: 3).observe { _ in },
      probe.signal.output(at: 3).observe { _ in },
      probe.signal.prefix(untilOutputFrom: trigger.signal).observe { _ in },
    ]
    for observation in observations { observation.dispose() }
    XCTAssertFalse(probe.isObserved)
    XCTAssertFalse(trigger.isObserved)
  }
}
