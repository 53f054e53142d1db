import TetherSignals
import TetherTestSupport
import XCTest

final class FlattenTests: XCTestCase {
  /// Inner signals `a` (0, 1, 2 at 1, 2, 3 s after it is observed) and `b` (10, 11 at 1, 2 s), emitted
  /// by the outer signal at 0.5 s and 1.6 s; the outer signal completes at 2 s.
  private func timeline(_ strategy: FlattenStrategy) -> [String] {
    let scheduler = VirtualTimeScheduler()
    let outer = PassthroughSubject<SafeSignal<Int>, Never>()
    let a = SafeSignal(sequence: [0, 1, 2], interval: 1, queue: scheduler)
    let b = SafeSignal(sequence: [10, 11], interval: 1, queue: scheduler)
    let recorder = recordTimeline(outer.flatten(strategy), on: scheduler)
    at(0.5, on: scheduler) { outer.send(a) }
    at(1.6, on: scheduler) { outer.send(b) }
    at(2, on: scheduler) { outer.send(completion: .finished) }
    scheduler.run()
    return recorder.elements
  }

  func testMergeForwardsEveryInnerSignalAsItsEventsArrive() {
    XCTAssertEqual(
      timeline(.merge),
      ["next(0)@1.5", "next(1)@2.5", "next(10)@2.6", "next(2)@3.5", "next(11)@3.6", "completed@4.6"])
  }

  func testLatestForwardsOnlyTheLatestInnerSignal() {
    XCTAssertEqual(timeline(.latest), ["next(0)@1.5", "next(10)@2.6", "next(11)@3.6", "completed@4.6"])
  }

  func testConcatObservesTheInnerSignalsOneAfterAnother() {
    XCTAssertEqual(
      timeline(.concat),
      ["next(0)@1.5", "next(1)@2.5", "next(2)@3.5", "next(10)@5.5", "next(11)@6.5", "completed@7.5"])
  }

  func testMergeAndConcatAreTheirStrategies() {
    let outer = SafeSignal(sequence: [SafeSignal(sequence: [1, 2]), SafeSignal(sequence: [3])])
    XCTAssertEqual(record(outer.merge()).events, [.next(1), .next(2), .next(3), .completed])
    XCTAssertEqual(record(outer.concat()).events, [.next(1), .next(2), .next(3), .completed])
  }

  func testAFailingInnerSignalFailsTheResult() {
    for strategy in [FlattenStrategy.merge, .latest, .concat] {
      let outer = Signal<Signal<Int, OperatorError>, OperatorError>(sequence: [
        Signal(sequence: [1]), .failed(OperatorError(1)), Signal(just: 2),
      ])
      XCTAssertEqual(record(outer.flatten(strategy)).events, [.next(1), .failed(OperatorError(1))], "\(strategy)")
      let safeOuter = SafeSignal<Signal<Int, OperatorError>>(just: .failed(OperatorError(2)))
      XCTAssertEqual(record(safeOuter.flatten(strategy)).events, [.failed(OperatorError(2))], "\(strategy)")
    }
  }

  func testFlatMapWithAStrategyMapsThenFlattens() {
    let source = SafeSignal(sequence: [1, 2])
    XCTAssertEqual(record(source.flatMap(.merge) { SafeSignal(sequence: [$0, $0 * 10]) }).elements, [1, 10, 2, 20])
    XCTAssertEqual(record(source.flatMap(.concat) { SafeSignal(sequence: [$0, $0 * 10]) }).elements, [1, 10, 2, 20])
    let failing = Signal<Int, OperatorError>(sequence: [1, 2])
    XCTAssertEqual(
      record(failing.flatMap(.latest) { SafeSignal(just: $0 * 3) }).events, [.next(3), .next(6), .completed])
    XCTAssertEqual(
      record(failing.flatMap(.latest) { Signal<Int, OperatorError>(just: $0) }).events,
      [.next(1), .next(2), .completed])
    XCTAssertEqual(
      record(source.flatMap(.merge) { _ in Signal<Int, OperatorError>.failed(OperatorError(3)) }).events,
      [.failed(OperatorError(3))])
  }

  func testSignalFlatteningASequence() {
    let signals = [SafeSignal(sequence: [1, 2]), SafeSignal(just: 3)]
    XCTAssertEqual(record(SafeSignal(flattening: signals, strategy: .concat)).elements, [1, 2, 3])
    XCTAssertEqual(record(SafeSignal(flattening: signals, strategy: .merge)).elements, [1, 2, 3])
  }
}
