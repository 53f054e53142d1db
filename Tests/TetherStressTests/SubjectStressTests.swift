import Dispatch
import Tether
import TetherSynchronization
import TetherTestSupport
import XCTest

private let senders = 4
private let perSender = 3_000

private func value(sender: Int, index: Int) -> Int { sender * 1_000_000 + index }

/// Several threads send into one subject while others subscribe and dispose. Bounded: a few
/// thousand events per thread, so it stays fast under the thread sanitizer.
final class SubjectStressTests: XCTestCase {

  /// Each sender's events, in the order that sender sent them.
  private func assertSendersInOrder(_ elements: [Int], complete: Bool, _ message: String) {
    for sender in 0..<senders {
      let own = elements.filter { $0 / 1_000_000 == sender }
      let indices = own.map { $0 % 1_000_000 }
      XCTAssertEqual(indices, indices.sorted(), "\(message): sender \(sender) out of order")
      XCTAssertEqual(Set(indices).count, indices.count, "\(message): sender \(sender) duplicated")
      if complete { XCTAssertEqual(indices, Array(0..<perSender), "\(message): sender \(sender) incomplete") }
    }
  }

  func testSendersSubscribersAndDisposersAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    // A send can return before its event is delivered (another thread may be delivering), so the
    // checks wait until the completion reached the steady observers.
    let completed = DispatchGroup()
    let steady = (0..<2).map { _ in
      completed.enter()
      return EventRecorder<Int, Never>(onEvent: { if $0.isTerminal { completed.leave() } })
    }
    for recorder in steady { recorder.observe(subject) }
    let churned = Shared<[EventRecorder<Int, Never>]>([])
    let sendersDone = AtomicInt(0)

    DispatchQueue.concurrentPerform(iterations: senders + 2) { thread in
      if thread < senders {
        for index in 0..<perSender { subject.send(value(sender: thread, index: index)) }
        sendersDone.add(1, ordering: .releasing)
      } else {
        // Subscribe, let a few events through, dispose; repeat until the senders finish.
        while sendersDone.load(ordering: .acquiring) < senders {
          let recorder = EventRecorder<Int, Never>()
          let observation = recorder.observe(subject)
          var spins = 0
          while recorder.events.count < 3 && spins < 1_000 && sendersDone.load(ordering: .acquiring) < senders {
            spins += 1
          }
          observation.dispose()
          churned.withLock { $0.append(recorder) }
        }
      }
    }
    subject.send(completion: .finished)
    XCTAssertEqual(completed.wait(timeout: .now() + 60), .success)

    for (index, recorder) in steady.enumerated() {
      XCTAssertEqual(recorder.elements.count, senders * perSender)
      XCTAssertTrue(recorder.isCompleted)
      assertSendersInOrder(recorder.elements, complete: true, "steady observer \(index)")
      recorder.assertNoViolations()
    }
    XCTAssertEqual(steady[0].elements, steady[1].elements, "all observers see one serial order")
    let serialOrder = steady[0].elements
    let position = Dictionary(uniqueKeysWithValues: serialOrder.enumerated().map { ($1, $0) })
    let churnedRecorders = churned.withLock { $0 }
    XCTAssertGreaterThan(churnedRecorders.count, 0)
    for (index, recorder) in churnedRecorders.enumerated() {
      recorder.assertNoViolations()
      let positions = recorder.elements.map { position[$0]! }
      XCTAssertEqual(positions, positions.sorted(), "churned observer \(index) saw events out of the serial order")
      XCTAssertFalse(recorder.isCompleted, "churned observer \(index) was disposed before completion")
    }
  }

  func testReplaySubjectJoinersSeeAContiguousSliceOfTheSerialOrder() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 8)
    let completed = DispatchGroup()
    @Sendable func makeRecorder() -> EventRecorder<Int, Never> {
      completed.enter()
      return EventRecorder<Int, Never>(onEvent: { if $0.isTerminal { completed.leave() } })
    }
    let steady = makeRecorder()
    steady.observe(subject)
    let joiners = Shared<[EventRecorder<Int, Never>]>([])
    DispatchQueue.concurrentPerform(iterations: senders + 1) { thread in
      if thread < senders {
        for index in 0..<perSender { subject.send(value(sender: thread, index: index)) }
      } else {
        for _ in 0..<40 {
          let recorder = makeRecorder()
          recorder.observe(subject)
          joiners.withLock { $0.append(recorder) }
        }
      }
    }
    subject.send(completion: .finished)
    XCTAssertEqual(completed.wait(timeout: .now() + 60), .success)
    let serialOrder = steady.elements
    XCTAssertEqual(serialOrder.count, senders * perSender)
    assertSendersInOrder(serialOrder, complete: true, "steady observer")
    let position = Dictionary(uniqueKeysWithValues: serialOrder.enumerated().map { ($1, $0) })
    for (index, recorder) in joiners.withLock({ $0 }).enumerated() {
      let elements = recorder.elements
      guard let first = elements.first else { continue }
      let start = position[first]!
      XCTAssertEqual(
        elements, Array(serialOrder[start...]),
        "joiner \(index): replay then live events must be one contiguous slice, no gap, no duplicate")
      recorder.assertNoViolations()
    }
  }

  func testProducerSendingFromManyThreadsThroughReceiveOn() {
    let done = DispatchSemaphore(value: 0)
    let recorder = EventRecorder<Int, Never>(onEvent: { event in
      if event.isTerminal { done.signal() }
    })
    let signal = SafeSignal<Int> { observer in
      DispatchQueue.concurrentPerform(iterations: senders) { sender in
        for index in 0..<perSender { observer.receive(sender * 1_000_000 + index) }
      }
      observer.receive(completion: .finished)
      return NonDisposable.instance
    }
    recorder.observe(signal.receive(on: DispatchQueue.global()))
    XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
    XCTAssertEqual(recorder.elements.count, senders * perSender)
    assertSendersInOrder(recorder.elements, complete: true, "receive(on:)")
    recorder.assertNoViolations()
  }
}
