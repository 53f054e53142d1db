import Dispatch
import Foundation
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

private final class RecordingLabel: Sendable {
  let values = Locked<[Int]>([])
}

@MainActor
private final class TitleModel {
  var titles: [String] = []
}

/// `bind(to:setter:)`, `observeNextOnMain` and `observeOnMain` run at once on the main thread,
/// like Bond's `.immediateOnMain`, and never let a main-thread value overtake one queued from
/// another thread.
final class MainThreadObservationTests: XCTestCase {
  func testDrainingTheMainQueueRunsWhatOtherThreadsQueued() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let subject = PassthroughSubject<Int, Never>()
    let label = RecordingLabel()
    let binding = subject.bind(to: label, context: .immediateOnMain) { label, value in
      label.values.withLock { $0.append(value) }
    }
    onAnotherThread { subject.send(1) }
    withMainDeliveryQueued { subject.send(2) }
    XCTAssertEqual(label.values.withLock { $0 }, [], "both values wait for the main queue")
    drainMainQueue()
    XCTAssertEqual(label.values.withLock { $0 }, [1, 2])
    binding.dispose()
  }

  /// A producer far ahead of the main thread: 20,000 values wait in the delivery's queue (drained
  /// one at a time from its front, in O(1) each since the queue is a FIFO queue rather than an
  /// array shifted by `removeFirst()`), then reach the observer in the order they were sent, before
  /// one sent on the main thread.
  func testALongQueueFromAnotherThreadIsDeliveredInOrder() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[Int]>([])
    let observation = subject.observeNextOnMain { value in received.withLock { $0.append(value) } }
    let count = 20_000
    onAnotherThread { for value in 0..<count { subject.send(value) } }
    XCTAssertEqual(received.withLock { $0 }, [], "every value waits for the main thread")
    subject.send(count)
    XCTAssertEqual(received.withLock { $0 }, Array(0...count), "the queued values first, in order, then the new one")
    drainMainQueue()  // the queued values' own main-queue actions find nothing left
    XCTAssertEqual(received.withLock { $0.count }, count + 1)
    observation.dispose()
  }

  func testBindingToAMainActorTargetSetsTheValueBeforeReturning() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let name = Property("ada")
      let model = TitleModel()
      let binding = name.bind(to: model) { model, name in model.titles.append(name) }
      XCTAssertEqual(model.titles, ["ada"], "the current value is set before bind returns")
      name.value = "grace"
      XCTAssertEqual(
        model.titles, ["ada", "grace"], "a value set on the main thread is applied before the setter returns")
      binding.dispose()
    }
  }

  func testBindingInTheImmediateOnMainContextKeepsTheOrder() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let subject = PassthroughSubject<Int, Never>()
    let label = RecordingLabel()
    let binding = subject.bind(to: label, context: .immediateOnMain) { label, value in
      label.values.withLock { $0.append(value) }
    }
    onAnotherThread { subject.send(1) }
    XCTAssertEqual(label.values.withLock { $0 }, [], "a value from another thread waits for the main queue")
    subject.send(2)
    XCTAssertEqual(label.values.withLock { $0 }, [1, 2], "set at once on the main thread, after the queued one")
    binding.dispose()
  }

  func testObservingOnMainRunsAtOnceOnTheMainThread() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let subject = PassthroughSubject<Int, Never>()
      var values: [Int] = []
      var events: [String] = []
      let next = subject.observeNextOnMain { values.append($0) }
      let all = subject.observeOnMain { events.append("\($0)") }
      subject.send(1)
      subject.send(completion: .finished)
      XCTAssertEqual(values, [1])
      XCTAssertEqual(events.count, 2)
      next.dispose()
      all.dispose()
    }
  }

  func testAMainThreadValueDoesNotOvertakeOnesQueuedFromAnotherThread() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let subject = PassthroughSubject<Int, Never>()
      var values: [Int] = []
      let observation = subject.observeNextOnMain { values.append($0) }
      // Sent on another thread: queued for the main queue, which cannot run while this test holds it.
      onAnotherThread {
        subject.send(1)
        subject.send(2)
      }
      XCTAssertEqual(values, [], "values from another thread wait for the main queue")
      subject.send(3)
      XCTAssertEqual(values, [1, 2, 3], "the main-thread value is delivered after the queued ones, at once")
      observation.dispose()
    }
  }

  func testAValueSentFromTheObserverIsDeliveredAfterItReturns() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let subject = PassthroughSubject<Int, Never>()
      var log: [String] = []
      let observation = subject.observeNextOnMain { value in
        log.append("start \(value)")
        if value == 1 { subject.send(2) }
        log.append("end \(value)")
      }
      subject.send(1)
      XCTAssertEqual(log, ["start 1", "end 1", "start 2", "end 2"])
      observation.dispose()
    }
  }

  @MainActor
  func testValuesFromAnotherThreadArriveInOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    let received = expectation(description: "all values on the main actor")
    var values: [Int] = []
    let observation = subject.observeNextOnMain { value in
      XCTAssertTrue(Thread.isMainThread)
      values.append(value)
      if values.count == 100 { received.fulfill() }
    }
    await Task.detached {
      for value in 0..<100 { subject.send(value) }
    }.value
    await fulfillment(of: [received], timeout: 10)
    XCTAssertEqual(values, Array(0..<100))
    observation.dispose()
  }

  func testDisposingDropsQueuedValues() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let subject = PassthroughSubject<Int, Never>()
    let values = Locked<[Int]>([])
    let observation = subject.observeNextOnMain { value in values.withLock { $0.append(value) } }
    onAnotherThread { subject.send(1) }
    observation.dispose()
    subject.send(2)
    let drained = expectation(description: "main queue drained")
    DispatchQueue.main.async { drained.fulfill() }
    wait(for: [drained], timeout: 10)
    XCTAssertEqual(values.withLock { $0 }, [])
  }

}

/// Runs `body` on a thread other than the calling one and waits for it (`DispatchQueue.sync` would
/// run it on the calling thread).
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  Thread {
    body()
    done.signal()
  }.start()
  done.wait()
}
