import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// Records what an observer of a container receives, for checking the changeset sequence.
final class ChangesetLog<Changeset: ObservableContainerChangeset>: @unchecked Sendable {
  // Safe: the recorder is thread-safe; `subscription` is set once before any mutation.
  let recorder = EventRecorder<Changeset, Never>()

  init<Container: SignalProtocol>(_ container: Container)
  where Container.Element == Changeset, Container.Error == Never {
    recorder.observe(container)
  }

  var changesets: [Changeset] { recorder.elements }

  /// The changesets after the initial reload.
  var changes: [Changeset] { Array(changesets.dropFirst()) }

  var last: Changeset { changesets.last! }
}

/// Asserts that `changesets` starts with a reload and that every later changeset replays from the
/// collection of the one before it.
func assertConsistentSequence<Element: Equatable>(
  _ changesets: [OrderedCollectionChangeset<[Element]>],
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard let first = changesets.first else {
    XCTFail("no changesets \(message())", file: file, line: line)
    return
  }
  XCTAssertTrue(first.isReload, "the first changeset is a reload \(message())", file: file, line: line)
  for (previous, next) in zip(changesets, changesets.dropFirst()) {
    assertReplays(next, from: previous.collection, message(), file: file, line: line)
  }
}

/// Asserts that a set changeset sequence starts with a reload and that each change replays.
func assertConsistentSequence<Element: Hashable>(
  _ changesets: [UnorderedCollectionChangeset<Set<Element>>],
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTAssertEqual(
    changesets.first?.isReload, true, "the first changeset is a reload \(message())", file: file, line: line)
  for (previous, next) in zip(changesets, changesets.dropFirst()) {
    assertReplays(next, from: previous.collection, message(), file: file, line: line)
  }
}

/// Asserts that a dictionary changeset sequence starts with a reload and that each change replays.
func assertConsistentSequence<Key: Hashable, Value: Equatable>(
  _ changesets: [UnorderedCollectionChangeset<[Key: Value]>],
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTAssertEqual(
    changesets.first?.isReload, true, "the first changeset is a reload \(message())", file: file, line: line)
  for (previous, next) in zip(changesets, changesets.dropFirst()) {
    assertReplays(next, from: previous.collection, message(), file: file, line: line)
  }
}

/// The diff of a changeset in its normalized (sorted) form, for exact comparisons.
func normalizedDiff<C>(_ changeset: OrderedCollectionChangeset<C>) -> OrderedCollectionDiff<Int> {
  changeset.diff.normalized()
}
