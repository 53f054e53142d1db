import TetherChangesets
import TetherTestSupport
import XCTest

/// `assertReplays` and `expectReplays` report through XCTest outside a Swift Testing test, at
/// the caller's line, and never trap on a malformed changeset.
final class ChangesetAssertionXCTestFailureTests: FailureCapturingTestCase {
  func testAWrongChangesetFailsTheXCTestAtTheCallersLine() {
    let changeset = OrderedCollectionChangeset(collection: ["a", "b"], diff: .init(inserts: [1], deletes: [0]))
    let line = #line + 1
    let failures = capturingFailures { assertReplays(changeset, from: ["a", "b"], "seed 7") }
    XCTAssertFalse(failures.isEmpty)
    for failure in failures {
      XCTAssertEqual(failure.line, line)
      XCTAssertEqual(failure.filePath, "\(#filePath)")
      XCTAssert(failure.description.contains("[seed 7]"), failure.description)
    }
  }

  func testAnOutOfRangeDiffFailsWithoutTrapping() {
    let changeset = OrderedCollectionChangeset(collection: ["a"], diff: .init(deletes: [5]))
    var passed = true
    let failures = capturingFailures { passed = expectReplays(changeset, from: ["a", "b"]) }
    XCTAssertFalse(passed)
    XCTAssertEqual(failures.count, 1)
    XCTAssert(failures.first?.description.contains("delete at index 5 is out of range") == true)
  }

  func testAnOutOfRangePatchFailsWithoutTrapping() {
    let changeset = OrderedCollectionChangeset(collection: ["a"], patch: [.delete(at: 7)])
    let failures = capturingFailures { assertReplays(changeset, from: ["a", "b"]) }
    XCTAssertEqual(failures.count, 1)
    XCTAssert(failures.first?.description.contains("index 7 is out of range") == true)
  }

  func testACorrectChangesetDoesNotFail() {
    let changeset = OrderedCollectionChangeset(collection: ["b", "c"], diff: .init(inserts: [1], deletes: [0]))
    XCTAssertEqual(capturingFailures { assertReplays(changeset, from: ["a", "b"]) }, [])
  }
}
