import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

final class SubscribeOnTests: XCTestCase {
  func testTheProducerRunsOnTheScheduler() {
    let scheduler = VirtualTimeScheduler()
    let started = AtomicBool(false)
    let signal = SafeSignal<Int> { observer in
      started.store(true, ordering: .relaxed)
      observer.receive(lastElement: 1)
      return NonDisposable.instance
    }
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(signal.subscribe(on: scheduler))
    XCTAssertFalse(started.load(ordering: .relaxed))
    scheduler.advance()
    XCTAssertTrue(started.load(ordering: .relaxed))
    XCTAssertEqual(recorder.events, [.next(1), .completed])
  }

  func testDisposingBeforeTheStartCancelsTheObservation() {
    let scheduler = VirtualTimeScheduler()
    let started = AtomicBool(false)
    let signal = SafeSignal<Int> { _ in
      started.store(true, ordering: .relaxed)
      return NonDisposable.instance
    }
    signal.subscribe(on: scheduler).observe { _ in }.dispose()
    scheduler.run()
    XCTAssertFalse(started.load(ordering: .relaxed))
  }

  func testDisposingAfterTheStartDisposesTheProducer() {
    let scheduler = VirtualTimeScheduler()
    let producerDisposable = BlockDisposable {}
    let observation = SafeSignal<Int> { _ in producerDisposable }.subscribe(on: scheduler).observe { _ in }
    scheduler.advance()
    observation.dispose()
    XCTAssertTrue(producerDisposable.isDisposed)
  }

  func testSubscribeOnImmediateIsTheSameSignal() {
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(SafeSignal(just: 1).subscribe(on: .immediate))
    XCTAssertEqual(recorder.elements, [1])
  }
}
