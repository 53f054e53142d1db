import TetherSignals
import TetherTestSupport
import XCTest

final class TimeoutTests: XCTestCase {
  func testFailsWhenNoElementArrivesInTime() {
    let scheduler = VirtualTimeScheduler()
    let probe = Probe<Int, OperatorError>()
    let recorder = recordTimeline(probe.signal.timeout(after: 2, with: OperatorError(9), on: scheduler), on: scheduler)
    at(1, on: scheduler) { probe.send(1) }
    at(2.5, on: scheduler) { probe.send(2) }
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["next(1)@1", "next(2)@2.5", "failed(E9)@4.5"])
    XCTAssertFalse(probe.isObserved)
  }

  func testDoesNotFireAfterTheSourceEnds() {
    let scheduler = VirtualTimeScheduler()
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.timeout(after: 2, with: OperatorError(9), on: scheduler))
    probe.send(1)
    probe.complete()
    scheduler.run()
    XCTAssertEqual(recorder.events, [.next(1), .completed])
    XCTAssertEqual(scheduler.pendingCount, 0)
  }

  func testDisposingCancelsTheWait() {
    let scheduler = VirtualTimeScheduler()
    let probe = Probe<Int, OperatorError>()
    let recorder = EventRecorder<Int, OperatorError>()
    recorder.observe(probe.signal.timeout(after: 1, with: OperatorError(1), on: scheduler)).dispose()
    scheduler.run()
    XCTAssertEqual(recorder.events, [])
    XCTAssertFalse(probe.isObserved)
  }

  func testRandomTimingsMatchTheModel() {
    withSeeds(0..<40) { seed, rng in
      let script = TimedScript(using: &rng, failing: true)
      let limit = Double(Int.random(in: 1...4, using: &rng)) + 0.5
      let scheduler = VirtualTimeScheduler()
      let signal = script.source(on: scheduler).timeout(after: limit, with: OperatorError(7), on: scheduler)
      let recorder = recordTimeline(signal, on: scheduler)
      scheduler.run()
      var expected: [String] = []
      var deadline = limit
      var timedOut = false
      for (value, time) in script.times.enumerated() {
        if time > deadline {
          timedOut = true
          break
        }
        expected.append("next(\(value))@\(timestamp(time))")
        deadline = time + limit
      }
      if timedOut || script.end > deadline {
        expected.append("failed(E7)@\(timestamp(deadline))")
      } else {
        expected.append(script.endEntry(at: script.end))
      }
      XCTAssertEqual(recorder.elements, expected, "seed \(seed), limit \(limit): \(script)")
    }
  }
}
