import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

extension String: Diffable {
  /// Equal strings are equal items.
  public func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? String) == self
  }

  /// A string is its own identity.
  public var diffIdentifier: AnyHashable { self }
}

/// An element that is `Identifiable`, `Hashable` and `Diffable` at once: `Diffable` decides.
struct EverythingItem: Identifiable, Hashable, Diffable {
  var id: Int
  var diffID: Int
  var diffIdentifier: AnyHashable { diffID }
  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool { true }
}

/// The section type of Epoxy's wiki: sections compare equal only when their items are equal too.
/// (The wiki declares `diffIdentifier` as a `String` and passes numbers; here it is an `Int`.)
struct StringSection: DiffableSection, Equatable {
  let id: Int
  let diffableItems: [String]

  init(diffIdentifier: Int, diffableItems: [String]) {
    id = diffIdentifier
    self.diffableItems = diffableItems
  }

  var diffIdentifier: AnyHashable { id }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    guard let otherSection = otherDiffableItem as? StringSection else { return false }
    return self == otherSection
  }
}

/// Readable, hand-picked diffs.
final class DiffingExamplesTests: XCTestCase {
  private let warnings = DiffWarningCounter(keepsMessages: true)

  override func setUp() {
    warnings.install(during: self)
  }

  /// The example of Epoxy's wiki: the receiver is the new state.
  func testEpoxyWikiExample() {
    let old = ["a", "b", "c", "d"]
    let new = ["c", "d", "e", "a"]
    let changeset = new.makeChangeset(from: old)
    // "c" and "d" keep their order; "a" moves behind them, "b" goes, "e" comes.
    XCTAssertEqual(changeset, IndexChangeset(inserts: [2], deletes: [1], moves: [(old: 0, new: 3)]))
    XCTAssertEqual(OrderedCollectionDiff(changeset), new.diff(from: old))
  }

  /// The sectioned example of Epoxy's wiki, with its `StringSection` (whose equality includes the
  /// items): the changed section is an update and its item changes are listed (Epoxy's rule),
  /// rather than a reload that loses every item animation.
  func testEpoxyWikiSectionedExampleListsItemChanges() {
    let section1 = StringSection(diffIdentifier: 1, diffableItems: ["a", "b", "c", "d"])
    let section2 = StringSection(diffIdentifier: 2, diffableItems: ["c", "d", "e", "a"])
    let section3 = StringSection(diffIdentifier: 1, diffableItems: ["d", "e", "f"])
    let changeset = [section1, section2].makeSectionedChangeset(from: [section3])
    XCTAssertEqual(changeset.sectionChangeset, IndexChangeset(inserts: [1], updates: [(old: 0, new: 0)]))
    XCTAssertEqual(
      changeset.itemChangeset,
      IndexPathChangeset(inserts: [[0, 0], [0, 1], [0, 2]], deletes: [[0, 1], [0, 2]])
    )
    // And back: the deleted section's items are not listed, the kept one's are.
    let back = [section3].makeSectionedChangeset(from: [section1, section2])
    XCTAssertEqual(back.sectionChangeset, IndexChangeset(deletes: [1], updates: [(old: 0, new: 0)]))
    XCTAssertEqual(
      back.itemChangeset, IndexPathChangeset(inserts: [[0, 1], [0, 2]], deletes: [[0, 0], [0, 1], [0, 2]]))
    XCTAssertEqual(warnings.count, 0)
  }

  /// Items of two kept `StringSection`s share identifiers ("c", "d", "a"): unique within each
  /// section is enough, so nothing is reported and each section's items are diffed on their own.
  func testEpoxyWikiSectionsSharingItemsAreNotDuplicates() {
    let old = [
      StringSection(diffIdentifier: 1, diffableItems: ["a", "b", "c", "d"]),
      StringSection(diffIdentifier: 2, diffableItems: ["c", "d", "e", "a"]),
    ]
    let new = [
      StringSection(diffIdentifier: 1, diffableItems: ["a", "c", "d"]),
      StringSection(diffIdentifier: 2, diffableItems: ["c", "d", "e", "a", "b"]),
    ]
    let changeset = new.makeSectionedChangeset(from: old)
    XCTAssertEqual(warnings.count, 0, warnings.message ?? "")
    XCTAssertEqual(changeset.itemChangeset.duplicates, [])
    XCTAssertEqual(changeset.sectionChangeset, IndexChangeset(updates: [(old: 0, new: 0), (old: 1, new: 1)]))
    // "b" leaves section 1 and an item "b" appears in section 2: the only one of each left over,
    // so it is one move across sections.
    XCTAssertEqual(changeset.itemChangeset, IndexPathChangeset(moves: [(old: [0, 1], new: [1, 4])]))
  }

