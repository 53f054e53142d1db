import Dispatch
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

final class AtomicObserverTests: XCTestCase {
  func testNothingAfterTheTerminalEvent() {
    let signal = SafeSignal<Int> { observer in
      observer.receive(1)
      observer.receive(completion: .finished)
      observer.receive(2)
      observer.receive(completion: .finished)
      return NonDisposable.instance
    }
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(signal)
    XCTAssertEqual(recorder.events, [.next(1), .completed])
    recorder.assertNoViolations()
  }

  func testProducerDisposableIsDisposedOnTerminalEvent() {
    let disposable = BlockDisposable {}
    let signal = SafeSignal<Int> { observer in
      observer.receive(lastElement: 1)
      return disposable
    }
    _ = signal.observe { _ in }
    XCTAssertTrue(disposable.isDisposed)
  }

  func testProducerDisposableIsDisposedWhenObservationIsDisposed() {
    let disposable = BlockDisposable {}
    let signal = SafeSignal<Int> { _ in disposable }
    let observation = signal.observe { _ in }
    XCTAssertFalse(disposable.isDisposed)
    observation.dispose()
    XCTAssertTrue(disposable.isDisposed)
    XCTAssertTrue(observation.isDisposed)
  }

  func testNothingIsDeliveredAfterDispose() {
    let captured = Locked<AtomicObserver<Int, Never>?>(nil)
    let signal = SafeSignal<Int> { observer in
      captured.withLock { $0 = observer }
      return NonDisposable.instance
    }
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(signal)
    let observer = captured.withLock { $0 }!
    observer.receive(1)
    observation.dispose()
    observer.receive(2)
    XCTAssertEqual(recorder.elements, [1])
  }

  func testSendFromInsideACallbackIsDeliveredAfterTheCurrentOne() {
    let captured = Locked<AtomicObserver<Int, Never>?>(nil)
    let signal = SafeSignal<Int> { observer in
      captured.withLock { $0 = observer }
      return NonDisposable.instance
    }
    let order = EventRecorder<String, Never>()
    _ = signal.observe { event in
      guard let value = event.element else { return }
      order.record(.next("begin \(value)"))
      if value == 1 { captured.withLock { $0 }!.receive(2) }
      order.record(.next("end \(value)"))
    }
    captured.withLock { $0 }!.receive(1)
    XCTAssertEqual(order.elements, ["begin 1", "end 1", "begin 2", "end 2"])
  }

  func testConcurrentSendsFromAProducerNeverOverlap() {
    let done = expectation(description: "completed")
    let recorder = EventRecorder<Int, Never>(onEvent: { event in
      // Widen the window in which an overlapping delivery would be caught.
      for _ in 0..<50 { _ = DispatchTime.now() }
      if event.isTerminal { done.fulfill() }
    })
    let signal = SafeSignal<Int> { observer in
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for index in 0..<250 { observer.receive(thread * 1000 + index) }
      }
      observer.receive(completion: .finished)
      return NonDisposable.instance
    }
    recorder.observe(signal)
    // Once every sender returned, every event has been delivered (a burst this size is not a flood).
    XCTAssertTrue(recorder.isCompleted)
    wait(for: [done], timeout: 30)
    XCTAssertEqual(recorder.elements.count, 1000)
    XCTAssertTrue(recorder.isCompleted)
    recorder.assertNoViolations()
  }

  func testAProducerThreadFloodedByOtherThreadsStillReturns() {
    let captured = Locked<AtomicObserver<Int, Never>?>(nil)
    let signal = SafeSignal<Int> { observer in
      captured.withLock { $0 = observer }
      return NonDisposable.instance
    }
    let received = AtomicInt(0)
    let observation = signal.observe { _ in received.add(1, ordering: .relaxed) }
    let observer = captured.withLock { $0 }!
    let stop = AtomicBool(false)
    let flooding = DispatchGroup()
    for _ in 0..<2 {
      DispatchQueue.global().async(group: flooding) {
        while !stop.load(ordering: .relaxed) { observer.receive(1) }
      }
    }
    while received.load(ordering: .relaxed) < 1_000 {}
    for _ in 0..<1_000 { observer.receive(2) }
    stop.store(true, ordering: .relaxed)
    XCTAssertEqual(flooding.wait(timeout: .now() + 30), .success)
    observation.dispose()
  }
}
