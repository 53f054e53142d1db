import TetherSignals
import TetherTestSupport
import XCTest

/// Combining a signal that can fail with one that cannot, in both orders, and two that cannot.
final class CombiningMixedErrorsTests: XCTestCase {
  func testFailingWithSafe() {
    let failing = Probe<Int, OperatorError>()
    let safe = Property(10)
    let merged = record(failing.signal.merge(with: safe))
    let combined = record(failing.signal.combineLatest(with: safe, combine: +))
    let pairs = record(failing.signal.combineLatest(with: safe).map { $0 * $1 })
    let zipped = record(failing.signal.zip(with: safe, combine: -))
    let zippedPairs = record(failing.signal.zip(with: safe).map { $0.1 })
    let latest = record(failing.signal.with(latestFrom: safe, combine: +))
    let latestPairs = record(failing.signal.with(latestFrom: safe).map { $0.1 })
    let raced = record(failing.signal.amb(with: SafeSignal<Int>.never()))
    failing.send(1)
    failing.fail(OperatorError(1))
    XCTAssertEqual(merged.events, [.next(10), .next(1), .failed(OperatorError(1))])
    XCTAssertEqual(combined.events, [.next(11), .failed(OperatorError(1))])
    XCTAssertEqual(pairs.events, [.next(10), .failed(OperatorError(1))])
    XCTAssertEqual(zipped.events, [.next(-9), .failed(OperatorError(1))])
    XCTAssertEqual(zippedPairs.events, [.next(10), .failed(OperatorError(1))])
    XCTAssertEqual(latest.events, [.next(11), .failed(OperatorError(1))])
    XCTAssertEqual(latestPairs.events, [.next(10), .failed(OperatorError(1))])
    XCTAssertEqual(raced.events, [.next(1), .failed(OperatorError(1))])
  }

  func testSafeWithFailing() {
    let safe = Property(10)
    let failing = Probe<Int, OperatorError>()
    let merged = record(safe.merge(with: failing.signal))
    let combined = record(safe.combineLatest(with: failing.signal, combine: +))
    let pairs = record(safe.combineLatest(with: failing.signal).map { $0 * $1 })
    let zipped = record(safe.zip(with: failing.signal, combine: -))
    let zippedPairs = record(safe.zip(with: failing.signal).map { $0.0 })
    let latest = record(safe.with(latestFrom: failing.signal, combine: +))
    let latestPairs = record(safe.with(latestFrom: failing.signal).map { $0.1 })
    let raced = record(SafeSignal<Int>.never().amb(with: failing.signal))
    failing.send(1)
    safe.value = 20
    failing.fail(OperatorError(2))
    XCTAssertEqual(merged.events, [.next(10), .next(1), .next(20), .failed(OperatorError(2))])
    XCTAssertEqual(combined.events, [.next(11), .next(21), .failed(OperatorError(2))])
    XCTAssertEqual(pairs.events, [.next(10), .next(20), .failed(OperatorError(2))])
    XCTAssertEqual(zipped.events, [.next(9), .failed(OperatorError(2))])
    XCTAssertEqual(zippedPairs.events, [.next(10), .failed(OperatorError(2))])
    XCTAssertEqual(latest.events, [.next(21), .failed(OperatorError(2))])
    XCTAssertEqual(latestPairs.events, [.next(1), .failed(OperatorError(2))])
    XCTAssertEqual(raced.events, [.next(1), .failed(OperatorError(2))])
  }

  func testTwoSafeSignalsPickTheSameErrorOverload() {
    let first = Property(1)
    let second = Property(2)
    XCTAssertEqual(record(first.merge(with: second)).elements, [1, 2])
    XCTAssertEqual(record(first.combineLatest(with: second, combine: +)).elements, [3])
    XCTAssertEqual(record(first.zip(with: second, combine: +)).elements, [3])
    XCTAssertEqual(record(first.with(latestFrom: second, combine: +)).elements, [3])
    XCTAssertEqual(record(first.amb(with: second)).elements, [1])
    let typed: Signal<(Int, Int), Never> = first.combineLatest(with: second)
    XCTAssertEqual(record(typed.map { $0 + $1 }).elements, [3])
  }
}
