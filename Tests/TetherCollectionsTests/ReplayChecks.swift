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

/// Checks that `changesets` starts with a reload and that every later changeset replays from the
/// collection of the one before it, reporting through the running test framework.
func assertConsistentSequence<Element: Equatable>(
  _ changesets: [OrderedCollectionChangeset<[Element]>],
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  file: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  guard let first = changesets.first else {
    reportTestFailure("no changesets \(message())", fileID: fileID, filePath: file, line: line, column: column)
    return
  }
  if !first.isReload {
    reportTestFailure(
      "the first changeset is not a reload \(message())", fileID: fileID, filePath: file, line: line, column: column)
  }
  for (previous, next) in zip(changesets, changesets.dropFirst()) {
    assertReplays(next, from: previous.collection, message(), fileID: fileID, file: file, line: line, column: column)
  }
}

/// Checks that a set changeset sequence starts with a reload and that each change replays,
/// reporting through the running test framework.
func assertConsistentSequence<Element: Hashable>(
  _ changesets: [UnorderedCollectionChangeset<Set<Element>>],
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  file: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  if changesets.first?.isReload != true {
    reportTestFailure(
      "the first changeset is not a reload \(message())", fileID: fileID, filePath: file, line: line, column: column)
  }
  for (previous, next) in zip(changesets, changesets.dropFirst()) {
    assertReplays(next, from: previous.collection, message(), fileID: fileID, file: file, line: line, column: column)
  }
}

/// Checks that a dictionary changeset sequence starts with a reload and that each change
/// replays, reporting through the running test framework.
func assertConsistentSequence<Key: Hashable, Value: Equatable>(
  _ changesets: [UnorderedCollectionChangeset<[Key: Value]>],
  _ message: @autoclosure () -> String = "",
  fileID: String = #fileID,
  file: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  if changesets.first?.isReload != true {
    reportTestFailure(
      "the first changeset is not a reload \(message())", fileID: fileID, filePath: file, line: line, column: column)
  }
  for (previous, next) in zip(changesets, changesets.dropFirst()) {
    assertReplays(next, from: previous.collection, message(), fileID: fileID, file: file, line: line, column: column)
  }
}

/// The diff of a changeset in its normalized (sorted) form, for exact comparisons.
func normalizedDiff<C>(_ changeset: OrderedCollectionChangeset<C>) -> OrderedCollectionDiff<Int> {
  changeset.diff.normalized()
}
