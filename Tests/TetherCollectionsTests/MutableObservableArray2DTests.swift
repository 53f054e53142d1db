import Foundation
import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

final class MutableObservableArray2DTests: XCTestCase {
  typealias Contacts = MutableObservableArray2D<String, String>
  typealias Diff = OrderedCollectionDiff<IndexPath>

  private func contacts() -> Contacts {
    Contacts(Array2D(sectionsWithItems: [("A", ["Alice", "Avery"]), ("B", ["Bob"]), ("C", [])]))
  }

  /// Runs `mutation` on observed contacts and returns the one changeset it emitted, checked.
  private func change(
    file: StaticString = #filePath,
    line: UInt = #line,
    _ mutation: (Contacts) -> Void
  ) -> TreeChangeset<Array2D<String, String>> {
    let array = contacts()
    let log = ChangesetLog(array)
    mutation(array)
    XCTAssertEqual(log.changesets.count, 2, "one changeset per mutation", file: file, line: line)
    assertConsistentTreeSequence(log.changesets, file: file, line: line)
    XCTAssertEqual(log.last.collection, array.collection, file: file, line: line)
    return log.last
  }

  func testObservingFirstDeliversAReload() {
    let log = ChangesetLog(contacts())
    XCTAssertTrue(log.last.isReload)
    XCTAssertEqual(log.last.collection.numberOfItems, 3)
  }

  func testSectionMutations() {
    let appended = change { $0.appendSection("D", items: ["Dana"]) }
    XCTAssertEqual(appended.diff, Diff(inserts: [[3]]))
    XCTAssertEqual(appended.collection.sections[3].items, ["Dana"])

    let inserted = change { $0.insert(section: .init(metadata: "0", items: []), at: 0) }
    XCTAssertEqual(inserted.diff, Diff(inserts: [[0]]))

    var removed: Array2D<String, String>.Section?
    let deleted = change { removed = $0.removeSection(at: 1) }
    XCTAssertEqual(removed?.metadata, "B")
    XCTAssertEqual(deleted.diff, Diff(deletes: [[1]]))
    XCTAssertEqual(deleted.patch, [.delete(at: [1])])

    let moved = change { $0.moveSection(from: 0, to: 2) }
    XCTAssertEqual(moved.collection.sections.map(\.metadata), ["B", "C", "A"])
    XCTAssertEqual(moved.diff, Diff(moves: [(from: [0], to: [2])]))

    let renamed = change { $0.updateMetadata(ofSectionAt: 1, with: "Bee") }
    XCTAssertEqual(renamed.diff, Diff(updates: [[1]]))
    XCTAssertEqual(renamed.collection.sections[1].items, ["Bob"], "a section update keeps the items")

    let replaced = change { $0[sectionAt: 0] = .init(metadata: "Z", items: ["Zoe"]) }
    XCTAssertEqual(replaced.diff, Diff(inserts: [[0]], deletes: [[0]]))
  }

  func testItemMutations() {
    let appended = change { $0.appendItem("Bea", toSectionAt: 1) }
    XCTAssertEqual(appended.diff, Diff(inserts: [[1, 1]]))

    let inserted = change { $0.insert(item: "Aaron", at: [0, 0]) }
    XCTAssertEqual(inserted.patch.count, 1)
    XCTAssertEqual(inserted.diff, Diff(inserts: [[0, 0]]))

    let many = change { $0.insert(contentsOf: ["Cy", "Cyd"], at: [2, 0]) }
    XCTAssertEqual(many.diff, Diff(inserts: [[2, 0], [2, 1]]))

    var removed = ""
    let deleted = change { removed = $0.removeItem(at: [0, 1]) }
    XCTAssertEqual(removed, "Avery")
    XCTAssertEqual(deleted.diff, Diff(deletes: [[0, 1]]))

    let updated = change { $0[itemAt: [1, 0]] = "Bobby" }
    XCTAssertEqual(updated.diff, Diff(updates: [[1, 0]]))
    XCTAssertEqual(updated.collection[itemAt: [1, 0]], "Bobby")

    let across = change { $0.moveItem(from: [0, 0], to: [2, 0]) }
    XCTAssertEqual(across.collection.sections.map(\.items), [["Avery"], ["Bob"], ["Alice"]])
    XCTAssertEqual(across.diff, Diff(moves: [(from: [0, 0], to: [2, 0])]), "a move across sections is one move")

    let within = change { $0.moveItem(from: [0, 0], to: [0, 1]) }
    XCTAssertEqual(within.collection.sections[0].items, ["Avery", "Alice"])
  }

