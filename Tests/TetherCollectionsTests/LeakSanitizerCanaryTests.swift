import TetherCollections
import XCTest

/// The LeakSanitizer step's canary: `.ci/run` runs this test alone under `--sanitize=address`, with
/// `TETHER_PLANT_LEAK=1` and the step's own suppressions, and fails unless LeakSanitizer reports
/// the retain cycle it plants. So the leak-checked run cannot pass because leaks go unseen (a
/// suppression too broad, LeakSanitizer off): that is how `leak:libXCTest.so`, which matched every
/// test's allocations through XCTest's frames below them, was found.
///
/// Skipped everywhere else: a plain `swift test` never plants the leak.
final class LeakSanitizerCanaryTests: XCTestCase {
  /// One node of the planted cycle. (The CI step looks for the test's name in the report's
  /// allocation stacks: Swift's mangling abbreviates this type's name there.)
  final class LeakCanaryNode: @unchecked Sendable {
    // Unchecked: only this test touches it, on one thread.
    var next: LeakCanaryNode?
    let payload: MutableObservableArray<Int>

    init(payload: MutableObservableArray<Int>) {
      self.payload = payload
    }
  }

  func testPlantedRetainCycleIsReportedByLeakSanitizer() throws {
    guard ProcessInfo.processInfo.environment["TETHER_PLANT_LEAK"] == "1" else {
      throw XCTSkip("plants a leak only for .ci/run's LeakSanitizer canary (TETHER_PLANT_LEAK=1)")
    }
    // Two nodes holding each other and a container observed by a closure that holds the
    // container: nothing outside references them once this returns.
    let array = MutableObservableArray([1, 2, 3])
    let first = LeakCanaryNode(payload: array)
    let second = LeakCanaryNode(payload: array)
    first.next = second
    second.next = first
    _ = array.observeNext { _ in _ = array.count }
  }
}
