import TetherSignals
import TetherTestSupport
import XCTest

final class CombineLatestTests: XCTestCase {
  func testEmitsOnceBothHaveEmittedThenOnEveryElement() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<String, OperatorError>()
    let recorder = record(a.signal.combineLatest(with: b.signal).map { "\($0)\($1)" })
    a.send(1)
    a.send(2)
    XCTAssertEqual(recorder.elements, [])
    b.send("x")
    a.send(3)
    b.send("y")
    XCTAssertEqual(recorder.elements, ["2x", "3x", "3y"])
  }

  func testCompletesWhenAllCompleteAndFailsAtOnce() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<Int, OperatorError>()
    let recorder = record(combineLatest(a.signal, b.signal) { $0 + $1 })
    a.send(1)
    b.send(10)
    a.complete()
    b.send(20)
    XCTAssertEqual(recorder.events, [.next(11), .next(21)])
    b.complete()
    XCTAssertEqual(recorder.events, [.next(11), .next(21), .completed])

    let c = Probe<Int, OperatorError>()
    let d = Probe<Int, OperatorError>()
    let failing = record(c.signal.combineLatest(with: d.signal, combine: +))
    c.fail(OperatorError(1))
    XCTAssertEqual(failing.events, [.failed(OperatorError(1))])
    XCTAssertFalse(d.isObserved)
  }

  func testThreeAndFourInputs() {
    let three = combineLatest(SafeSignal(just: 1), SafeSignal(just: "a"), SafeSignal(sequence: [true, false]))
      .map { "\($0)\($1)\($2)" }
    XCTAssertEqual(record(three).events, [.next("1atrue"), .next("1afalse"), .completed])
    let threeCombined = combineLatest(SafeSignal(just: 1), SafeSignal(just: 2), SafeSignal(just: 3)) { $0 + $1 + $2 }
    XCTAssertEqual(record(threeCombined).elements, [6])
    let four = combineLatest(SafeSignal(just: 1), SafeSignal(just: 2), SafeSignal(just: 3), SafeSignal(sequence: [4, 5]))
      .map { [$0, $1, $2, $3] }
    XCTAssertEqual(record(four).elements, [[1, 2, 3, 4], [1, 2, 3, 5]])
    let fourCombined = combineLatest(SafeSignal(just: 1), SafeSignal(just: 2), SafeSignal(just: 3), SafeSignal(just: 4)) {
      $0 * $1 * $2 * $3
    }
    XCTAssertEqual(record(fourCombined).events, [.next(24), .completed])
  }

  func testArrayOfSignals() {
    let subjects = (0..<3).map { _ in ReplayOneSubject<Int, Never>() }
    let recorder = record(combineLatest(subjects))
    subjects[0].send(1)
    subjects[1].send(2)
    subjects[2].send(3)
    subjects[1].send(4)
    XCTAssertEqual(recorder.elements, [[1, 2, 3], [1, 4, 3]])
    let summed = record(combineLatest(subjects, combine: { $0.reduce(0, +) }))
    subjects[0].send(10)
    XCTAssertEqual(summed.elements, [8, 17])
    XCTAssertEqual(record(Signal<Int, Never>(combiningLatest: subjects) { $0.count }).elements, [3])
    XCTAssertEqual(record(combineLatest([SafeSignal<Int>]())).events, [.completed])
  }

  func testPropertiesCombineWithoutConversion() {
    let first = Property("a")
    let last = Property("b")
    let recorder = record(first.combineLatest(with: last) { "\($0) \($1)" })
    last.value = "c"
    XCTAssertEqual(recorder.elements, ["a b", "a c"])
  }

  func testDisposingStopsObservingEveryInput() {
    let a = Probe<Int, Never>()
    let b = Probe<Int, Never>()
    combineLatest(a.signal, b.signal).observe { _ in }.dispose()
    combineLatest([a.signal, b.signal]).observe { _ in }.dispose()
    XCTAssertFalse(a.isObserved)
    XCTAssertFalse(b.isObserved)
  }

  func testRandomInterleavingsMatchTheModel() {
    withSeeds(0..<40) { seed, rng in
      let script = InputAction.randomScript(inputs: 2, length: 30, using: &rng)
      let subjects = (0..<2).map { _ in PassthroughSubject<Int, OperatorError>() }
      let scheduler = VirtualTimeScheduler()
      let pairs = record(subjects[0].combineLatest(with: subjects[1]).map { [$0, $1] })
      let arrays = record(combineLatest(subjects))
      play(script, into: subjects, on: scheduler)

      var expected: [Signal<[Int], OperatorError>.Event] = []
      var latest: [Int?] = [nil, nil]
      var done = [false, false]
      for action in effective(script, inputs: 2) {
        switch action {
        case .send(let input, let value):
          latest[input] = value
          if let a = latest[0], let b = latest[1] { expected.append(.next([a, b])) }
        case .fail(let input):
          expected.append(.failed(OperatorError(input)))
        case .complete(let input):
          done[input] = true
          if done.allSatisfy({ $0 }) { expected.append(.completed) }
        }
        if expected.last?.isTerminal == true { break }
      }
      XCTAssertEqual(pairs.events, expected, "seed \(seed), script \(script)")
      XCTAssertEqual(arrays.events, expected, "seed \(seed), script \(script)")
    }
  }
}
