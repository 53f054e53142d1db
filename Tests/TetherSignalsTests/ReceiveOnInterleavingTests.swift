import Dispatch
import TetherSignals
import TetherTestSupport
import XCTest

/// Signals hopped onto one scheduler keep the order their events were sent in, across signals:
/// `receive(on:)` schedules one action per event, as ReactiveKit and Combine do.
final class ReceiveOnInterleavingTests: XCTestCase {
  func testMergeOfHoppedSignalsKeepsTheInterleaving() {
    let scheduler = ManualScheduler()
    let a = PassthroughSubject<String, Never>()
    let b = PassthroughSubject<String, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(a.receive(on: scheduler).merge(with: b.receive(on: scheduler)))
    a.send("a1")
    b.send("b1")
    a.send("a2")
    b.send("b2")
    scheduler.runAll()
    XCTAssertEqual(recorder.elements, ["a1", "b1", "a2", "b2"])
    XCTAssertEqual(scheduler.scheduledCount, 4)
  }

  func testMergeOnASerialDispatchQueueKeepsTheInterleaving() {
    let queue = DispatchQueue(label: "receiver")
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(a.receive(on: queue).merge(with: b.receive(on: queue)))
    for value in 0..<200 {
      a.send(2 * value)
      b.send(2 * value + 1)
    }
    queue.sync {}
    XCTAssertEqual(recorder.elements, Array(0..<400))
    recorder.assertNoViolations()
  }

  func testCombineLatestOfHoppedSignals() {
    let scheduler = ManualScheduler()
    let a = PassthroughSubject<String, Never>()
    let b = PassthroughSubject<String, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(a.receive(on: scheduler).combineLatest(with: b.receive(on: scheduler)).map { $0 + $1 })
    a.send("a1")
    b.send("b1")
    a.send("a2")
    b.send("b2")
    scheduler.runAll()
    XCTAssertEqual(recorder.elements, ["a1b1", "a2b1", "a2b2"])
  }

  func testWithLatestFromHoppedSignals() {
    let scheduler = ManualScheduler()
    let a = PassthroughSubject<String, Never>()
    let b = PassthroughSubject<String, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(a.receive(on: scheduler).with(latestFrom: b.receive(on: scheduler)).map { $0 + $1 })
    b.send("b1")
    a.send("a1")
    b.send("b2")
    a.send("a2")
    scheduler.runAll()
    XCTAssertEqual(recorder.elements, ["a1b1", "a2b2"])
  }

  func testPrefixUntilOutputFromAHoppedTrigger() {
    let scheduler = ManualScheduler()
    let a = PassthroughSubject<String, Never>()
    let trigger = PassthroughSubject<Void, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(a.receive(on: scheduler).prefix(untilOutputFrom: trigger.receive(on: scheduler)))
    a.send("a1")
    trigger.send(())
    a.send("a2")
    scheduler.runAll()
    XCTAssertEqual(recorder.events, [.next("a1"), .completed])
  }

  func testFlatMapMergeOfHoppedInners() {
    let scheduler = ManualScheduler()
    let a = PassthroughSubject<String, Never>()
    let b = PassthroughSubject<String, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(SafeSignal(sequence: [a, b]).flatMapMerge { $0.receive(on: scheduler) })
    a.send("a1")
    b.send("b1")
    a.send("a2")
    b.send("b2")
    scheduler.runAll()
    XCTAssertEqual(recorder.elements, ["a1", "b1", "a2", "b2"])
  }

  func testFlatMapLatestOfHoppedSignals() {
    let scheduler = ManualScheduler()
    let a = PassthroughSubject<String, Never>()
    let b = PassthroughSubject<String, Never>()
    let outer = PassthroughSubject<PassthroughSubject<String, Never>, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(outer.receive(on: scheduler).flatMapLatest { $0.receive(on: scheduler) })
    outer.send(a)
    scheduler.runAll()
    a.send("a1")
    outer.send(b)  // switches to b before a2 is delivered: a2 is dropped
    a.send("a2")
    scheduler.runAll()
    b.send("b1")
    scheduler.runAll()
    XCTAssertEqual(recorder.elements, ["a1", "b1"])
  }

  func testOneActionPerEventCompletionIncluded() {
    let scheduler = ManualScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject.receive(on: scheduler))
    for value in 0..<5 { subject.send(value) }
    subject.send(completion: .finished)
    XCTAssertEqual(scheduler.scheduledCount, 6)
    for delivered in 1...5 {
      scheduler.runNext()
      XCTAssertEqual(recorder.elements, Array(0..<delivered))
    }
    XCTAssertFalse(recorder.isCompleted)
    scheduler.runNext()
    XCTAssertEqual(recorder.events.count, 6)
    XCTAssertTrue(recorder.isCompleted)
    XCTAssertEqual(scheduler.pendingCount, 0)
    XCTAssertEqual(scheduler.scheduledCount, 6)
  }
}
