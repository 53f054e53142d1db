import Foundation
import TetherDataSources
import TetherSignals
import TetherSynchronization

/// A flat list view that checks row updates the way `NSTableView` applies them, for tests and CI.
///
/// Each call applies at once to the rows as they are (AppKit's semantics): `insertRows(at:)` takes
/// the offsets after the insertion, `removeRows(at:)` those before it. An offset out of range is
/// reported with AppKit's message (`NSTableView error inserting/removing/moving row 5
/// (numberOfRows: 3).`). When the outermost ``endUpdates()`` returns, the view asks its
/// ``flatDataSource`` for the cells of inserted and reloaded rows, at their final offsets, and checks
/// that its row count is the data source's. After a violation it reloads from the data source.
@MainActor
public final class FlatUpdateValidatingView<Cell>: FlatViewProtocol, DisposeBagProvider {
  /// One call the view received.
  public enum Call: Hashable, Sendable {
    /// `reloadData()`.
    case reloadData
    /// `beginUpdates()`.
    case beginUpdates
    /// `endUpdates()`.
    case endUpdates
    /// `insertRows(at:withAnimation:)`.
    case insertRows(IndexSet, ViewAnimationOptions)
    /// `removeRows(at:withAnimation:)`.
    case removeRows(IndexSet, ViewAnimationOptions)
    /// `moveRow(at:to:)`.
    case moveRow(Int, Int)
    /// `reloadData(forRowIndexes:columnIndexes:)`.
    case reloadRows(IndexSet, columns: IndexSet)
  }

  /// The data source the view reads, held weakly.
  public weak var flatDataSource: (any FlatViewDataSource<Cell>)?

  /// Disposed when the view goes away, ending the bindings to it at once.
  public nonisolated let bag = DisposeBag()

  /// The number of columns.
  public let numberOfColumns: Int

  /// Whether a violation stops the program with its message; `false` by default.
  public var trapsOnViolation: Bool

  /// Every violation so far, oldest first.
  public private(set) var violations: [BatchUpdateViolation] = []

  /// Every call so far.
  public private(set) var calls: [Call] = []

  /// Whether ``calls`` records calls; on by default.
  public var recordsCalls = true

  private var entries: [Cell?] = []
  private var depth = 0
  private var isBroken = false

  /// Creates an empty view with `numberOfColumns` columns.
  public init(numberOfColumns: Int = 1, trapsOnViolation: Bool = false) {
    self.numberOfColumns = numberOfColumns
    self.trapsOnViolation = trapsOnViolation
  }

  /// The cells shown, in order (rows whose cell is not asked for yet are left out).
  public var rows: [Cell] { entries.compactMap(\.self) }

  /// Forgets the recorded calls and violations.
  public func resetRecords() {
    calls = []
    violations = []
  }

  /// Reads every row from the data source again.
  public func reloadData() {
    record(.reloadData)
    if depth > 0 {
      fail(.reloadDuringBatchUpdates, "reloadData called between beginUpdates and endUpdates")
      return
    }
    reloadAll()
  }

  /// Starts a group of updates.
  public func beginUpdates() {
    record(.beginUpdates)
    depth += 1
  }

  /// Ends a group of updates; the outermost one fetches new cells and checks the row count.
  public func endUpdates() {
    record(.endUpdates)
    guard depth > 0 else {
      fail(.conflictingChanges, "endUpdates called without a matching beginUpdates")
      isBroken = false
      return
    }
    depth -= 1
    if depth == 0 { commit() }
  }

  /// Inserts rows; `indexes` are the offsets after the insertion.
  public func insertRows(at indexes: IndexSet, withAnimation animationOptions: ViewAnimationOptions) {
    record(.insertRows(indexes, animationOptions))
    update {
      for index in indexes {
        guard index >= 0, index <= entries.count else { return outOfRange(index) }
        entries.insert(nil, at: index)
      }
    }
  }

  /// Removes the rows at `indexes` (offsets before the removal).
  public func removeRows(at indexes: IndexSet, withAnimation animationOptions: ViewAnimationOptions) {
    record(.removeRows(indexes, animationOptions))
    update {
      if let last = indexes.last, last >= entries.count { return outOfRange(last) }
      for index in indexes.reversed() { entries.remove(at: index) }
    }
  }

  /// Moves the row at `oldIndex` so that it ends up at `newIndex`.
  public func moveRow(at oldIndex: Int, to newIndex: Int) {
    record(.moveRow(oldIndex, newIndex))
    update {
      guard oldIndex >= 0, oldIndex < entries.count else { return outOfRange(oldIndex) }
      guard newIndex >= 0, newIndex < entries.count else { return outOfRange(newIndex) }
      entries.insert(entries.remove(at: oldIndex), at: newIndex)
    }
  }

  /// Asks the data source again for the given rows' cells (when the updates end).
  public func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
    record(.reloadRows(rowIndexes, columns: columnIndexes))
    update {
      if let last = columnIndexes.last, last >= numberOfColumns {
        return fail(
          .indexOutOfBounds, "NSTableView error: column \(last) is out of range (numberOfColumns: \(numberOfColumns)).")
      }
      if let last = rowIndexes.last, last >= entries.count { return outOfRange(last) }
      for index in rowIndexes { entries[index] = nil }
    }
  }

  private func update(_ body: () -> Void) {
    let standalone = depth == 0
    depth += 1
    if !isBroken { body() }
    depth -= 1
    if standalone { commit() }
  }

  private func commit() {
    defer { isBroken = false }
    guard !isBroken, let dataSource = flatDataSource else { return reloadAll() }
    let expected = dataSource.numberOfRows()
    guard expected == entries.count else {
      fail(
        .invalidNumberOfRows,
        "Invalid update: the table view has \(entries.count) rows after the update, but its data source has \(expected)"
      )
      return reloadAll()
    }
    for index in entries.indices where entries[index] == nil { entries[index] = dataSource.cellForRow(at: index) }
  }

  private func reloadAll() {
    guard let dataSource = flatDataSource else {
      entries = []
      return
    }
    entries = (0..<dataSource.numberOfRows()).map { dataSource.cellForRow(at: $0) }
  }

  private func outOfRange(_ index: Int) {
    fail(
      .indexOutOfBounds, "NSTableView error inserting/removing/moving row \(index) (numberOfRows: \(entries.count)).")
  }

  private func fail(_ rule: BatchUpdateViolation.Rule, _ message: String) {
    isBroken = true
    let violation = BatchUpdateViolation(rule: rule, message: message)
    violations.append(violation)
    if trapsOnViolation { tetherPreconditionFailure(message) }
  }

  private func record(_ call: Call) {
    if recordsCalls { calls.append(call) }
  }
}
