import Foundation
import Tether
import XCTest

// snippet: migration-epoxy-row
/// An Epoxy-style row: identity by `diffIdentifier`, content by `isDiffableItemEqual(to:)`.
struct MigrationRow: Diffable, Equatable {
  var id: String
  var title: String

  var diffIdentifier: AnyHashable { id }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? MigrationRow) == self
  }
}
// snippet-end

// snippet: migration-contact
/// DifferenceKit's `Differentiable` becomes `Identifiable` (identity) plus `Equatable` (content).
struct MigrationContact: Identifiable, Equatable {
  var id: Int
  var name: String
}
// snippet-end

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class MigrationSnippetTests: XCTestCase {
  func testAnObservableArray() {
    // snippet: migration-observable-array
    let bag = DisposeBag()
    let names = MutableObservableArray(["ann", "bob"])
    names.observeNext { changeset in
      if changeset.isReload {
        print("reload \(changeset.collection)")
      } else {
        print("\(changeset.diff) -> \(changeset.collection)")
      }
    }.dispose(in: bag)
    names.batchUpdate { batch in
      batch.append("cy")
      batch.remove(at: 0)
    }
    names.replace(with: ["dee"], performDiff: false)  // a reload, never an empty diff
    names.replace(with: ["dee", "eve"], performDiff: true)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"reload ["ann", "bob"]"#,
        #"D[0] I[1] U[] M[] -> ["bob", "cy"]"#,
        #"reload ["dee"]"#,
        #"D[] I[1] U[] M[] -> ["dee", "eve"]"#,
      ]
    )
    bag.dispose()
  }

  func testRenamedOperators() {
    // snippet: migration-operators
    let query = PassthroughSubject<String, Never>()
    let searches =
      query
      .prepend("")  // ReactiveKit: start(with:)
      .removeDuplicates()  // distinct(), later distinctUntilChanged()
      .dropFirst()  // skip(first:)
      .handleEvents(receiveOutput: { print("searching \($0)") })  // doOn(next:)
      .map { $0.uppercased() }
    let observation = searches.observeNext { print("results for \($0)") }
    query.send("swift")
    query.send("swift")
    query.send("tether")
    observation.dispose()
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      ["searching swift", "results for SWIFT", "searching tether", "results for TETHER"]
    )
  }

  func testBindingToAProperty() {
    // snippet: migration-bind
    let source = PassthroughSubject<Int, Never>()
    let target = Property(0)
    let binding = source.map { $0 * 2 }.bind(to: target)
    source.send(21)
    print(target.value)
    binding.dispose()
    // snippet-end
    XCTAssertEqual(printed.lines, ["42"])
  }

  func testAWriteFromInsideACallbackIsQueued() {
    // snippet: migration-reentrancy
    let bag = DisposeBag()
    let level = Property(0)
    level.observeNext { value in
      print("start \(value)")
      if value == 1 { level.value = 2 }  // delivered after this callback returns, not inside it
      print("end \(value)")
    }.dispose(in: bag)
    level.value = 1
    print("now \(level.value)")
    // snippet-end
    XCTAssertEqual(printed.lines, ["start 0", "end 0", "start 1", "end 1", "start 2", "end 2", "now 2"])
    bag.dispose()
  }

  func testFilterCollectionStateIsPerSubscriber() {
    // snippet: migration-filter-per-subscriber
    let bag = DisposeBag()
    let numbers = MutableObservableArray([1, 2, 3, 4])
    let evens = numbers.filterCollection { $0.isMultiple(of: 2) }
    evens.observeNext { print("first: \($0)") }.dispose(in: bag)
    numbers.append(6)
    evens.observeNext { print("second: \($0)") }.dispose(in: bag)  // starts with its own reload
    numbers.remove(at: 1)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "first: reload [2, 4]",
        "first: [2, 4, 6] diff D[] I[2] U[] M[] patch [insert(6, at: 2)]",
        "second: reload [2, 4, 6]",
        "first: [4, 6] diff D[0] I[] U[] M[] patch [delete(0)]",
        "second: [4, 6] diff D[0] I[] U[] M[] patch [delete(0)]",
      ]
    )
    bag.dispose()
  }

  func testATreeDiffHasMoves() {
    // snippet: migration-tree-move
    let old = TreeArray([TreeNode("Inbox", [TreeNode("invoice.pdf")]), TreeNode("Archive")])
    let new = TreeArray([TreeNode("Inbox"), TreeNode("Archive", [TreeNode("invoice.pdf")])])
    print(new.diff(from: old))  // reparenting is one move, not a delete and an insert
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[] U[] M[[0, 0]→[1, 0]]"])
  }

  func testEpoxyDiffing() {
    // snippet: migration-epoxy
    let old = ["a", "b", "c", "d", "e"].map { MigrationRow(id: $0, title: $0) }
    var new = old
    new.insert(new.removeLast(), at: 0)  // "e" moves to the front
    new[1].title = "A"  // "a" changes
    let changeset = new.makeChangeset(from: old)  // the receiver is the new state
    print(changeset)
    print(OrderedCollectionDiff(changeset))  // the same change as a Tether diff
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[] U[0→1] M[4→0]", "D[] I[] U[0] M[4→0]"])
  }

  func testTheLogger() {
    // snippet: migration-logger
    let previous = TetherLogger.shared
    TetherLogger.shared = TetherLogger(warn: { message, _, _ in print("warning: \(message())") })
    _ = ["a", "a"].makeChangeset(from: ["a"])  // duplicate identifiers: recovered from, and reported
    TetherLogger.shared = previous
    // snippet-end
    let lines = printed.lines
    XCTAssertEqual(lines.count, 1)
    XCTAssertTrue(lines[0].hasPrefix("warning: Diffing collections with duplicate identifiers"), lines[0])
  }

  func testDifferenceKitStyleStaging() throws {
    // snippet: migration-differencekit
    let old = [
      MigrationContact(id: 1, name: "Ann"), MigrationContact(id: 2, name: "Bob"), MigrationContact(id: 3, name: "Cy"),
    ]
    let new = [
      MigrationContact(id: 2, name: "Bob"), MigrationContact(id: 3, name: "Cy"), MigrationContact(id: 1, name: "Anne"),
    ]
    let diff = new.diff(from: old)
    print(diff)  // Ann moved and was renamed
    let rows = OrderedCollectionChangeset(collection: new, diff: diff).asSectionedDataSourceChangeset.diff
    let staged = try StagedChangeset(diff: rows, oldItemCounts: [old.count], newItemCounts: [new.count])
    for stage in staged.stages { print(stage.diff) }  // UIKit cannot move and reload a row at once
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      ["D[] I[] U[0] M[0→2]", "D[] I[] U[] M[[0, 0]→[0, 2]]", "D[] I[] U[[0, 2]] M[]"]
    )
  }

  func testSectionsAsAnArray2D() {
    // snippet: migration-array2d
    let bag = DisposeBag()
    let shelves = MutableObservableArray2D(
      Array2D(sectionsWithItems: [("Fruit", ["apple", "pear"]), ("Veg", ["leek"])])
    )
    shelves.observeNext { changeset in
      if !changeset.isReload { print(changeset.diff) }
    }.dispose(in: bag)
    shelves.replace(
      with: Array2D(sectionsWithItems: [("Fruit", ["apple"]), ("Veg", ["pear", "leek"])]),
      performDiff: true
    )
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[] U[] M[[0, 1]→[1, 0]]"])
    bag.dispose()
  }
}
