import Dispatch
import Synchronization
import Tether
import TetherTestSupport
import XCTest

/// A concurrent queue that counts the actions scheduled on it.
private final class CountingQueue: Scheduler, Sendable {
  let queue = DispatchQueue(label: "stress.concurrent-receiver", attributes: .concurrent)
  let scheduled = Atomic(0)

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
      if event.isTerminal { done.signal() }
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

  func testHoppedSignalsSentFromManyThreadsKeepTheirInterleavingOnASerialQueue() {
    let threads = 4
    let perThread = 1_000
    let queue = DispatchQueue(label: "stress.serial-receiver")
    let subjects = (0..<threads).map { _ in PassthroughSubject<Int, Never>() }
    // Each thread sends into its own subject under one lock, so the lock's order is the order the
    // events reached their hops.
    let sendOrder = Shared<[Int]>([])
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(merge(subjects.map { $0.receive(on: queue) }))
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread {
        let value = thread * 1_000_000 + index
        sendOrder.withLock { order in
          order.append(value)
          subjects[thread].send(value)
        }
      }
    }
    queue.sync {}
    XCTAssertEqual(recorder.elements, sendOrder.withLock { $0 })
    recorder.assertNoViolations()
  }
}
