import TetherSignals
import TetherTestSupport
import XCTest

final class ThrottleTests: XCTestCase {
  func testEmitsTheFirstAtOnceThenTheLatestAtEachWindowsEnd() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = recordTimeline(subject.throttle(for: 1, queue: scheduler), on: scheduler)
    at(0.0, on: scheduler) { subject.send(1) }
    at(0.5, on: scheduler) { subject.send(2) }
    at(0.8, on: scheduler) { subject.send(3) }
    at(3.0, on: scheduler) { subject.send(4) }
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(1)@0", "next(3)@1", "next(4)@4"])
  }

  func testCompletionWaitsForTheOpenWindow() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = recordTimeline(subject.throttle(for: 2, queue: scheduler), on: scheduler)
    at(0, on: scheduler) { subject.send(1) }
    at(1, on: scheduler) { subject.send(2) }
    at(1.5, on: scheduler) { subject.send(completion: .finished) }
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(1)@0", "next(2)@2", "completed@2"])
  }

  func testFailureIsImmediate() {
    let scheduler = VirtualTimeScheduler()
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.throttle(for: 1, queue: scheduler))
    probe.send(1)
    probe.send(2)
    probe.fail(OperatorError(1))
    scheduler.run()
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(1))])
  }

  func testDisposingCancelsTheWindowAndTheSource() {
    let scheduler = VirtualTimeScheduler()
    let probe = Probe<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(probe.signal.throttle(for: 1, queue: scheduler))
    probe.send(1)
    probe.send(2)
    observation.dispose()
    scheduler.run()
    XCTAssertEqual(recorder.elements, [1])
    XCTAssertFalse(probe.isObserved)
  }

  func testRandomTimingsMatchTheModel() {
    withSeeds(0..<50) { seed, rng in
      let script = TimedScript(using: &rng, failing: true)
      let interval = Double(Int.random(in: 0...3, using: &rng)) + 0.5
      let scheduler = VirtualTimeScheduler()
      let recorder = recordTimeline(script.source(on: scheduler).throttle(for: interval, queue: scheduler), on: scheduler)
      scheduler.run()

      var expected: [String] = []
      var hasEmitted = false
      var windowEnd: Double?
      var latest: Int?
      func endWindow(before time: Double) {
        guard let end = windowEnd, end < time else { return }
        windowEnd = nil
        if let value = latest { expected.append("next(\(value))@\(timestamp(end))") }
        latest = nil
      }
      for (value, time) in script.times.enumerated() {
        endWindow(before: time)
        if hasEmitted {
          latest = value
        } else {
          hasEmitted = true
          expected.append("next(\(value))@\(timestamp(time))")
        }
        if windowEnd == nil { windowEnd = time + interval }
      }
      if script.fails {
        endWindow(before: script.end)
        expected.append(script.endEntry(at: script.end))
      } else if let end = windowEnd, end > script.end {
        endWindow(before: .infinity)
        expected.append(script.endEntry(at: end))
      } else {
        endWindow(before: script.end)
        expected.append(script.endEntry(at: script.end))
      }
      XCTAssertEqual(recorder.elements, expected, "seed \(seed), interval \(interval): \(script)")
    }
  }
}
