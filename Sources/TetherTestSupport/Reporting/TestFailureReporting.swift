import Testing
import XCTest

/// Reports a failed check to the test framework running the current test: Swift Testing's
/// `Issue.record` inside a `@Test` (so `withKnownIssue` and `#expect`-based tooling see it),
/// XCTest's `XCTFail` otherwise.
///
/// Every assertion in `TetherTestSupport` reports through this function. Call it from your own
/// assertion helpers so they work under both runners; forward your caller's location so the
/// failure points at the test, not at the helper:
///
/// ```swift
/// func expectSorted(
///   _ values: [Int],
///   fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
/// ) {
///   if values != values.sorted() {
///     reportTestFailure("\(values) is not sorted", fileID: fileID, filePath: filePath, line: line, column: column)
///   }
/// }
/// ```
///
/// Swift Testing's current test is a task-local value: a check made on a thread the test did not
/// start (a dispatch queue's) is reported through XCTest, which outside an XCTest test case
/// reports it without a test to attach it to.
public func reportTestFailure(
  _ message: String,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  CallSite(fileID: fileID, filePath: filePath, line: line, column: column).report(message)
}

/// Where an assertion helper was called from, in the forms both test frameworks want: Swift
/// Testing takes a `SourceLocation`, XCTest a file path and a line.
struct CallSite: Sendable {
  var fileID: String
  var filePath: StaticString
  var line: UInt
  var column: UInt

  /// The location for Swift Testing; its initializer wants positive lines and columns.
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: fileID,
      filePath: "\(filePath)",
      line: max(Int(line), 1),
      column: max(Int(column), 1)
    )
  }

  /// Reports `message` as a failure at this place, through the running test framework.
  func report(_ message: String) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
      XCTFail(message, file: filePath, line: line)
    }
  }
}
