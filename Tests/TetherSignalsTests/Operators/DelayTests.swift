import TetherSignals
import TetherTestSupport
import XCTest

final class DelayTests: XCTestCase {
  func testDelaysEveryEventIncludingTheEnd() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, OperatorError>()
    let recorder = recordTimeline(subject.delay(interval: 2, on: scheduler), on: scheduler)
    at(1, on: scheduler) { subject.send(1) }
    at(1, on: scheduler) { subject.send(2) }
    at(3, on: scheduler) { subject.send(completion: .failure(OperatorError(1))) }
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(1)@3", "next(2)@3", "failed(E1)@5"])
  }

  func testDisposingCancelsTheWaitingEvents() {
    let scheduler = VirtualTimeScheduler()
    let probe = Probe<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(probe.signal.delay(interval: 1, on: scheduler))
    probe.send(1)
    probe.send(2)
    XCTAssertEqual(scheduler.pendingCount, 2)
    observation.dispose()
    XCTAssertFalse(probe.isObserved)
    scheduler.run()
    XCTAssertEqual(recorder.events, [])
  }

  func testRandomTimingsMatchTheModel() {
    withSeeds(0..<30) { seed, rng in
      let script = TimedScript(using: &rng, failing: true)
      let interval = Double(Int.random(in: 0...3, using: &rng)) + 0.5
      let scheduler = VirtualTimeScheduler()
      let recorder = recordTimeline(script.source(on: scheduler).delay(interval: interval, on: scheduler), on: scheduler)
      scheduler.run()
      var expected = script.times.enumerated().map { "next(\($0))@\(timestamp($1 + interval))" }
      expected.append(script.endEntry(at: script.end + interval))
      XCTAssertEqual(recorder.elements, expected, "seed \(seed): \(script)")
    }
  }
}
