import TetherSignals
import TetherTestSupport
import XCTest

final class SuffixTests: XCTestCase {
  func testLastEmitsTheLastElementOnCompletion() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.last())
    probe.send(1)
    probe.send(2)
    XCTAssertEqual(recorder.events, [])
    probe.complete()
    XCTAssertEqual(recorder.events, [.next(2), .completed])
    XCTAssertEqual(record(SafeSignal<Int>.completed().last()).events, [.completed])
  }

  func testSuffixEmitsTheLastElementsInOrder() {
    XCTAssertEqual(record(SafeSignal(sequence: 1...6).suffix(maxLength: 3)).events, [.next(4), .next(5), .next(6), .completed])
    XCTAssertEqual(record(SafeSignal(sequence: 1...2).suffix(maxLength: 3)).elements, [1, 2])
    XCTAssertEqual(record(SafeSignal(sequence: 1...2).suffix(maxLength: 0)).events, [.completed])
  }

  func testDropLastHoldsBackTheLastElements() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.dropLast(2))
    probe.send(1)
    probe.send(2)
    XCTAssertEqual(recorder.elements, [])
    probe.send(3)
    XCTAssertEqual(recorder.elements, [1])
    probe.send(4)
    probe.complete()
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    XCTAssertEqual(record(SafeSignal(sequence: 1...3).dropLast()).elements, [1, 2])
    XCTAssertEqual(record(SafeSignal(sequence: 1...3).dropLast(0)).elements, [1, 2, 3])
  }

  func testFailureIsForwardedWithoutTheHeldElements() {
    let probe = Probe<Int, OperatorError>()
    let last = record(probe.signal.last())
    let suffix = record(probe.signal.suffix(maxLength: 2))
    let dropLast = record(probe.signal.dropLast(1))
    probe.send(1)
    probe.send(2)
    probe.fail(OperatorError(5))
    XCTAssertEqual(last.events, [.failed(OperatorError(5))])
    XCTAssertEqual(suffix.events, [.failed(OperatorError(5))])
    XCTAssertEqual(dropLast.events, [.next(1), .failed(OperatorError(5))])
  }

  func testMatchesArraySuffixAndDropLastOnRandomInputs() {
    withSeeds(0..<30) { seed, rng in
      let values = (0..<Int.random(in: 0..<20, using: &rng)).map { _ in Int.random(in: 0..<100, using: &rng) }
      let length = Int.random(in: 0..<6, using: &rng)
      XCTAssertEqual(
        record(SafeSignal(sequence: values).suffix(maxLength: length)).elements, Array(values.suffix(length)),
        "seed \(seed)")
      XCTAssertEqual(
        record(SafeSignal(sequence: values).dropLast(length)).elements, Array(values.dropLast(length)), "seed \(seed)")
    }
  }

  func testDisposingStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    let observations = [
      probe.signal.last().observe { _ in },
      probe.signal.suffix(maxLength: 2).observe { _ in },
      probe.signal.dropLast(2).observe { _ in },
    ]
    for observation in observations { observation.dispose() }
    XCTAssertFalse(probe.isObserved)
  }
}
