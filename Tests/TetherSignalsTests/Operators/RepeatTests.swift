import TetherSignals
import TetherTestSupport
import XCTest

final class RepeatTests: XCTestCase {
  func testObservesTheReceiverAgainWhenTheSignalOfItsLatestElementEmits() {
    let probe = Probe<Int, OperatorError>()
    let again = PassthroughSubject<Void, Never>()
    let made = EventRecorder<Int, Never>()
    let recorder = record(
      probe.signal.repeat(when: { element in
        made.record(.next(element))
        return again
      }))
    XCTAssertEqual(probe.observations, 1)
    probe.send(1)
    XCTAssertEqual(made.elements, [1], "a signal is made from each element")
    again.send()
    XCTAssertEqual(probe.observations, 2, "its element observes the receiver again")
    XCTAssertTrue(probe.isObserved)
    probe.send(2)
    again.send()
    XCTAssertEqual(probe.observations, 3)
    XCTAssertEqual(recorder.elements, [1, 2])
    XCTAssertNil(recorder.completion)
  }

  func testOnlyTheSignalOfTheLatestElementRepeats() {
    let probe = Probe<Int, OperatorError>()
    let triggers = [PassthroughSubject<Void, Never>(), PassthroughSubject<Void, Never>()]
    _ = record(probe.signal.repeat(when: { triggers[$0] }))
    probe.send(0)
    probe.send(1)
    triggers[0].send()
    XCTAssertEqual(probe.observations, 1, "the first element's signal was replaced")
    triggers[1].send()
    XCTAssertEqual(probe.observations, 2)
  }

  func testCompletesOnceTheReceiverAndTheLatestSignalCompleted() {
    let probe = Probe<Int, OperatorError>()
    let again = PassthroughSubject<Void, Never>()
    let recorder = record(probe.signal.repeat(when: { _ in again }))
    probe.send(1)
    probe.complete()
    XCTAssertNil(recorder.completion, "the signal of the latest element can still repeat")
    again.send()
    XCTAssertEqual(probe.observations, 2)
    probe.complete()
    again.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.next(1), .completed])
  }

  func testCompletesWhenAnObservationWithoutElementsCompletes() {
    let recorder = record(Signal<Int, OperatorError>.completed().repeat(when: { _ in Signal<Void, Never>.never() }))
    XCTAssertEqual(recorder.events, [.completed])
  }

  func testFailsWhenTheReceiverFails() {
    let probe = Probe<Int, OperatorError>()
    let again = Probe<Void, Never>()
    let recorder = record(probe.signal.repeat(when: { _ in again.signal }))
    probe.send(1)
    XCTAssertTrue(again.isObserved)
    probe.fail(OperatorError(1))
    again.send(())
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(1))])
    XCTAssertEqual(probe.observations, 1)
    XCTAssertFalse(again.isObserved, "the failure stops the signal made from the element")
  }

  func testRepeatsOnATimer() {
    let scheduler = VirtualTimeScheduler()
    let recorder = recordTimeline(
      Signal<Int, Never>(sequence: [1, 2]).repeat(when: { element in
        Signal<Void, Never>(just: (), after: element == 2 ? 1 : 10, queue: scheduler)
      }).prefix(maxLength: 6),
      on: scheduler)
    scheduler.run()
    XCTAssertEqual(
      recorder.elements,
      ["next(1)@0", "next(2)@0", "next(1)@1", "next(2)@1", "next(1)@2", "next(2)@2", "completed@2"])
  }

  func testDisposingStopsTheReceiverAndTheLatestSignal() {
    let probe = Probe<Int, OperatorError>()
    let inner = Probe<Void, Never>()
    let observation = probe.signal.repeat(when: { _ in inner.signal }).observe { _ in }
    probe.send(1)
    XCTAssertTrue(inner.isObserved)
    observation.dispose()
    XCTAssertFalse(probe.isObserved)
    XCTAssertFalse(inner.isObserved)
  }
}
