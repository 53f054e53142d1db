import TetherSignals
import TetherTestSupport
import XCTest

final class RetryWhenTests: XCTestCase {
  /// A cold source: each observation gets a subject of its own, driven through `latest`.
  private final class Attempts: Sendable {
    private let subjects = EventRecorder<PassthroughSubject<Int, OperatorError>, Never>()

    var signal: Signal<Int, OperatorError> {
      Signal { observer in
        let subject = PassthroughSubject<Int, OperatorError>()
        self.subjects.record(.next(subject))
        return subject.observe { observer.on($0) }
      }
    }

    var count: Int { subjects.elements.count }
    var latest: PassthroughSubject<Int, OperatorError> { subjects.elements.last! }
  }

  func testObservesTheReceiverAgainWhenTheTriggerEmitsAfterAFailure() {
    let attempts = Attempts()
    let trigger = PassthroughSubject<Void, Never>()
    let recorder = record(attempts.signal.retry(when: trigger))
    attempts.latest.send(1)
    trigger.send()
    XCTAssertEqual(attempts.count, 1, "a trigger element before a failure does nothing")
    attempts.latest.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(attempts.count, 1, "waits for the trigger")
    trigger.send()
    XCTAssertEqual(attempts.count, 2)
    attempts.latest.send(2)
    attempts.latest.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
  }

  func testRetriesOnlyWhatShouldRetryAccepts() {
    let attempts = Attempts()
    let trigger = PassthroughSubject<Void, Never>()
    let recorder = record(attempts.signal.retry(when: trigger, if: { $0.code == 1 }))
    attempts.latest.send(completion: .failure(OperatorError(1)))
    trigger.send()
    attempts.latest.send(completion: .failure(OperatorError(2)))
    trigger.send()
    XCTAssertEqual(recorder.events, [.failed(OperatorError(2))])
    XCTAssertEqual(attempts.count, 2)
  }

  func testFailsWhenTheTriggerCompletesBeforeEmitting() {
    let attempts = Attempts()
    let trigger = PassthroughSubject<Void, Never>()
    let recorder = record(attempts.signal.retry(when: trigger))
    attempts.latest.send(completion: .failure(OperatorError(3)))
    trigger.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.failed(OperatorError(3))])
  }

  func testRetriesOnATimer() {
    let scheduler = VirtualTimeScheduler()
    let attempts = EventRecorder<Int, Never>()
    let failures = Signal<Int, OperatorError> { observer in
      attempts.record(.next(0))
      if attempts.elements.count < 3 {
        observer.receive(completion: .failure(OperatorError(attempts.elements.count)))
      } else {
        observer.receive(lastElement: 7)
      }
      return NonDisposable.instance
    }
    let retried = failures.retry(when: SafeSignal(just: (), after: 1, queue: scheduler))
    let recorder = recordTimeline(retried, on: scheduler)
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(7)@2", "completed@2"])
  }

  func testSynchronousTriggerRetriesAtOnce() {
    let attempts = EventRecorder<Int, Never>()
    let failures = Signal<Int, OperatorError> { observer in
      attempts.record(.next(0))
      if attempts.elements.count < 4 {
        observer.receive(completion: .failure(OperatorError(1)))
      } else {
        observer.receive(lastElement: 7)
      }
      return NonDisposable.instance
    }
    XCTAssertEqual(record(failures.retry(when: SafeSignal(just: ()))).events, [.next(7), .completed])
    XCTAssertEqual(attempts.elements.count, 4)
  }

  func testDisposingStopsWaitingForTheTrigger() {
    let attempts = Attempts()
    let trigger = Probe<Void, Never>()
    let recorder = record(attempts.signal.retry(when: trigger.signal))
    attempts.latest.send(completion: .failure(OperatorError(1)))
    XCTAssertTrue(trigger.isObserved)
    recorder.dispose()
    XCTAssertFalse(trigger.isObserved)
  }
}
