import TetherSignals
import TetherTestSupport
import XCTest

final class ConcatenateTests: XCTestCase {
  func testPrependEmitsTheElementsFirst() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.prepend(0))
    XCTAssertEqual(recorder.events, [.next(0)])
    probe.send(1)
    probe.complete()
    XCTAssertEqual(recorder.events, [.next(0), .next(1), .completed])
    XCTAssertEqual(record(SafeSignal(sequence: [3]).prepend(contentsOf: [1, 2])).elements, [1, 2, 3])
  }

  func testPrependASignalObservesTheReceiverAfterItCompletes() {
    let first = Probe<Int, OperatorError>()
    let second = Probe<Int, OperatorError>()
    let recorder = record(second.signal.prepend(first.signal))
    first.send(1)
    XCTAssertEqual(second.observations, 0)
    first.complete()
    XCTAssertTrue(second.isObserved)
    second.send(2)
    second.fail(OperatorError(2))
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .failed(OperatorError(2))])
  }

  func testAppendEmitsTheElementsOnCompletion() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.append(9))
    probe.send(1)
    XCTAssertEqual(recorder.events, [.next(1)])
    probe.complete()
    XCTAssertEqual(recorder.events, [.next(1), .next(9), .completed])
    XCTAssertEqual(record(SafeSignal(sequence: [1]).append(contentsOf: [2, 3])).events, [.next(1), .next(2), .next(3), .completed])
  }

  func testAppendIsSkippedOnFailure() {
    let probe = Probe<Int, OperatorError>()
    let other = Probe<Int, OperatorError>()
    let elements = record(probe.signal.append(9))
    let signal = record(probe.signal.append(other.signal))
    probe.fail(OperatorError(1))
    XCTAssertEqual(elements.events, [.failed(OperatorError(1))])
    XCTAssertEqual(signal.events, [.failed(OperatorError(1))])
    XCTAssertEqual(other.observations, 0)
  }

  func testAppendASignalOfSynchronousSignals() {
    let recorder = record(SafeSignal(sequence: [1, 2]).append(SafeSignal(sequence: [3])).append(SafeSignal(just: 4)))
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .next(4), .completed])
  }

  func testReplaceEmpty() {
    XCTAssertEqual(record(SafeSignal<Int>.completed().replaceEmpty(with: 5)).events, [.next(5), .completed])
    XCTAssertEqual(record(SafeSignal(sequence: [1]).replaceEmpty(with: 5)).events, [.next(1), .completed])
    let failing = record(Signal<Int, OperatorError>.failed(OperatorError(1)).replaceEmpty(with: 5))
    XCTAssertEqual(failing.events, [.failed(OperatorError(1))])
  }

  func testDisposingStopsObservingEverySource() {
    let probe = Probe<Int, Never>()
    let other = Probe<Int, Never>()
    let observations = [
      probe.signal.prepend(0).observe { _ in },
      probe.signal.append(0).observe { _ in },
      probe.signal.replaceEmpty(with: 0).observe { _ in },
      SafeSignal<Int>.completed().append(other.signal).observe { _ in },
    ]
    XCTAssertTrue(other.isObserved)
    for observation in observations { observation.dispose() }
    XCTAssertFalse(probe.isObserved)
    XCTAssertFalse(other.isObserved)
  }

  func testDisposingFromACallbackStopsDelivery() {
    let probe = Probe<Int, Never>()
    let slot = DisposableSlot()
    let recorder = EventRecorder<Int, Never>(onEvent: { event in
      if event == .next(1) { slot.dispose() }
    })
    slot.disposable = recorder.observe(probe.signal.prepend(0).append(9))
    probe.send(1)
    probe.send(2)
    probe.complete()
    XCTAssertEqual(recorder.events, [.next(0), .next(1)])
    XCTAssertFalse(probe.isObserved)
  }
}
