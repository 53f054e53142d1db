import XCTest

/// An XCTest case that can catch the failures its test reports instead of failing, to test
/// assertion helpers under XCTest: the counterpart of Swift Testing's `withKnownIssue`, on every
/// platform (Linux's XCTest has no `XCTExpectFailure`).
///
/// ```swift
/// final class MyAssertionTests: FailureCapturingTestCase {
///   func testAWrongChangesetFails() {
///     let failures = capturingFailures {
///       assertReplays(OrderedCollectionChangeset(collection: [1], diff: .init()), from: [2])
///     }
///     XCTAssertFalse(failures.isEmpty)
///   }
/// }
/// ```
open class FailureCapturingTestCase: XCTestCase {
  /// One failure caught by ``capturingFailures(_:)``.
  public struct CapturedFailure: Sendable, Equatable {
    /// The failure's description, as XCTest would print it.
    public var description: String
    /// The file the failure was reported in.
    public var filePath: String
    /// The line the failure was reported at.
    public var line: Int
  }

  private var captured: [CapturedFailure]?

  /// Runs `body` and returns the failures it reported through XCTest (`XCTFail`, `XCTAssert...`,
  /// Tether's assertions) instead of letting them fail the test. Calls do not nest.
  public func capturingFailures(_ body: () throws -> Void) rethrows -> [CapturedFailure] {
    captured = []
    defer { captured = nil }
    try body()
    return captured ?? []
  }

  #if canImport(ObjectiveC)
  override open func record(_ issue: XCTIssue) {
    guard captured != nil else {
      super.record(issue)
      return
    }
    captured?.append(
      CapturedFailure(
        description: issue.compactDescription,
        filePath: issue.sourceCodeContext.location?.fileURL.path ?? "",
        line: issue.sourceCodeContext.location?.lineNumber ?? 0
      )
    )
  }
  #else
  override open func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    guard captured != nil else {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    captured?.append(CapturedFailure(description: description, filePath: filePath, line: lineNumber))
  }
  #endif
}
