import Foundation
import Tether

extension PlaygroundPage {
  /// Large list: a million appends streamed into a `MutableObservableList` bound to a view that
  /// keeps every snapshot, each append O(log n) however long the list grows.
  public static let largeList = PlaygroundPage(
    name: "large-list",
    summary: "1,000,000 appends streamed into a bound MutableObservableList"
  ) { out in
    MainActor.assumeIsolated { largeListPage(out) }
  }
}

@MainActor
private func largeListPage(_ out: Transcript) {
  out.say("A bound view keeps the collection of every changeset it is given (to ask for rows later).")
  out.say("With a MutableObservableArray that makes each append copy the whole array; with a")
  out.say("MutableObservableList (a MutableObservableCollection of PersistentArray) it copies one")
  out.say("leaf of at most 64 rows and the few index nodes above it.")
  let feed = MutableObservableList<Int>()
  let view = RowCountingView()
  let binding = feed.bind(to: view) { rows, row, _ in rows[row] }
  var kept: [PersistentArray<Int>] = []
  out.print()
  out.say("Stream 1,000,000 appends, in batches of 10,000 (one changeset, one view batch each).")
  var next = 0
  for batch in 1...100 {
    feed.batchUpdate { rows in
      for _ in 0..<10_000 {
        rows.append(next)
        next += 1
      }
    }
    if batch % 25 == 0 {
      kept.append(feed.collection)
      out.print(
        "after \(next) appends: the view shows \(view.rowCount) rows in \(view.batchCount) batches; "
          + "last row \(view.lastRow)")
    }
  }
  out.print()
  out.say("Every kept snapshot is still what it was when it was taken, and shares its nodes with the")
  out.say("list: keeping four versions of a million rows costs little more than one.")
  for snapshot in kept {
    out.print("snapshot: \(snapshot.count) rows, first \(snapshot.first!), last \(snapshot.last!)")
  }
  out.print()
  out.say("Single mutations from here on are O(log n) too: an insert at the top, a move, an update.")
  feed.insert(-1, at: 0)
  feed.move(from: 0, to: 500_000)
  feed[999_999] = -2
  out.print("rows \(feed.count), row 500000 is \(feed.collection[500_000]), row 999999 is \(feed.collection[999_999])")
  out.print("the view shows \(view.rowCount) rows after \(view.batchCount) batches")
  binding.dispose()
}

/// A flat view that keeps only its row count and, like a table view showing the bottom of the list,
/// asks for the cell of the last inserted row of each batch.
@MainActor
private final class RowCountingView: FlatViewProtocol {
  weak var flatDataSource: (any FlatViewDataSource<Int>)?
  private(set) var rowCount = 0
  private(set) var batchCount = 0
  private(set) var lastRow = 0
  private var lastInserted: Int?

  var numberOfColumns: Int { 1 }

  func reloadData() {
    rowCount = flatDataSource?.numberOfRows() ?? 0
  }

  func beginUpdates() {
    lastInserted = nil
  }

  func endUpdates() {
    batchCount += 1
    guard let source = flatDataSource else { return }
    rowCount = source.numberOfRows()
    if let lastInserted { lastRow = source.cellForRow(at: lastInserted) }
  }

  func insertRows(at indexes: IndexSet, withAnimation animationOptions: ViewAnimationOptions) {
    if let last = indexes.last { lastInserted = Swift.max(lastInserted ?? last, last) }
  }

  func removeRows(at indexes: IndexSet, withAnimation animationOptions: ViewAnimationOptions) {}

  func moveRow(at oldIndex: Int, to newIndex: Int) {}

  func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {}
}
