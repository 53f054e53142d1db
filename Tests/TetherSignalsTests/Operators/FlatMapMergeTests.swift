import TetherSignals
import TetherTestSupport
import XCTest

final class FlatMapMergeTests: XCTestCase {
  func testFlatMapMergeEmitsFromEveryInnerSignal() {
    let outer = Probe<Int, OperatorError>()
    let inners = [Probe<String, OperatorError>(), Probe<String, OperatorError>()]
    let recorder = record(outer.signal.flatMapMerge { inners[$0].signal })
    outer.send(0)
    outer.send(1)
    inners[1].send("b")
    inners[0].send("a")
    outer.complete()
    inners[0].complete()
    XCTAssertEqual(recorder.events, [.next("b"), .next("a")])
    inners[1].complete()
    XCTAssertEqual(recorder.events, [.next("b"), .next("a"), .completed])
  }

  func testFlatMapMergeFailsWhenAnInnerFails() {
    let outer = Probe<Int, OperatorError>()
    let inners = [Probe<Int, OperatorError>(), Probe<Int, OperatorError>()]
    let recorder = record(outer.signal.flatMapMerge { inners[$0].signal })
    outer.send(0)
    outer.send(1)
    inners[0].fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
    XCTAssertFalse(outer.isObserved)
    XCTAssertFalse(inners[1].isObserved)
  }

  func testFlatMapMergeOfManySynchronousInnersKeepsNoObservations() {
    let outer = PassthroughSubject<Int, Never>()
    let recorder = record(outer.flatMapMerge { SafeSignal(just: $0) })
    for value in 0..<1000 { outer.send(value) }
    outer.send(completion: .finished)
    XCTAssertEqual(recorder.elements, Array(0..<1000))
    XCTAssertTrue(recorder.isCompleted)
  }

  func testFlatMapConcatObservesOneInnerAtATime() {
    let outer = Probe<Int, OperatorError>()
    let inners = [Probe<String, OperatorError>(), Probe<String, OperatorError>()]
    let recorder = record(outer.signal.flatMapConcat { inners[$0].signal })
    outer.send(0)
    outer.send(1)
    XCTAssertEqual(inners[1].observations, 0)
    inners[0].send("a")
    inners[0].complete()
    XCTAssertTrue(inners[1].isObserved)
    inners[1].send("b")
    outer.complete()
    XCTAssertEqual(recorder.events, [.next("a"), .next("b")])
    inners[1].complete()
    XCTAssertEqual(recorder.events, [.next("a"), .next("b"), .completed])
  }

  func testFlatMapConcatFailsWhenTheCurrentInnerFails() {
    let outer = Probe<Int, OperatorError>()
    let inner = Probe<Int, OperatorError>()
    let recorder = record(outer.signal.flatMapConcat { _ in inner.signal })
    outer.send(0)
    inner.fail(OperatorError(3))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(3))])
    XCTAssertFalse(outer.isObserved)
  }

  func testFlatMapConcatChainsSynchronousInnersWithoutGrowingTheStack() {
    let outer = PassthroughSubject<Int, Never>()
    let gate = PassthroughSubject<Int, Never>()
    let recorder = record(outer.flatMapConcat { $0 == 0 ? gate.prefix(maxLength: 1) : SafeSignal(just: $0) })
    outer.send(0)
    for value in 1...20_000 { outer.send(value) }
    outer.send(completion: .finished)
    XCTAssertEqual(recorder.elements, [])
    gate.send(0)  // releases 20,000 queued synchronous inner signals at once
    XCTAssertEqual(recorder.elements, Array(0...20_000))
    XCTAssertTrue(recorder.isCompleted)
  }

  func testErrorTypeOverloads() {
    let merged = SafeSignal(sequence: [1, 2]).flatMapMerge { Signal<Int, OperatorError>(just: $0) }
    XCTAssertEqual(record(merged).events, [.next(1), .next(2), .completed])
    let concatenated = Signal<Int, OperatorError>(sequence: [1, 2]).flatMapConcat { SafeSignal(just: $0) }
    XCTAssertEqual(record(concatenated).events, [.next(1), .next(2), .completed])
    let failing = SafeSignal(just: 1).flatMapConcat { _ in Signal<Int, OperatorError>.failed(OperatorError(2)) }
    XCTAssertEqual(record(failing).events, [.failed(OperatorError(2))])
    let mergedSafe = Signal<Int, OperatorError>(just: 1).flatMapMerge { SafeSignal(just: $0) }
    XCTAssertEqual(record(mergedSafe).events, [.next(1), .completed])
  }

  func testDisposingStopsObservingOuterAndInners() {
    let outer = Probe<Int, Never>()
    let inners = [Probe<Int, Never>(), Probe<Int, Never>()]
    let merged = outer.signal.flatMapMerge { inners[$0].signal }.observe { _ in }
    outer.send(0)
    outer.send(1)
    merged.dispose()
    let concatenated = outer.signal.flatMapConcat { inners[$0].signal }.observe { _ in }
    outer.send(0)
    concatenated.dispose()
    XCTAssertFalse(outer.isObserved)
    XCTAssertFalse(inners[0].isObserved)
    XCTAssertFalse(inners[1].isObserved)
  }

  func testRandomTimedScenariosMatchTheModels() {
    withSeeds(0..<40) { seed, rng in
      let scenario = FlattenScenario(using: &rng)
      let scheduler = VirtualTimeScheduler()
      let outer = scenario.outer(on: scheduler)
      let merged = record(outer.flatMapMerge { $0 })
      let concatenated = record(outer.flatMapConcat { $0 })
      scheduler.run()

      var timed: [(time: Double, value: Int)] = []
      var start = 0.0
      var concatExpected: [Int] = []
      for (index, time) in scenario.times.enumerated() {
        for offset in 0..<scenario.counts[index] {
          timed.append((time + Double(offset + 1), index * 10 + offset))
        }
        start = max(start, time)
        concatExpected += (0..<scenario.counts[index]).map { index * 10 + $0 }
        start += Double(scenario.counts[index] + 1)
      }
      XCTAssertEqual(merged.elements, timed.sorted { $0.time < $1.time }.map(\.value), "seed \(seed): \(scenario)")
      XCTAssertTrue(merged.isCompleted, "seed \(seed)")
      XCTAssertEqual(concatenated.elements, concatExpected, "seed \(seed): \(scenario)")
      XCTAssertTrue(concatenated.isCompleted, "seed \(seed)")
      XCTAssertEqual(scheduler.pendingCount, 0)
    }
  }
}