  func testRemovingEverything() {
    let items = change { $0.removeAllItems() }
    XCTAssertEqual(items.diff, Diff(deletes: [[0, 0], [0, 1], [1, 0]]))
    XCTAssertEqual(items.collection.numberOfSections, 3)

    let all = change { $0.removeAllItemsAndSections() }
    XCTAssertEqual(all.diff, Diff(deletes: [[0], [1], [2]]))
    XCTAssertEqual(all.collection.numberOfSections, 0)
  }

  func testReplaceWithoutDiffIsAReload() {
    let reloaded = change { $0.replace(with: Array2D()) }
    XCTAssertTrue(reloaded.isReload)
    let again = change { $0.replace(with: Array2D(), performDiff: false) }
    XCTAssertTrue(again.isReload)
  }

  func testReplaceDiffsSectionsAndItemsTogether() {
    let changeset = change { array in
      array.replace(
        with: Array2D(sectionsWithItems: [("B", ["Bob", "Alice"]), ("A", ["Avery"]), ("D", ["Dana"])]),
        performDiff: true
      )
    }
    let diff = changeset.diff
    XCTAssertTrue(diff.deletes.contains([2]), "section C deleted")
    XCTAssertTrue(diff.inserts.contains([2]), "section D inserted (with its items)")
    XCTAssertFalse(diff.inserts.contains([2, 0]), "items of an inserted section are not listed")
    XCTAssertTrue(
      diff.deletes.contains([0, 0]) && diff.inserts.contains([0, 1]),
      "Alice moves into section B while B moves: a delete and an insert, which UIKit accepts in one batch"
    )
    let across = change { array in
      array.replace(
        with: Array2D(sectionsWithItems: [("A", ["Avery"]), ("B", ["Bob", "Alice"]), ("C", [])]),
        performDiff: true
      )
    }
    XCTAssertEqual(across.diff.sortedParts(), Diff(moves: [(from: [0, 0], to: [1, 1])]), "one move across sections")
  }

  func testReplaceReportsSectionMetadataAndItemUpdates() {
    let array = MutableObservableArray2D(
      Array2D(sectionsWithItems: [(Header(id: 1, title: "one"), [Row(id: 1, title: "a")])]))
    let log = ChangesetLog(array)
    array.replace(
      with: Array2D(sectionsWithItems: [
        (Header(id: 1, title: "ONE"), [Row(id: 1, title: "A"), Row(id: 2, title: "b")])
      ]),
      performDiff: true,
      sectionIdentifiedBy: \.id,
      isSectionEqual: ==,
      itemIdentifiedBy: \.id,
      isItemEqual: ==
    )
    XCTAssertEqual(log.last.diff.sortedParts(), Diff(inserts: [[0, 1]], updates: [[0], [0, 0]]))
    assertConsistentTreeSequence(log.changesets)
  }

  func testReplaceItemsOfOneSection() {
    let diffed = change { $0.replaceItems(ofSectionAt: 0, with: ["Avery", "Amir"], performDiff: true) }
    XCTAssertEqual(diffed.diff.sortedParts(), Diff(inserts: [[0, 1]], deletes: [[0, 0]]))
    let plain = change { $0.replaceItems(ofSectionAt: 1, with: ["Bea"], performDiff: false) }
    XCTAssertTrue(plain.isReload, "a replacement without a diff is an explicit reload")
    XCTAssertEqual(plain.collection.sections[1].items, ["Bea"])
    XCTAssertEqual(plain.collection.sections[0].items, ["Alice", "Avery"], "other sections are untouched")
  }

  func testBatchUpdateEmitsOneChangeset() {
    let changeset = change { array in
      array.batchUpdate { batch in
        batch.appendSection("D")
        batch.moveItem(from: [0, 0], to: [3, 0])
        batch.removeSection(at: 1)
        batch[itemAt: [0, 0]] = "AVERY"
        XCTAssertEqual(batch.numberOfSections, 3)
        XCTAssertEqual(batch.numberOfItems(inSection: 2), 1)
      }
    }
    XCTAssertEqual(changeset.collection.sections.map(\.metadata), ["A", "C", "D"])
    XCTAssertEqual(changeset.patch.count, 4)
  }

  func testReadsAndCounts() {
    let array = contacts()
    XCTAssertEqual(array.numberOfSections, 3)
    XCTAssertEqual(array.numberOfItems(inSection: 0), 2)
    XCTAssertEqual(array[itemAt: [1, 0]], "Bob")
    XCTAssertEqual(array[sectionAt: 2].metadata, "C")
    let view: ObservableArray2D<String, String> = array.readOnlyView
    XCTAssertEqual(view.collection.numberOfItems, 3)
  }
}

struct Header: Identifiable, Equatable {
  var id: Int
  var title: String
}
