import Tether
import TetherTestSupport
import XCTest

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class LargeAndFastChangingListsSnippetTests: XCTestCase {
  func testAPersistentArraysCopiesShareStructure() {
    // snippet: large-lists-persistent-array
    var rows = PersistentArray(0..<1_000_000)
    let snapshot = rows  // O(1): the two share every node
    rows.append(1_000_000)  // O(log n): copies one leaf and the nodes above it
    rows[10] = -10
    rows.remove(at: 0)
    print(snapshot.count)  // 1000000
    print(snapshot[10])  // 10: a snapshot never changes
    print(rows.count)  // 1000000
    print(rows[9])  // -10
    // snippet-end
    XCTAssertEqual(printed.lines, ["1000000", "10", "1000000", "-10"])
  }

  func testAListKeptByItsObserver() {
    // snippet: large-lists-observable-list
    let bag = DisposeBag()
    let feed = MutableObservableList<Int>(PersistentArray(0..<100_000))
    let shown = Property(PersistentArray<Int>())
    feed.observeNext { changeset in
      shown.value = changeset.collection  // keeping it is free: the next mutation stays O(log n)
    }.dispose(in: bag)
    let evens = Property(PersistentArray<Int>())
    feed.filterCollection { $0 % 2 == 0 }.observeNext { changeset in
      evens.value = changeset.collection  // a list too: keeping it is free as well
      print(changeset.collection.count)
    }.dispose(in: bag)
    feed.append(100_000)
    feed.remove(at: 0)
    print(shown.value.count)
    // snippet-end
    XCTAssertEqual(printed.lines, ["50000", "50001", "50000", "100000"])
    XCTAssertEqual(evens.value.count, 50_000)
    bag.dispose()
  }
}
