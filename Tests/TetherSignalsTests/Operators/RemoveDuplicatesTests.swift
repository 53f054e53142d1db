import TetherSignals
import TetherTestSupport
import XCTest

final class RemoveDuplicatesTests: XCTestCase {
  func testDropsConsecutiveDuplicates() {
    let recorder = record(SafeSignal(sequence: [1, 1, 2, 2, 2, 1, 3, 3]).removeDuplicates())
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(1), .next(3), .completed])
  }

  func testByComparesWithThePreviousElementReceived() {
    // "Within 1 of the previous element": 1, 2, 3 are each a duplicate of the one before, as in
    // ReactiveKit (Combine would compare 3 with the last emitted 1 and emit it).
    let recorder = record(SafeSignal(sequence: [1, 2, 3, 10]).removeDuplicates { abs($0 - $1) <= 1 })
    XCTAssertEqual(recorder.elements, [1, 10])
  }

  func testForwardsFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.removeDuplicates())
    probe.send(1)
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(1))])
  }

  func testWorksOnAProperty() {
    let property = Property(1)
    let recorder = record(property.removeDuplicates())
    property.value = 1
    property.value = 2
    property.value = 2
    XCTAssertEqual(recorder.elements, [1, 2])
  }

  func testMatchesAReferenceOnRandomInputs() {
    withSeeds(0..<50) { seed, rng in
      let values = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in Int.random(in: 0..<3, using: &rng) }
      var expected: [Int] = []
      for (index, value) in values.enumerated() where index == 0 || values[index - 1] != value {
        expected.append(value)
      }
      XCTAssertEqual(record(SafeSignal(sequence: values).removeDuplicates()).elements, expected, "seed \(seed)")
    }
  }

  func testDisposingStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    probe.signal.removeDuplicates().observe { _ in }.dispose()
    XCTAssertFalse(probe.isObserved)
  }
}
