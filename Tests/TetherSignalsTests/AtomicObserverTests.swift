import Dispatch
import Synchronization
import TetherSignals
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
    let captured = Mutex<AtomicObserver<Int, Never>?>(nil)
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
    let captured = Mutex<AtomicObserver<Int, Never>?>(nil)
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
    let recorder = EventRecorder<Int, Never>(onEvent: { _ in
      // Widen the window in which an overlapping delivery would be caught.
      for _ in 0..<50 { _ = DispatchTime.now() }
    })
    let signal = SafeSignal<Int> { observer in
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for index in 0..<250 { observer.receive(thread * 1000 + index) }
      }
      observer.receive(completion: .finished)
      return NonDisposable.instance
    }
    recorder.observe(signal)
    XCTAssertEqual(recorder.elements.count, 1000)
    XCTAssertTrue(recorder.isCompleted)
    recorder.assertNoViolations()
  }
}
