import Foundation
import Tether
import TetherTestSupport
import XCTest

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

// snippet: diffing-identifiable-type
struct DiffingContact: Identifiable, Equatable {
  var id: Int
  var name: String
}
// snippet-end

// snippet: diffing-diffable-type
struct DiffingCard: Diffable {
  var key: String
  var title: String

  var diffIdentifier: AnyHashable { key }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    guard let other = otherDiffableItem as? DiffingCard else { return false }
    return title == other.title
  }
}

struct DiffingDeck: DiffableSection {
  var name: String
  var cards: [DiffingCard]

  var diffIdentifier: AnyHashable { name }
  var diffableItems: [DiffingCard] { cards }

  // Sections compare their own content only: item changes are listed item by item.
  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? DiffingDeck)?.name == name
  }
}
// snippet-end

// snippet: diffing-stored-identifier-type
struct DiffingRow: Diffable {
  // Boxed once, when the row is made, as Epoxy's models store their `dataID`.
  let diffIdentifier: AnyHashable
  var title: String

  init(id: Int, title: String) {
    diffIdentifier = AnyHashable(id)
    self.title = title
  }

  // The identifiers are already known to be equal: compare the content only.
  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    guard let other = otherDiffableItem as? DiffingRow else { return false }
    return title == other.title
  }
}
// snippet-end

final class DiffingWithDiffableSnippetTests: XCTestCase {
  func testHeckelReportsTheFewestMoves() {
    // snippet: diffing-heckel
    let old = ["a", "b", "c", "d", "e"]
    let new = ["e", "a", "b", "d", "x"]
    print(new.diff(from: old))
    let reversed = Array((0..<6).reversed()).diff(from: Array(0..<6))
    print("\(reversed.moves.count) moves")
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[2] I[4] U[] M[4→0]", "5 moves"])
    XCTAssertEqual(old.applying(new.diff(from: old).generatePatch(to: new)), new)
  }

  func testIdentifiableElementsAreMatchedByIDAndUpdatedWhenTheirValueChanged() {
    // snippet: diffing-identifiable
    let before = [
      DiffingContact(id: 1, name: "Ada"),
      DiffingContact(id: 2, name: "Bob"),
      DiffingContact(id: 3, name: "Cy"),
    ]
    let after = [
      DiffingContact(id: 3, name: "Cy"),
      DiffingContact(id: 1, name: "Ada L."),
      DiffingContact(id: 4, name: "Dee"),
    ]
    print(after.diff(from: before))
    print(after.makeChangeset(from: before))
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[1] I[2] U[0] M[2→0]", "D[1] I[2] U[0→1] M[2→0]"])
    let changeset = OrderedCollectionChangeset(from: before, to: after)
    XCTAssertEqual(before.applying(changeset.patch), after)
  }

  func testDiffableElementsFollowEpoxysProtocol() {
    // snippet: diffing-diffable
    let old = [DiffingCard(key: "a", title: "Apple"), DiffingCard(key: "b", title: "Banana")]
    let new = [DiffingCard(key: "b", title: "Banana split"), DiffingCard(key: "a", title: "Apple")]
    let changeset = new.makeChangeset(from: old)
    print(changeset)
    print(OrderedCollectionDiff(changeset))
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[] U[1→0] M[1→0]", "D[] I[] U[1] M[1→0]"])
  }

  func testRowsStoreTheirIdentifier() {
    // snippet: diffing-stored-identifier
    let old = (0..<3).map { DiffingRow(id: $0, title: "Row \($0)") }
    var new = old
    new[1].title = "Renamed"
    new.insert(new.removeLast(), at: 0)
    print(new.makeChangeset(from: old))
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[] U[1→2] M[2→0]"])
  }

  func testClosuresSupplyIdentityAndEquality() {
    // snippet: diffing-closures
    let old = [(sku: 7, price: 100), (sku: 8, price: 250)]
    let new = [(sku: 8, price: 200), (sku: 9, price: 50)]
    let diff = new.diff(from: old, identifiedBy: { $0.sku }, isEqual: { $0.price == $1.price })
    print(diff)
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[0] I[1] U[1] M[]"])
  }

  func testMyersGivesTheShortestScriptAndCanInferMoves() {
    // snippet: diffing-myers
    let old = ["a", "b", "c", "d", "e"]
    let new = ["b", "c", "a", "e", "f"]
    print(new.diff(from: old))
    print(new.diff(from: old, algorithm: .myers()))
    print(new.diff(from: old, algorithm: .myers(inferMoves: true)))
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[3] I[4] U[] M[0→2]", "D[0, 3] I[2, 4] U[] M[]", "D[3] I[4] U[] M[0→2]"])
  }

