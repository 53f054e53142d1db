import TetherSignals
import TetherTestSupport
import XCTest

final class BufferTests: XCTestCase {
  func testEmitsFullGroupsAndDropsAnIncompleteLastGroup() {
    let recorder = record(SafeSignal(sequence: 1...7).buffer(size: 3))
    XCTAssertEqual(recorder.events, [.next([1, 2, 3]), .next([4, 5, 6]), .completed])
  }

  func testSizeOneEmitsEachElementAlone() {
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2]).buffer(size: 1)).elements, [[1], [2]])
  }

  func testForwardsFailureAndStopsOnDispose() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.buffer(size: 2))
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next([1, 2]), .failed(OperatorError(1))])

    let other = Probe<Int, Never>()
    other.signal.buffer(size: 2).observe { _ in }.dispose()
    XCTAssertFalse(other.isObserved)
  }

  func testMatchesChunkingOnRandomInputs() {
    withSeeds(0..<20) { seed, rng in
      let values = Array(0..<Int.random(in: 0..<25, using: &rng))
      let size = Int.random(in: 1...5, using: &rng)
      let expected = stride(from: 0, to: values.count - size + 1, by: size).map { Array(values[$0..<$0 + size]) }
      XCTAssertEqual(record(SafeSignal(sequence: values).buffer(size: size)).elements, expected, "seed \(seed)")
    }
  }
}
