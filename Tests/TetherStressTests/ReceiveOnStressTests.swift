import Dispatch
import Tether
import TetherSynchronization
import TetherTestSupport
import XCTest

/// A concurrent queue that counts the actions scheduled on it.
private final class CountingQueue: Scheduler, Sendable {
  let queue = DispatchQueue(label: "stress.concurrent-receiver", attributes: .concurrent)
  let scheduled = AtomicInt(0)

  func schedule(_ action: @escaping @Sendable () -> Void) {
    scheduled.add(1, ordering: .relaxed)
    queue.async(execute: action)
  }
}

/// `receive(on:)` on a concurrent queue: one action per event, and still one event at a time, in
/// the order the upstream delivered them.
final class ReceiveOnStressTests: XCTestCase {
  func testOneActionPerEventInOrderWithoutOverlapOnAConcurrentQueue() {
    let senders = 4
    let perSender = 2_000
    let subject = PassthroughSubject<Int, Never>()
    let scheduler = CountingQueue()
    // The order the subject delivered in, recorded synchronously: the hopped observer must see
    // exactly this order.
    let upstreamOrder = Shared<[Int]>([])
    subject.observeNext { value in upstreamOrder.withLock { $0.append(value) } }
    let done = DispatchSemaphore(value: 0)
    let recorder = EventRecorder<Int, Never>(onEvent: { event in
      // A little work inside each callback, so that actions often start while one is delivering.
      var spin = 0
      for step in 0..<200 { spin &+= step }
      if event.isTerminal || spin < 0 { done.signal() }
    })
    recorder.observe(subject.receive(on: scheduler))
    DispatchQueue.concurrentPerform(iterations: senders) { sender in
      for index in 0..<perSender { subject.send(sender * 1_000_000 + index) }
    }
    subject.send(completion: .finished)
    XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
    let expected = upstreamOrder.withLock { $0 }
    XCTAssertEqual(expected.count, senders * perSender)
    XCTAssertEqual(recorder.elements, expected)
    XCTAssertEqual(scheduler.scheduled.load(ordering: .relaxed), senders * perSender + 1)
    recorder.assertNoViolations()
  }
}
