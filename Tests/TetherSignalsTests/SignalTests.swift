import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

private struct TestError: Error, Equatable {
  let code: Int
}

final class SignalTests: XCTestCase {
  func testJustEmitsOneElementThenCompletes() {
    let recorder = EventRecorder<String, Never>()
    recorder.observe(Signal(just: "hello"))
    XCTAssertEqual(recorder.events, [.next("hello"), .completed])
  }

  func testSequenceEmitsEveryElementInOrderForEachObserver() {
    let signal = SafeSignal(sequence: [1, 2, 3])
    withEvery("observer", in: 0..<3) { _ in
      let recorder = EventRecorder<Int, Never>()
      recorder.observe(signal)
      XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }
  }

  func testCompletedFailedAndNever() {
    let completed = EventRecorder<Int, TestError>()
    completed.observe(Signal<Int, TestError>.completed())
    XCTAssertEqual(completed.events, [.completed])

    let failed = EventRecorder<Int, TestError>()
    failed.observe(Signal<Int, TestError>.failed(TestError(code: 7)))
    XCTAssertEqual(failed.events, [.failed(TestError(code: 7))])
    XCTAssertEqual(failed.error, TestError(code: 7))

    let never = EventRecorder<Int, TestError>()
    never.observe(Signal<Int, TestError>.never())
    XCTAssertEqual(never.events, [])
  }

  func testPerformingEmitsResultOrError() {
    let success = EventRecorder<Int, any Error>()
    success.observe(Signal<Int, any Error>(performing: { 6 * 7 }))
    XCTAssertEqual(success.elements, [42])
    XCTAssertTrue(success.isCompleted)

    let failure = EventRecorder<Int, any Error>()
    failure.observe(Signal<Int, any Error>(performing: { throw TestError(code: 1) }))
    XCTAssertEqual(failure.error as? TestError, TestError(code: 1))
  }

  func testPerformingWithoutFailureEmitsSynchronouslyOnEachObservation() {
    let runs = AtomicInt(0)
    let signal = SafeSignal(performing: { runs.add(1, ordering: .relaxed).newValue * 10 })
    let first = EventRecorder<Int, Never>()
    let second = EventRecorder<Int, Never>()
    first.observe(signal)
    XCTAssertEqual(first.events, [.next(10), .completed], "delivered before observe returns")
    second.observe(signal)
    XCTAssertEqual(second.events, [.next(20), .completed])
  }

  func testProducerRunsOncePerObservation() {
    let runs = AtomicInt(0)
    let signal = SafeSignal<Int> { observer in
      let run = runs.add(1, ordering: .relaxed).newValue
      observer.receive(run)
      return NonDisposable.instance
    }
    let first = EventRecorder<Int, Never>()
    let second = EventRecorder<Int, Never>()
    first.observe(signal)
    second.observe(signal)
    XCTAssertEqual(first.elements, [1])
    XCTAssertEqual(second.elements, [2])
  }

  func testObserveNextFailedCompletedPickTheirEvents() {
    let subject = PassthroughSubject<Int, TestError>()
    let nexts = EventRecorder<Int, Never>()
    let failures = EventRecorder<Int, Never>()
    let completions = EventRecorder<Int, Never>()
    subject.observeNext { nexts.record(.next($0)) }
    subject.observeFailed { failures.record(.next($0.code)) }
    subject.observeCompleted { completions.record(.next(0)) }
    subject.send(1)
    subject.send(completion: .failure(TestError(code: 9)))
    XCTAssertEqual(nexts.elements, [1])
    XCTAssertEqual(failures.elements, [9])
    XCTAssertEqual(completions.elements, [])
  }

  func testEventHelpers() {
    let next = Signal<Int, TestError>.Event.next(1)
    let failed = Signal<Int, TestError>.Event.failed(TestError(code: 2))
    let completed = Signal<Int, TestError>.Event.completed
    XCTAssertEqual(next.element, 1)
    XCTAssertFalse(next.isTerminal)
    XCTAssertNil(next.completion)
    XCTAssertEqual(failed.error, TestError(code: 2))
    XCTAssertEqual(failed.completion, .failure(TestError(code: 2)))
    XCTAssertEqual(completed.completion, .finished)
    XCTAssertTrue(completed.isTerminal)
    XCTAssertEqual(Signal<Int, TestError>.Event(completion: .finished), .completed)
    XCTAssertEqual("\(next) \(completed)", "next(1) completed")
  }

  func testToSignalOfASignalIsItself() {
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(SafeSignal(just: 1).toSignal())
    XCTAssertEqual(recorder.events, [.next(1), .completed])
  }

  func testMapAndFilterForwardTerminalEvents() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = EventRecorder<String, TestError>()
    recorder.observe(subject.filter { $0.isMultiple(of: 2) }.map { "#\($0)" })
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .failure(TestError(code: 3)))
    XCTAssertEqual(recorder.events, [.next("#2"), .next("#4"), .failed(TestError(code: 3))])
  }
}
