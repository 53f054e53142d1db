import TetherSignals
import TetherTestSupport
import XCTest

final class FlatMapLatestTests: XCTestCase {
  func testSwitchesToTheLatestInnerSignal() {
    let outer = Probe<Int, OperatorError>()
    let inners = [Probe<String, OperatorError>(), Probe<String, OperatorError>()]
    let recorder = record(outer.signal.flatMapLatest { inners[$0].signal })
    outer.send(0)
    inners[0].send("a")
    outer.send(1)
    XCTAssertFalse(inners[0].isObserved, "the replaced inner signal is no longer observed")
    inners[0].send("b")
    inners[1].send("c")
    XCTAssertEqual(recorder.elements, ["a", "c"])
  }

  func testCompletesWhenOuterAndLatestInnerHaveCompleted() {
    let outer = Probe<Int, OperatorError>()
    let inner = Probe<Int, OperatorError>()
    let recorder = record(outer.signal.flatMapLatest { _ in inner.signal })
    outer.send(0)
    outer.complete()
    inner.send(1)
    XCTAssertEqual(recorder.events, [.next(1)])
    inner.complete()
    XCTAssertEqual(recorder.events, [.next(1), .completed])
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2]).flatMapLatest { SafeSignal(just: $0 * 10) }).events, [.next(10), .next(20), .completed])
  }

  func testFailsWhenTheOuterOrTheCurrentInnerFails() {
    let outer = Probe<Int, OperatorError>()
    let inner = Probe<Int, OperatorError>()
    let recorder = record(outer.signal.flatMapLatest { _ in inner.signal })
    outer.send(0)
    inner.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
    XCTAssertFalse(outer.isObserved)

    let outer2 = Probe<Int, OperatorError>()
    let inner2 = Probe<Int, OperatorError>()
    let recorder2 = record(outer2.signal.flatMapLatest { _ in inner2.signal })
    outer2.send(0)
    outer2.fail(OperatorError(2))
    XCTAssertEqual(recorder2.events, [.failed(OperatorError(2))])
    XCTAssertFalse(inner2.isObserved)
  }

  func testSwitchToLatest() {
    let outer = PassthroughSubject<SafeSignal<Int>, Never>()
    let recorder = record(outer.switchToLatest())
    outer.send(SafeSignal(sequence: [1, 2]))
    outer.send(SafeSignal(just: 3))
    outer.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
  }

  func testErrorTypeOverloads() {
    let safeOuterFailingInner = SafeSignal(just: 1).flatMapLatest { _ in Signal<Int, OperatorError>.failed(OperatorError(1)) }
    XCTAssertEqual(record(safeOuterFailingInner).events, [.failed(OperatorError(1))])
    let failingOuterSafeInner = Signal<Int, OperatorError>(just: 1).flatMapLatest { SafeSignal(just: $0 + 1) }
    XCTAssertEqual(record(failingOuterSafeInner).events, [.next(2), .completed])
  }

  func testDisposingStopsObservingOuterAndInner() {
    let outer = Probe<Int, Never>()
    let inner = Probe<Int, Never>()
    let observation = outer.signal.flatMapLatest { _ in inner.signal }.observe { _ in }
    outer.send(0)
    XCTAssertTrue(inner.isObserved)
    observation.dispose()
    XCTAssertFalse(outer.isObserved)
    XCTAssertFalse(inner.isObserved)
  }

  func testRandomTimedScenariosMatchTheModel() {
    withSeeds(0..<40) { seed, rng in
      let scenario = FlattenScenario(using: &rng)
      let scheduler = VirtualTimeScheduler()
      let recorder = record(scenario.outer(on: scheduler).flatMapLatest { $0 })
      scheduler.run()

      var expected: [Int] = []
      for (index, time) in scenario.times.enumerated() {
        let replacedAt = index + 1 < scenario.times.count ? scenario.times[index + 1] : .infinity
        for offset in 0..<scenario.counts[index] where time + Double(offset + 1) < replacedAt {
          expected.append(index * 10 + offset)
        }
      }
      XCTAssertEqual(recorder.elements, expected, "seed \(seed): \(scenario)")
      XCTAssertTrue(recorder.isCompleted, "seed \(seed): \(scenario)")
      XCTAssertEqual(scheduler.pendingCount, 0)
    }
  }
}
