import TetherSignals
import TetherTestSupport
import XCTest

/// The recorder's helpers report through XCTest outside a Swift Testing test.
final class EventRecorderXCTestFailureTests: FailureCapturingTestCase {
  func testDifferentEventsFailTheXCTestAtTheCallersLine() {
    let recorder = record(SafeSignal(sequence: [1, 2]))
    var result = true
    let line = #line + 2
    let failures = capturingFailures {
      result = recorder.expectEvents([.next(1), .completed])
    }
    XCTAssertFalse(result)
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssert(failures.first?.description.contains("event 1 is next(2), expected completed") == true)
  }

  func testMatchingEventsDoNotFail() {
    let recorder = record(SafeSignal(sequence: [1, 2]))
    let failures = capturingFailures {
      recorder.expectEvents([.next(1), .next(2), .completed])
      recorder.expectElements([1, 2])
      recorder.assertNoViolations()
    }
    XCTAssertEqual(failures, [])
  }

  func testContractBreachesFailTheXCTest() {
    let recorder = EventRecorder<Int, Never>()
    recorder.record(.completed)
    recorder.record(.next(1))
    let failures = capturingFailures { recorder.assertNoViolations() }
    XCTAssertEqual(failures.count, 1)
    XCTAssert(failures.first?.description.contains("next(1) after a terminal event") == true)
  }
}
