import Foundation
import Tether
import XCTest

// snippet: bins-model
/// A ticket of an issue tracker.
struct BinsTicket: Identifiable, Equatable, Sendable, CustomStringConvertible {
  enum State: Sendable { case open, done, archived }

  var id: Int
  var title: String
  var priority = 2  // 1 is the most urgent
  var state = State.open

  var description: String { "#\(id) \(title)" }
}

/// Three bins, in section order. Archived tickets belong to none of them.
let binsFilters = [
  DiffCollectionFilter<BinsTicket>(name: "Urgent") { $0.state == .open && $0.priority == 1 },
  DiffCollectionFilter<BinsTicket>(name: "Open") { $0.state == .open },
  DiffCollectionFilter<BinsTicket>(name: "Done") { $0.state == .done },
]
// snippet-end

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class BinsSnippetTests: XCTestCase {
  func testUpdateAndDeleteReportIndexPaths() {
    // snippet: bins-first-filter
    var board = DiffCollection(filters: binsFilters)
    print(board.update(element: BinsTicket(id: 1, title: "Crash on launch", priority: 1)))
    print(board.update(element: BinsTicket(id: 2, title: "Typo in footer")))
    print(board)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "added: deleted [] added [[0, 0]] updated []",
        "added: deleted [] added [[1, 0]] updated []",
        #"["Urgent": [#1 Crash on launch], "Open": [#2 Typo in footer], "Done": []]"#,
      ]
    )
    // Ticket 1 passes both "Urgent" and "Open": the first filter wins.
    XCTAssertTrue(binsFilters[1].accepts(board.element(withID: 1)!))
    XCTAssertEqual(board.indexPath(forID: 1), [0, 0])

    // snippet: bins-results
    var crash = board.element(withID: 1)!
    crash.title = "Crash on launch (iOS 18)"
    print(board.update(element: crash))  // same bin, same row: an update in place
    print(board.update(element: crash))  // equal to the stored ticket: nothing to do
    crash.priority = 2
    print(board.update(element: crash))  // "Open" now: deleted from one bin, added to the other
    print(board.delete(id: 2))
    print(board.delete(id: 2))  // no longer stored
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "updated: deleted [] added [] updated [[0, 0]]",
        "unchanged: deleted [] added [] updated []",
        "moved: deleted [[0, 0]] added [[1, 1]] updated []",
        "deleted: deleted [[1, 0]] added [] updated []",
        "notFound: deleted [] added [] updated []",
      ]
    )
    XCTAssertEqual(board.bins, [[], [crash], []])

    // snippet: bins-rejected
    print(board.update(element: BinsTicket(id: 3, title: "Old idea", state: .archived)))
    crash.state = .archived
    let result = board.update(element: crash)
    print(result)
    print("isRejected \(result.isRejected), isStored \(result.isStored), count \(board.count)")
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "rejected: deleted [] added [] updated []",
        "rejected: deleted [[1, 0]] added [] updated []",
        "isRejected true, isStored false, count 0",
      ]
    )
    XCTAssertNil(board.element(withID: 3))
    board._checkInvariants()
  }

  func testOrderInsideABin() {
    // snippet: bins-ordering
    var queue = DiffCollection(filters: binsFilters, sortedBy: { $0.priority < $1.priority })
    for (id, priority) in [(1, 3), (2, 2), (3, 3), (4, 2)] {
      queue.update(element: BinsTicket(id: id, title: "T\(id)", priority: priority))
    }
    print(queue.bins)  // "Open" sorted by priority; equal priorities keep their arrival order
    var four = queue.element(withID: 4)!
    four.priority = 5
    print(queue.update(element: four))  // a new rank in the same bin: a delete plus an add
    four.title = "T4, renamed"
    print(queue.update(element: four))  // same rank: an update in place
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "[[], [#2 T2, #4 T4, #1 T1, #3 T3], []]",
        "moved: deleted [[1, 1]] added [[1, 3]] updated []",
        "updated: deleted [] added [] updated [[1, 3]]",
      ]
    )
    queue._checkInvariants()
  }

  func testTheObservableFormEmitsSectionedChangesets() {
    // snippet: bins-observable
    let inbox = ObservableDiffCollection(filters: binsFilters)
    inbox.update(element: BinsTicket(id: 1, title: "Crash on launch", priority: 1))
    let observation = inbox.observeNext { changeset in
      if changeset.isReload {
        print("reload \(changeset.collection.sections.map(\.items))")
      } else {
        print(changeset.diff)
      }
    }
    inbox.update(element: BinsTicket(id: 2, title: "Typo in footer"))
    inbox.update(element: BinsTicket(id: 2, title: "Typo in footer"))  // unchanged: emits nothing
    inbox.update(element: BinsTicket(id: 1, title: "Crash on launch", state: .done))
    observation.dispose()
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "reload [[#1 Crash on launch], [], []]",
        "D[] I[[1, 0]] U[] M[]",
        "D[[0, 0]] I[[2, 0]] U[] M[]",
      ]
    )
    XCTAssertEqual(inbox.numberOfSections, 3)
    XCTAssertEqual(inbox.title(forSection: 2), "Done")
    XCTAssertEqual(inbox.item(at: [2, 0]).id, 1)
  }

  func testBinsBindToASectionedView() {
    MainActor.assumeIsolated {
      // snippet: bins-binding
      let view = BatchUpdateValidatingView<String>()
      let inbox = ObservableDiffCollection(filters: binsFilters)
      inbox.bind(to: view) { bins, indexPath, _ in bins.item(at: indexPath).title }
      inbox.update(element: BinsTicket(id: 1, title: "Crash on launch", priority: 1))
      inbox.update(element: BinsTicket(id: 2, title: "Typo in footer"))
      inbox.update(element: BinsTicket(id: 1, title: "Crash on launch", state: .done))
      print(view.sectionTitles.compactMap { $0 })
      print(view.rows)
      print("violations: \(view.violations.count)")
      // snippet-end
      XCTAssertEqual(
        printed.lines,
        [
          #"["Urgent", "Open", "Done"]"#,
          #"[[], ["Typo in footer"], ["Crash on launch"]]"#,
          "violations: 0",
        ]
      )
    }
  }

  func testAPlainCollectionAsChangesets() {
    // snippet: bins-plain-changeset
    var board = DiffCollection(filters: binsFilters)
    let changes = PassthroughSubject<SectionedDiffChangeset<Array2D<String, BinsTicket>>, Never>()
    let observation = changes.observeNext { print("\($0.diff) -> \($0.collection.allItems)") }
    let result = board.update(element: BinsTicket(id: 7, title: "Dark mode"))
    changes.send(board.changeset(for: result))  // right after the mutation, before the next one
    observation.dispose()
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[[1, 0]] U[] M[] -> [#7 Dark mode]"])
  }
}
