import TetherSignals
import TetherTestSupport
import XCTest

final class DebounceTests: XCTestCase {
  func testEmitsAfterAQuietPeriod() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = recordTimeline(subject.debounce(for: 1, queue: scheduler), on: scheduler)
    at(0.5, on: scheduler) { subject.send(1) }
    at(1.0, on: scheduler) { subject.send(2) }
    at(3.0, on: scheduler) { subject.send(3) }
    scheduler.advance(by: 5)
    XCTAssertEqual(recorder.elements, ["next(2)@2", "next(3)@4"])
  }

  func testFlushesTheWaitingElementOnCompletion() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = recordTimeline(subject.debounce(for: 5, queue: scheduler), on: scheduler)
    at(1, on: scheduler) { subject.send(1) }
    at(2, on: scheduler) { subject.send(completion: .finished) }
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(1)@2", "completed@2"])
    XCTAssertEqual(scheduler.pendingCount, 0, "the cancelled timer is gone")
  }

  func testCompletesWithoutAWaitingElementAndFailsDroppingIt() {
    let scheduler = VirtualTimeScheduler()
    XCTAssertEqual(recordTimeline(SafeSignal<Int>.completed().debounce(for: 1, queue: scheduler), on: scheduler).elements, ["completed@0"])
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.debounce(for: 1, queue: scheduler))
    probe.send(1)
    probe.fail(OperatorError(1))
    scheduler.run()
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
  }

  func testDisposingCancelsTheTimerAndTheSource() {
    let scheduler = VirtualTimeScheduler()
    let probe = Probe<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(probe.signal.debounce(for: 1, queue: scheduler))
    probe.send(1)
    observation.dispose()
    scheduler.run()
    XCTAssertEqual(recorder.events, [])
    XCTAssertFalse(probe.isObserved)
  }

  func testRandomTimingsMatchTheModel() {
    withSeeds(0..<50) { seed, rng in
      let script = TimedScript(using: &rng, failing: true)
      let interval = Double(Int.random(in: 0...3, using: &rng)) + 0.5
      let scheduler = VirtualTimeScheduler()
      let recorder = recordTimeline(script.source(on: scheduler).debounce(for: interval, queue: scheduler), on: scheduler)
      scheduler.run()

      var expected: [String] = []
      for (value, time) in script.times.enumerated() {
        let next = value + 1 < script.times.count ? script.times[value + 1] : script.end
        if time + interval < next {
          expected.append("next(\(value))@\(timestamp(time + interval))")
        } else if value + 1 == script.times.count && !script.fails {
          expected.append("next(\(value))@\(timestamp(script.end))")
        }
      }
      expected.append(script.endEntry(at: script.end))
      XCTAssertEqual(recorder.elements, expected, "seed \(seed), interval \(interval): \(script)")
    }
  }
}
