import TetherSignals
import TetherTestSupport
import XCTest

final class ZipTests: XCTestCase {
  func testPairsElementsByPosition() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<String, OperatorError>()
    let recorder = record(a.signal.zip(with: b.signal).map { "\($0)\($1)" })
    a.send(1)
    a.send(2)
    b.send("x")
    XCTAssertEqual(recorder.elements, ["1x"])
    b.send("y")
    b.send("z")
    a.send(3)
    XCTAssertEqual(recorder.elements, ["1x", "2y", "3z"])
  }

  func testCompletesWhenNoFurtherPairIsPossible() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<Int, OperatorError>()
    let recorder = record(zip(a.signal, b.signal, combine: +))
    a.send(1)
    a.send(2)
    a.complete()
    XCTAssertEqual(recorder.events, [])
    b.send(10)
    XCTAssertEqual(recorder.events, [.next(11)])
    b.send(20)
    XCTAssertEqual(recorder.events, [.next(11), .next(22), .completed])
    XCTAssertFalse(b.isObserved)
  }

  func testFailsAtOnce() {
    let a = Probe<Int, OperatorError>()
    let b = Probe<Int, OperatorError>()
    let recorder = record(a.signal.zip(with: b.signal, combine: +))
    a.send(1)
    b.fail(OperatorError(2))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(2))])
    XCTAssertFalse(a.isObserved)
  }

  func testArities() {
    let three = zip(SafeSignal(sequence: [1, 2]), SafeSignal(sequence: ["a", "b", "c"]), SafeSignal(sequence: [true, false]))
      .map { "\($0)\($1)\($2)" }
    XCTAssertEqual(record(three).events, [.next("1atrue"), .next("2bfalse"), .completed])
    XCTAssertEqual(record(zip(SafeSignal(just: 1), SafeSignal(just: 2), SafeSignal(just: 3)) { $0 + $1 + $2 }).elements, [6])
    let four = zip(SafeSignal(just: 1), SafeSignal(just: 2), SafeSignal(just: 3), SafeSignal(sequence: [4, 5]))
      .map { [$0, $1, $2, $3] }
    XCTAssertEqual(record(four).events, [.next([1, 2, 3, 4]), .completed])
    let fourCombined = zip(SafeSignal(just: 1), SafeSignal(just: 2), SafeSignal(just: 3), SafeSignal(just: 4)) {
      $0 + $1 + $2 + $3
    }
    XCTAssertEqual(record(fourCombined).elements, [10])
    XCTAssertEqual(record(zip([SafeSignal(sequence: [1, 2]), SafeSignal(sequence: [3])])).events, [.next([1, 3]), .completed])
    XCTAssertEqual(record(zip([SafeSignal<Int>]())).events, [.completed])
  }

  func testSwiftZipOfSequencesStillWorks() {
    XCTAssertEqual(zip([1, 2], ["a", "b"]).map { "\($0)\($1)" }, ["1a", "2b"])
  }

  func testDisposingStopsObservingEveryInput() {
    let a = Probe<Int, Never>()
    let b = Probe<Int, Never>()
    zip(a.signal, b.signal).observe { _ in }.dispose()
    zip([a.signal, b.signal]).observe { _ in }.dispose()
    XCTAssertFalse(a.isObserved)
    XCTAssertFalse(b.isObserved)
  }

  func testRandomInterleavingsMatchTheModel() {
    withSeeds(0..<40) { seed, rng in
      let inputs = Int.random(in: 2...3, using: &rng)
      let script = InputAction.randomScript(inputs: inputs, length: 30, using: &rng)
      let subjects = (0..<inputs).map { _ in PassthroughSubject<Int, OperatorError>() }
      let scheduler = VirtualTimeScheduler()
      let arrays = record(zip(subjects))
      let nested =
        inputs == 2
        ? record(subjects[0].zip(with: subjects[1]).map { [$0, $1] })
        : record(zip(subjects[0], subjects[1], subjects[2]).map { [$0, $1, $2] })
      play(script, into: subjects, on: scheduler)

      var expected: [Signal<[Int], OperatorError>.Event] = []
      var queues = Array(repeating: [Int](), count: inputs)
      var done = Array(repeating: false, count: inputs)
      for action in effective(script, inputs: inputs) {
        switch action {
        case .send(let input, let value):
          queues[input].append(value)
          if queues.allSatisfy({ !$0.isEmpty }) { expected.append(.next(queues.indices.map { queues[$0].removeFirst() })) }
        case .fail(let input):
          expected.append(.failed(OperatorError(input)))
        case .complete(let input):
          done[input] = true
        }
        if expected.last?.isTerminal != true, queues.indices.contains(where: { done[$0] && queues[$0].isEmpty }) {
          expected.append(.completed)
        }
        if expected.last?.isTerminal == true { break }
      }
      XCTAssertEqual(arrays.events, expected, "seed \(seed), script \(script)")
      XCTAssertEqual(nested.events, expected, "seed \(seed), script \(script)")
    }
  }
}
