import TetherSignals
import TetherTestSupport
import XCTest

final class SampleTests: XCTestCase {
  func testEmitsTheLatestElementOfEachPeriodThatHadOne() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = recordTimeline(subject.sample(interval: 2, on: scheduler), on: scheduler)
    at(0.5, on: scheduler) { subject.send(1) }
    at(1.5, on: scheduler) { subject.send(2) }
    at(4.5, on: scheduler) { subject.send(3) }
    at(7, on: scheduler) { subject.send(completion: .finished) }
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(2)@2", "next(3)@6", "completed@7"])
    XCTAssertEqual(scheduler.pendingCount, 0, "the periodic timer stops with the signal")
  }

  func testEndsAtOnceDroppingAnUnsampledElement() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, OperatorError>()
    let recorder = recordTimeline(subject.sample(interval: 2, on: scheduler), on: scheduler)
    at(1, on: scheduler) { subject.send(1) }
    at(1.5, on: scheduler) { subject.send(completion: .failure(OperatorError(1))) }
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["failed(E1)@1.5"])
  }

  func testDisposingStopsThePeriodicTimer() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = record(subject.sample(interval: 1, on: scheduler))
    scheduler.advance(by: 3.5)
    recorder.dispose()
    scheduler.run()
    XCTAssertEqual(scheduler.pendingCount, 0)
  }

  func testSampleWithEmitsTheLatestNewElementWhenTheTriggerEmits() {
    let source = PassthroughSubject<Int, OperatorError>()
    let trigger = PassthroughSubject<Void, Never>()
    let recorder = record(source.sample(with: trigger))
    trigger.send()
    source.send(1)
    source.send(2)
    trigger.send()
    trigger.send()
    source.send(3)
    trigger.send()
    source.send(4)
    trigger.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.next(2), .next(3), .completed])
  }

  func testSampleWithEndsWithTheReceiver() {
    let source = PassthroughSubject<Int, OperatorError>()
    let trigger = Probe<Int, Never>()
    let recorder = record(source.sample(with: trigger.signal))
    source.send(1)
    source.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
    XCTAssertFalse(trigger.isObserved)
    let completed = PassthroughSubject<Int, Never>()
    let done = record(completed.sample(with: trigger.signal))
    completed.send(completion: .finished)
    XCTAssertEqual(done.events, [.completed])
  }
}
