import TetherSignals
import TetherTestSupport
import XCTest

final class ScanTests: XCTestCase {
  func testScanEmitsTheSeedFirstThenEachAccumulation() {
    let recorder = record(SafeSignal(sequence: [1, 2, 3]).scan(0, +))
    XCTAssertEqual(recorder.events, [.next(0), .next(1), .next(3), .next(6), .completed])
  }

  func testScanEmitsTheSeedAtOnceEvenBeforeAnyElement() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.scan(10, +))
    XCTAssertEqual(recorder.events, [.next(10)])
    probe.send(5)
    XCTAssertEqual(recorder.events, [.next(10), .next(15)])
  }

  func testScanForwardsFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.scan([]) { $0 + [$1] })
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next([]), .next([1]), .failed(OperatorError(1))])
  }

  func testEachObservationHasItsOwnAccumulation() {
    let signal = SafeSignal(sequence: [1, 2]).scan(0, +)
    XCTAssertEqual(record(signal).elements, [0, 1, 3])
    XCTAssertEqual(record(signal).elements, [0, 1, 3])
  }

  func testReduceEmitsTheResultOnCompletion() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.reduce(0, +))
    probe.send(1)
    probe.send(2)
    XCTAssertEqual(recorder.events, [])
    probe.complete()
    XCTAssertEqual(recorder.events, [.next(3), .completed])
  }

  func testReduceOfAnEmptySignalEmitsTheSeed() {
    XCTAssertEqual(record(SafeSignal<Int>.completed().reduce(7, +)).events, [.next(7), .completed])
  }

  func testReduceAndCollectFailWithoutEmitting() {
    let probe = Probe<Int, OperatorError>()
    let reduced = record(probe.signal.reduce(0, +))
    let collected = record(probe.signal.collect())
    probe.send(1)
    probe.fail(OperatorError(4))
    XCTAssertEqual(reduced.events, [.failed(OperatorError(4))])
    XCTAssertEqual(collected.events, [.failed(OperatorError(4))])
  }

  func testCollectEmitsAllElementsOnCompletion() {
    XCTAssertEqual(record(SafeSignal(sequence: [3, 1, 2]).collect()).events, [.next([3, 1, 2]), .completed])
    XCTAssertEqual(record(SafeSignal<Int>.completed().collect()).events, [.next([]), .completed])
  }

  func testMatchesASequenceReduceForRandomInputs() {
    withSeeds(0..<20) { seed, rng in
      let values = (0..<Int.random(in: 0..<30, using: &rng)).map { _ in Int.random(in: -5...5, using: &rng) }
      let scanned = record(SafeSignal(sequence: values).scan(0, +)).elements
      var expected = [0]
      for value in values { expected.append(expected.last! + value) }
      XCTAssertEqual(scanned, expected, "seed \(seed)")
      XCTAssertEqual(record(SafeSignal(sequence: values).reduce(0, +)).elements, [values.reduce(0, +)], "seed \(seed)")
      XCTAssertEqual(record(SafeSignal(sequence: values).collect()).elements, [values], "seed \(seed)")
    }
  }

  func testDisposingStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    let observations = [
      probe.signal.scan(0, +).observe { _ in },
      probe.signal.reduce(0, +).observe { _ in },
      probe.signal.collect().observe { _ in },
    ]
    for observation in observations { observation.dispose() }
    XCTAssertFalse(probe.isObserved)
  }
}
