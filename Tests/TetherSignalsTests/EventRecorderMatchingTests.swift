import Testing
import TetherSignals
import TetherTestSupport

/// The recorder's matching helpers report through Swift Testing inside a `@Test`.
@Suite struct EventRecorderMatchingTests {
  @Test func matchingEventsPassWithoutAnIssue() {
    let recorder = record(SafeSignal(sequence: [1, 2]))
    #expect(recorder.expectEvents([.next(1), .next(2), .completed]))
    #expect(recorder.expectElements([1, 2]))
    #expect(recorder.matches([.next(1), .next(2), .completed]))
    #expect(recorder.mismatch(with: [.next(1), .next(2), .completed]) == nil)
    #expect(recorder.expectNoViolations())
  }

  @Test func theFirstDifferenceIsDescribed() {
    let recorder = record(SafeSignal(sequence: [1, 2]))
    #expect(recorder.mismatch(with: [.next(1), .next(3), .completed])?.hasPrefix("event 1 is next(2)") == true)
    #expect(recorder.mismatch(with: [.next(1)])?.hasPrefix("unexpected [next(2), completed]") == true)
    #expect(recorder.mismatch(with: [.next(1), .next(2), .completed, .completed])?.hasPrefix("missing") == true)
    #expect(!recorder.matches([]))
  }

  @Test func differentEventsAreARecordedIssueAtTheCallersLine() {
    let recorder = record(SafeSignal(sequence: [1, 2]))
    var result = true
    let line = #line + 2
    withKnownIssue {
      result = recorder.expectEvents([.next(1), .completed])
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.comments.contains { $0.rawValue.contains("Events differ") }
    }
    #expect(!result)
  }

  @Test func differentElementsAreARecordedIssue() {
    let recorder = record(SafeSignal(sequence: [1, 2]))
    withKnownIssue {
      recorder.expectElements([2, 1])
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("received [1, 2], expected [2, 1]") }
    }
  }

  @Test func contractBreachesAreARecordedIssue() {
    let recorder = EventRecorder<Int, Never>()
    recorder.record(.completed)
    recorder.record(.next(1))
    withKnownIssue {
      recorder.assertNoViolations()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("observer contract broken") }
    }
  }
}