  func testSectionedChangesetsMatchItemsAcrossSections() {
    // snippet: diffing-sections
    let apple = DiffingCard(key: "a", title: "Apple")
    let bread = DiffingCard(key: "b", title: "Bread")
    let coffee = DiffingCard(key: "c", title: "Coffee")
    let old = [DiffingDeck(name: "todo", cards: [apple, bread]), DiffingDeck(name: "done", cards: [coffee])]
    let new = [
      DiffingDeck(name: "todo", cards: [DiffingCard(key: "a", title: "Apples")]),
      DiffingDeck(name: "done", cards: [coffee, bread]),
    ]
    let changeset = new.makeSectionedChangeset(from: old)
    print(changeset.sectionChangeset)
    print(changeset.itemChangeset)
    print(OrderedCollectionDiff<IndexPath>(changeset))
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "D[] I[] U[] M[]",
        "D[] I[] U[[0, 0]→[0, 0]] M[[0, 1]→[1, 1]]",
        "D[] I[] U[[0, 0]] M[[0, 1]→[1, 1]]",
      ]
    )
    let diff = OrderedCollectionDiff<IndexPath>(changeset)
    XCTAssertNoThrow(try diff.validate(oldItemCounts: [2, 1], newItemCounts: [1, 2], allowsMovedAndUpdated: false))
  }

  func testAnItemCannotMoveIntoAMovingSection() {
    let apple = DiffingCard(key: "a", title: "Apple")
    let bread = DiffingCard(key: "b", title: "Bread")
    let coffee = DiffingCard(key: "c", title: "Coffee")
    let old = [DiffingDeck(name: "todo", cards: [apple, bread]), DiffingDeck(name: "done", cards: [coffee])]
    // snippet: diffing-sections-moved
    let swapped = [
      DiffingDeck(name: "done", cards: [coffee, bread]),
      DiffingDeck(name: "todo", cards: [apple]),
    ]
    let changeset = swapped.makeSectionedChangeset(from: old)
    print(changeset.sectionChangeset)
    print(changeset.itemChangeset)
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[] U[] M[1→0]", "D[[0, 1]] I[[0, 1]] U[] M[]"])
    let diff = OrderedCollectionDiff<IndexPath>(changeset)
    XCTAssertNoThrow(try diff.validate(oldItemCounts: [2, 1], newItemCounts: [2, 1], allowsMovedAndUpdated: false))
  }

  func testASectionComparedWithItsItemsKeepsItsItemChanges() {
    // snippet: diffing-sections-epoxy
    struct Shelf: DiffableSection {
      var name: String
      var cards: [DiffingCard]

      var diffIdentifier: AnyHashable { name }
      var diffableItems: [DiffingCard] { cards }

      // Compares the items too, as Epoxy's wiki does with `==`.
      func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
        guard let other = otherDiffableItem as? Shelf else { return false }
        return name == other.name && cards.map(\.title) == other.cards.map(\.title)
      }
    }
    let old = [Shelf(name: "pantry", cards: [DiffingCard(key: "t", title: "Tea")])]
    let new = [
      Shelf(name: "pantry", cards: [DiffingCard(key: "t", title: "Green tea"), DiffingCard(key: "r", title: "Rice")])
    ]
    let changeset = new.makeSectionedChangeset(from: old)
    print(changeset.sectionChangeset)
    print(changeset.itemChangeset)
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[] U[0→0] M[]", "D[] I[[0, 1]] U[[0, 0]→[0, 0]] M[]"])
  }

  func testDuplicateIdentifiersAreMatchedInOrderAndReported() {
    // snippet: diffing-duplicates
    let previous = TetherLogger.shared
    TetherLogger.shared = TetherLogger(warn: { _, _, _ in print("warned") })
    defer { TetherLogger.shared = previous }
    let changeset = ["b", "a", "a", "a"].makeChangeset(from: ["a", "a", "b"])
    print(changeset)
    // snippet-end
    XCTAssertEqual(printed.lines, ["warned", "D[] I[3] U[] M[2→0] duplicates[[1, 2, 3]]"])
  }

  func testADiffBecomesAChangesetThatReplays() {
    // snippet: diffing-changeset
    let old = ["milk", "eggs", "bread"]
    let new = ["bread", "milk", "coffee"]
    let changeset = OrderedCollectionChangeset(from: old, to: new)
    print(changeset)
    print(old.applying(changeset.patch) == new)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"["bread", "milk", "coffee"] diff D[1] I[2] U[] M[2→0] patch [delete(1), move(1 → 0), insert(coffee, at: 2)]"#,
        "true",
      ]
    )
  }
}
