import Dispatch
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

final class ReceiveOnTests: XCTestCase {
  func testReceiveOnDeliversOnTheScheduler() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject.receive(on: scheduler))
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    XCTAssertEqual(recorder.events, [])
    scheduler.advance()
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
  }

  func testReceiveCoalescedHandsABurstOverInOneAction() {
    let scheduler = ManualScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject.receiveCoalesced(on: scheduler))
    for value in 0..<100 { subject.send(value) }
    subject.send(completion: .finished)
    XCTAssertEqual(scheduler.scheduledCount, 1)
    scheduler.runNext()
    XCTAssertEqual(recorder.elements, Array(0..<100))
    XCTAssertTrue(recorder.isCompleted)
    scheduler.runAll()
    recorder.assertNoViolations()
  }

  func testWaitingEventsAreDroppedOnDispose() {
    let scheduler = ManualScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(subject.receive(on: scheduler))
    subject.send(1)
    subject.send(2)
    scheduler.runNext()
    observation.dispose()
    scheduler.runAll()
    XCTAssertEqual(recorder.elements, [1])
    XCTAssertEqual(scheduler.scheduledCount, 2)
  }

  func testNothingIsDeliveredAfterDispose() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(subject.receive(on: scheduler))
    subject.send(1)
    observation.dispose()
    scheduler.run()
    XCTAssertEqual(recorder.events, [])
  }

  func testOrderAndNoOverlapOnAConcurrentQueue() {
    let subject = PassthroughSubject<Int, Never>()
    let done = expectation(description: "completed")
    let recorder = EventRecorder<Int, Never>(onEvent: { event in
      if event.isTerminal { done.fulfill() }
    })
    recorder.observe(subject.receive(on: DispatchQueue.global()))
    for value in 0..<1000 { subject.send(value) }
    subject.send(completion: .finished)
    wait(for: [done], timeout: 10)
    XCTAssertEqual(recorder.elements, Array(0..<1000))
    recorder.assertNoViolations()
  }

  func testReceiveOnImmediateIsTheSameSignal() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject.receive(on: .immediate))
    subject.send(1)
    XCTAssertEqual(recorder.elements, [1])
  }

  func testReceiveOnASerialQueue() {
    let queue = DispatchQueue(label: "receiver")
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject.receive(on: queue))
    for value in 0..<10 { subject.send(value) }
    queue.sync {}
    XCTAssertEqual(recorder.elements, Array(0..<10))
  }
}