  /// One element taken from the end to the front is one move, not four.
  func testMovesAreMinimal() {
    XCTAssertEqual(
      ["e", "a", "b", "c", "d"].diff(from: ["a", "b", "c", "d", "e"]),
      OrderedCollectionDiff(moves: [(from: 4, to: 0)])
    )
    // Reversing n elements keeps one in place and moves the other n - 1.
    XCTAssertEqual(Array((0..<6).reversed()).diff(from: Array(0..<6)).moves.count, 5)
    // Swapping two neighbours is one move.
    XCTAssertEqual([1, 0, 2, 3].diff(from: [0, 1, 2, 3]).moves.count, 1)
  }

  /// Only elements whose content changed are updates; moved and changed elements are both.
  func testUpdatesAreExact() {
    let old = [DiffItem(1, 0), DiffItem(2, 0), DiffItem(3, 0)]
    let new = [DiffItem(3, 7), DiffItem(1, 0), DiffItem(2, 5)]
    let changeset = new.makeChangeset(from: old)
    XCTAssertEqual(changeset.updates.map(\.old), [1, 2])
    XCTAssertEqual(changeset.updates.map(\.new), [2, 0])
    XCTAssertEqual(changeset.moves.map(\.old), [2])
    XCTAssertEqual(new.diff(from: old), OrderedCollectionDiff(updates: [1, 2], moves: [(from: 2, to: 0)]))
  }

  func testEmptySides() {
    XCTAssertEqual([DiffItem(1), DiffItem(2)].diff(from: []), OrderedCollectionDiff(inserts: [0, 1]))
    XCTAssertEqual([DiffItem]().diff(from: [DiffItem(1), DiffItem(2)]), OrderedCollectionDiff(deletes: [0, 1]))
    XCTAssertTrue([DiffItem]().diff(from: []).isEmpty)
    XCTAssertTrue([1, 2, 3].makeChangeset(from: [1, 2, 3]).isEmpty)
  }

  /// Duplicates: the k-th old copy goes with the k-th new copy, extras are inserted or deleted,
  /// and the diff says so once through the logger.
  func testDuplicateIdentifiers() {
    let changeset = ["b", "a", "a", "a"].makeChangeset(from: ["a", "a", "b"])
    XCTAssertEqual(changeset.duplicates, [[1, 2, 3]])
    XCTAssertEqual(changeset.inserts, [3])
    XCTAssertEqual(changeset.moves.map(\.old), [2])
    XCTAssertEqual(warnings.count, 1)
    XCTAssertEqual(
      warnings.message,
      "Diffing collections with duplicate identifiers: 1 in the old collection (e.g. \"a\" at offsets [0, 1]), "
        + "1 in the new collection (e.g. \"a\" at offsets [1, 2, 3]). The k-th copy in the old collection is matched "
        + "with the k-th copy in the new one and extra copies are deleted or inserted; make identifiers unique for "
        + "meaningful animations."
    )
    // Myers without move inference matches by position: duplicates are fine there.
    _ = ["b", "a", "a"].diff(from: ["a", "a", "b"], algorithm: .myers())
    XCTAssertEqual(warnings.count, 1)
  }

  func testMyersGivesTheShortestScript() {
    let old = ["a", "b", "c"]
    let new = ["c", "a", "b"]
    XCTAssertEqual(new.diff(from: old), OrderedCollectionDiff(moves: [(from: 2, to: 0)]))
    XCTAssertEqual(new.diff(from: old, algorithm: .myers()), OrderedCollectionDiff(inserts: [0], deletes: [2]))
    XCTAssertEqual(
      new.diff(from: old, algorithm: .myers(inferMoves: true)),
      OrderedCollectionDiff(moves: [(from: 2, to: 0)])
    )
    // Myers keeps the longest common subsequence where Heckel moves fewer elements in total.
    let text = Array("abcabba")
    let other = Array("cbabac")
    let script = other.diff(from: text, algorithm: .myers())
    XCTAssertEqual(script.deletes.count + script.inserts.count, 5)
  }

