import Testing
import TetherChangesets
import TetherTestSupport

/// `expectReplays` and `assertReplays` report through Swift Testing inside a `@Test`, and never
/// trap on a malformed changeset.
@Suite struct ChangesetAssertionIssueTests {
  private func comments(_ issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
  }

  @Test func aCorrectChangesetPassesWithoutAnIssue() {
    let changeset = OrderedCollectionChangeset(collection: ["b", "c"], diff: .init(inserts: [1], deletes: [0]))
    #expect(expectReplays(changeset, from: ["a", "b"]))
    #expect(replayProblems(of: changeset, from: ["a", "b"]).isEmpty)
    assertReplays(OrderedCollectionChangeset(reloading: ["z"]), from: ["a"])
  }

  @Test func aWrongChangesetIsARecordedIssueAtTheCallersLine() {
    // The diff deletes "a", but the collection still has it.
    let changeset = OrderedCollectionChangeset(collection: ["a", "b"], diff: .init(inserts: [1], deletes: [0]))
    var passed = true
    let line = #line + 2
    withKnownIssue {
      passed = expectReplays(changeset, from: ["a", "b"], "seed 7")
    } matching: { issue in
      issue.sourceLocation?.line == line && comments(issue).contains("[seed 7]")
    }
    #expect(!passed)
  }

  @Test func assertReplaysReportsThroughSwiftTestingToo() {
    let changeset = OrderedCollectionChangeset(collection: ["a"], patch: [.insert("x", at: 0)])
    withKnownIssue {
      assertReplays(changeset, from: [])
    } matching: { issue in
      comments(issue).contains("Replaying the patch")
    }
  }

  @Test func anOutOfRangeDiffIsReportedNotTrapped() {
    let changeset = OrderedCollectionChangeset(collection: ["a"], diff: .init(deletes: [5]))
    withKnownIssue {
      expectReplays(changeset, from: ["a", "b"])
    } matching: { issue in
      comments(issue).contains("delete at index 5 is out of range")
    }
    // Reaching this line is the point: the patch was never derived from the bad diff.
    #expect(replayProblems(of: changeset, from: ["a", "b"]).count == 1)
  }

  @Test func anOutOfRangePatchIsReportedNotTrapped() {
    let changeset = OrderedCollectionChangeset(collection: ["a"], patch: [.delete(at: 7)])
    withKnownIssue {
      expectReplays(changeset, from: ["a", "b"])
    } matching: { issue in
      comments(issue).contains("index 7 is out of range for a collection of 2 elements")
    }
    #expect(replayProblems(of: changeset, from: ["a", "b"]).count == 1)
  }

  @Test func aPatchEndingAtTheWrongCountIsReportedNotTrapped() {
    let changeset = OrderedCollectionChangeset(collection: ["a", "b", "c"], patch: [.delete(at: 0)])
    withKnownIssue {
      expectReplays(changeset, from: ["a", "b"])
    } matching: { issue in
      comments(issue).contains("ends with 1 elements, not the 3")
    }
  }

  @Test func aWrongSetChangesetIsARecordedIssue() {
    let old: Set = [1, 2]
    var new = old
    new.insert(3)
    // Claims nothing changed.
    let changeset = UnorderedCollectionChangeset(collection: new, diff: .init())
    withKnownIssue {
      expectReplays(changeset, from: old)
    }
    #expect(!replayProblems(of: changeset, from: old).isEmpty)
  }

  @Test func aWrongDictionaryChangesetIsARecordedIssue() {
    let old = ["a": 1]
    var new = old
    new["a"] = 2
    // The value changed without an update.
    let changeset = UnorderedCollectionChangeset(collection: new, patch: [])
    withKnownIssue {
      expectReplays(changeset, from: old)
    } matching: { issue in
      comments(issue).contains("Replaying the patch") || comments(issue).contains("without an update")
    }
  }
}
