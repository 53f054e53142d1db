import Dispatch
import Foundation
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Sentences of SignalsAndProperties.md that no other test pinned down.
final class SignalsClaimsTests: XCTestCase {
  // SignalsAndProperties.md: "An observer that arrives after a subject ended receives the terminal event ... ReactiveKit's `PassthroughSubject` sends it nothing, which leaves a `for await` loop over the subject waiting forever."
  func testAForAwaitLoopOverAnEndedSubjectOfEveryKindEnds() async {
    let passthrough = PassthroughSubject<Int, Never>()
    passthrough.send(1)
    passthrough.send(completion: .finished)
    var received: [Int] = []
    for await value in passthrough.values { received.append(value) }
    XCTAssertEqual(received, [], "nothing to replay, and the loop ends")

    let replay = ReplaySubject<Int, Never>(bufferSize: 2)
    for value in 1...3 { replay.send(value) }
    replay.send(completion: .finished)
    received = []
    for await value in replay.values { received.append(value) }
    XCTAssertEqual(received, [2, 3])

    let replayOne = ReplayOneSubject<Int, Never>()
    replayOne.send(7)
    replayOne.send(completion: .finished)
    received = []
    for await value in replayOne.values { received.append(value) }
    XCTAssertEqual(received, [7])
  }

  // ThreadingAndReentrancy.md: "`send` ... can return before their event has reached the observers, when another thread is delivering at that moment. That thread delivers it".
  func testASendDuringAnotherThreadsDeliveryReturnsAndThatThreadDeliversIt() {
    let subject = PassthroughSubject<Int, Never>()
    let delivered = Locked<[(value: Int, thread: String)]>([])
    let observerEntered = DispatchSemaphore(value: 0)
    let releaseObserver = DispatchSemaphore(value: 0)
    let delivererReturned = DispatchSemaphore(value: 0)
    let observation = subject.observeNext { value in
      delivered.withLock { $0.append((value, "\(Thread.current)")) }
      if value == 1 {
        observerEntered.signal()
        releaseObserver.wait()
      }
    }
    let delivererThread = Locked("")
    DispatchQueue.global().async {
      delivererThread.withLock { $0 = "\(Thread.current)" }
      subject.send(1)
      delivererReturned.signal()
    }
    XCTAssertEqual(observerEntered.wait(timeout: .now() + 10), .success)
    let senderReturned = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      subject.send(2)
      senderReturned.signal()
    }
    XCTAssertEqual(senderReturned.wait(timeout: .now() + 10), .success, "the sender waited for the busy observer")
    XCTAssertEqual(delivered.withLock { $0.map(\.value) }, [1], "not delivered yet")
    releaseObserver.signal()
    XCTAssertEqual(delivererReturned.wait(timeout: .now() + 10), .success)
    let all = delivered.withLock { $0 }
    XCTAssertEqual(all.map(\.value), [1, 2])
    XCTAssertEqual(all.last?.thread, delivererThread.withLock { $0 }, "delivered by the thread already delivering")
    observation.dispose()
  }

  // Migration.md: "A send or mutation made from inside a callback is neither nested (ReactiveKit's recursive lock) nor dropped (ReactiveKit binds into a property or subject through `ExecutionContext.nonRecursive()`, which ignores it): it is queued and delivered right after the current callback returns".
  func testASendIntoABindingFromInsideItsTargetsObserverIsQueuedNotDropped() {
    let source = PassthroughSubject<Int, Never>()
    let target = Property(0)
    let binding = source.bind(to: target)
    let calls = Locked<[String]>([])
    let observation = target.observeNext { value in
      calls.withLock { $0.append("begin \(value)") }
      if value == 1 { source.send(2) }  // through the binding, back into this property
      calls.withLock { $0.append("end \(value)") }
    }
    source.send(1)
    XCTAssertEqual(target.value, 2, "the nested send was applied, not dropped")
    XCTAssertEqual(calls.withLock { $0 }, ["begin 0", "end 0", "begin 1", "end 1", "begin 2", "end 2"])
    observation.dispose()
    binding.dispose()
  }

  // SignalsAndProperties.md: "`.immediateOnMain` (synchronous when already on the main thread, at the price that it can overtake actions still queued from other threads)"; ThreadingAndReentrancy.md: "`ExecutionContext.immediateOnMain` alone cannot promise that order".
  func testImmediateOnMainOvertakesAnActionQueuedFromAnotherThread() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let order = Locked<[String]>([])
    let queued = DispatchSemaphore(value: 0)
    Thread {
      ExecutionContext.immediateOnMain.execute { order.withLock { $0.append("sent first, from another thread") } }
      queued.signal()
    }.start()
    queued.wait()
    ExecutionContext.immediateOnMain.execute { order.withLock { $0.append("sent second, on the main thread") } }
    drainMainQueue()
    XCTAssertEqual(order.withLock { $0 }, ["sent second, on the main thread", "sent first, from another thread"])
  }
}