  /// Elements that are neither `Identifiable` nor `Hashable`: identity and equality by closures.
  func testClosureForm() {
    struct Row {
      var key: String
      var title: String
    }
    let old = [Row(key: "x", title: "X"), Row(key: "y", title: "Y")]
    let new = [Row(key: "y", title: "Y!"), Row(key: "z", title: "Z")]
    let diff = new.diff(from: old, identifiedBy: \.key, isEqual: { $0.title == $1.title })
    XCTAssertEqual(diff, OrderedCollectionDiff(inserts: [1], deletes: [0], updates: [1]))
    XCTAssertEqual(
      OrderedCollectionDiff(from: old, to: new, identifiedBy: \.key, isEqual: { $0.title == $1.title }), diff)
    let changeset = OrderedCollectionChangeset(
      from: old, to: new, identifiedBy: \.key, isEqual: { $0.title == $1.title })
    XCTAssertEqual(changeset.diff, diff)
  }

  /// A type that is `Identifiable`, `Hashable` and `Diffable` compiles unambiguously and is diffed
  /// by `diffIdentifier`.
  func testMostSpecificKindWins() {
    let old = [EverythingItem(id: 1, diffID: 10), EverythingItem(id: 2, diffID: 20)]
    let new = [EverythingItem(id: 3, diffID: 20), EverythingItem(id: 4, diffID: 10)]
    XCTAssertEqual(new.diff(from: old).moves.count, 1)
    XCTAssertEqual(new.makeChangeset(from: old).moves.count, 1)
    XCTAssertEqual(OrderedCollectionChangeset(from: old, to: new).diff.moves.count, 1)
    // `Identifiable & Hashable` goes by `id` and `==`.
    let items = [DiffItem(1, 1), DiffItem(2, 0)]
    XCTAssertEqual(
      [DiffItem(2, 0), DiffItem(1, 2)].diff(from: items), OrderedCollectionDiff(updates: [0], moves: [(from: 1, to: 0)])
    )
  }

  func testChangesetFromDiffReplays() {
    let old = [DiffItem(1), DiffItem(2), DiffItem(3), DiffItem(4)]
    let new = [DiffItem(4), DiffItem(2, 1), DiffItem(5), DiffItem(1)]
    for algorithm in [DiffAlgorithm.heckel, .myers(), .myers(inferMoves: true)] {
      let changeset = OrderedCollectionChangeset(from: old, to: new, algorithm: algorithm)
      XCTAssertEqual(changeset.collection, new)
      assertReplays(changeset, from: old, "\(algorithm)")
    }
  }

  func testConversionsAndDescriptions() {
    let changeset = IndexChangeset(inserts: [0], deletes: [1], updates: [(old: 2, new: 3)], moves: [(old: 0, new: 4)])
    XCTAssertEqual(changeset.description, "D[1] I[0] U[2→3] M[0→4]")
    XCTAssertEqual(
      OrderedCollectionDiff(changeset),
      OrderedCollectionDiff(inserts: [0], deletes: [1], updates: [2], moves: [(from: 0, to: 4)])
    )
    let paths = IndexPathChangeset(inserts: [[0, 1]], moves: [(old: [0, 0], new: [1, 0])])
    XCTAssertEqual(
      OrderedCollectionDiff(paths),
      OrderedCollectionDiff(inserts: [[0, 1]], moves: [(from: [0, 0], to: [1, 0])])
    )
    let sectioned = SectionedChangeset(
      sectionChangeset: IndexChangeset(inserts: [2], updates: [(old: 1, new: 1)]), itemChangeset: paths)
    XCTAssertEqual(
      OrderedCollectionDiff(sectioned),
      OrderedCollectionDiff(inserts: [[2], [0, 1]], updates: [[1]], moves: [(from: [0, 0], to: [1, 0])])
    )
    XCTAssertFalse(sectioned.isEmpty)
    XCTAssertTrue(SectionedChangeset().isEmpty)
  }
}
