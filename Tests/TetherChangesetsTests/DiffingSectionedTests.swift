import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

/// A section of `DiffableItem`s: identity `id`, content `title` (items are not part of it).
struct TestSection: DiffableSection, CustomStringConvertible {
  var id: Int
  var title: Int
  var items: [DiffableItem]

  init(_ id: Int, title: Int = 0, _ items: [DiffItem]) {
    self.id = id
    self.title = title
    self.items = items.map(DiffableItem.init)
  }

  var diffIdentifier: AnyHashable { id }
  var diffableItems: [DiffableItem] { items }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? TestSection)?.title == title
  }

  var description: String { "S\(id)\(title == 0 ? "" : ":\(title)")\(items.map(\.item))" }
}

final class DiffingSectionedTests: XCTestCase {
  private let warnings = DiffWarningCounter()

  override func setUp() {
    warnings.install(during: self)
  }

  func testItemMovingAcrossSectionsIsOneMove() {
    let old = [TestSection(0, [DiffItem(1), DiffItem(2)]), TestSection(1, [DiffItem(3)])]
    let new = [TestSection(0, [DiffItem(2)]), TestSection(1, [DiffItem(3), DiffItem(1)])]
    let changeset = new.makeSectionedChangeset(from: old)
    XCTAssertTrue(changeset.sectionChangeset.isEmpty)
    XCTAssertEqual(changeset.itemChangeset, IndexPathChangeset(moves: [(old: [0, 0], new: [1, 1])]))
    XCTAssertNil(sectionedViolation(changeset, old: old, new: new))
  }

  func testItemsOfMovedSectionsKeepTheirPlaces() {
    let old = [TestSection(0, [DiffItem(1)]), TestSection(1, [DiffItem(2), DiffItem(3)])]
    let new = [TestSection(1, [DiffItem(2), DiffItem(3, 1), DiffItem(4)]), TestSection(0, [DiffItem(1)])]
    let changeset = new.makeSectionedChangeset(from: old)
    XCTAssertEqual(changeset.sectionChangeset, IndexChangeset(moves: [(old: 1, new: 0)]))
    XCTAssertEqual(
      changeset.itemChangeset,
      IndexPathChangeset(inserts: [[0, 2]], updates: [(old: [1, 1], new: [0, 1])])
    )
    XCTAssertNil(sectionedViolation(changeset, old: old, new: new))
  }

  /// A section whose own content changed is an update, and its items are still listed (Epoxy's
  /// rule): an item leaving it for another section is one move.
  func testUpdatedSectionStillListsItsItems() {
    let old = [TestSection(0, [DiffItem(1), DiffItem(2)]), TestSection(1, [DiffItem(3)])]
    let new = [TestSection(0, title: 1, [DiffItem(2), DiffItem(5)]), TestSection(1, [DiffItem(1), DiffItem(3)])]
    let changeset = new.makeSectionedChangeset(from: old)
    XCTAssertEqual(changeset.sectionChangeset, IndexChangeset(updates: [(old: 0, new: 0)]))
    XCTAssertEqual(
      changeset.itemChangeset, IndexPathChangeset(inserts: [[0, 1]], moves: [(old: [0, 0], new: [1, 0])]))
    XCTAssertNil(sectionedViolation(changeset, old: old, new: new))
  }

  /// UIKit cannot move a row into, out of or within a section that moves in the same batch: such
  /// an item is a delete and an insert, so the changeset stays one valid batch.
  func testItemMovesTouchingAMovedSectionAreDeletesAndInserts() {
    let old = [TestSection(0, [DiffItem(1), DiffItem(2)]), TestSection(1, [DiffItem(3), DiffItem(4), DiffItem(5)])]
    let new = [
      TestSection(1, [DiffItem(5), DiffItem(3), DiffItem(4, 1), DiffItem(2)]),
      TestSection(0, [DiffItem(1)]),
    ]
    let changeset = new.makeSectionedChangeset(from: old)
    XCTAssertEqual(changeset.sectionChangeset, IndexChangeset(moves: [(old: 1, new: 0)]))
    XCTAssertEqual(
      changeset.itemChangeset,
      IndexPathChangeset(
        inserts: [[0, 0], [0, 3]], deletes: [[0, 1], [1, 2]], updates: [(old: [1, 1], new: [0, 2])])
    )
    XCTAssertNil(sectionedViolation(changeset, old: old, new: new))
  }

  /// Identifiers need only be unique within a section (Epoxy's rule): the same identifier in two
  /// sections names two items, matched within their own sections and never reported.
  func testAnIdentifierRepeatedInTwoSectionsIsNotADuplicate() {
    let old = [TestSection(0, [DiffItem(1), DiffItem(2)]), TestSection(1, [DiffItem(1), DiffItem(3)])]
    let new = [TestSection(0, [DiffItem(2), DiffItem(1, 1)]), TestSection(1, [DiffItem(3), DiffItem(1)])]
    let changeset = new.makeSectionedChangeset(from: old)
    XCTAssertEqual(warnings.count, 0)
    XCTAssertEqual(changeset.itemChangeset.duplicates, [])
    XCTAssertEqual(
      changeset.itemChangeset,
      IndexPathChangeset(
        updates: [(old: [0, 0], new: [0, 1])], moves: [(old: [0, 1], new: [0, 0]), (old: [1, 1], new: [1, 0])])
    )
    XCTAssertNil(sectionedViolation(changeset, old: old, new: new))
  }

  /// Items of inserted and deleted sections are not listed either.
  func testInsertedAndDeletedSections() {
    let old = [TestSection(0, [DiffItem(1)]), TestSection(1, [DiffItem(2)])]
    let new = [TestSection(2, [DiffItem(1), DiffItem(9)]), TestSection(1, [DiffItem(2)])]
    let changeset = new.makeSectionedChangeset(from: old)
    XCTAssertEqual(changeset.sectionChangeset, IndexChangeset(inserts: [0], deletes: [0]))
    XCTAssertTrue(changeset.itemChangeset.isEmpty)
    let diff = OrderedCollectionDiff<IndexPath>(changeset)
    XCTAssertEqual(diff, OrderedCollectionDiff(inserts: [[0]], deletes: [[0]]))
  }

  /// The example of Epoxy's wiki, with sections matched by identifier.
  func testEpoxyWikiExample() {
    let section1 = TestSection(1, [DiffItem(0), DiffItem(1), DiffItem(2), DiffItem(3)])
    let section2 = TestSection(2, [DiffItem(2), DiffItem(3), DiffItem(4), DiffItem(0)])
    let section3 = TestSection(1, [DiffItem(3), DiffItem(4), DiffItem(5)])
    let changeset = [section3].makeSectionedChangeset(from: [section1, section2])
    XCTAssertEqual(changeset.sectionChangeset, IndexChangeset(deletes: [1]))
    XCTAssertNil(sectionedViolation(changeset, old: [section1, section2], new: [section3]))
    XCTAssertEqual(warnings.count, 0)
  }

  func testClosureFormMatchesDiffableForm() {
    withSeeds(0..<100) { seed, rng in
      let (old, new) = randomSections(using: &rng, duplicates: false)
      let closure = SectionedChangeset(
        from: old,
        to: new,
        sectionIdentifiedBy: \.id,
        isSectionEqual: { $0.title == $1.title },
        items: { $0.items.map(\.item) },
        itemIdentifiedBy: \.id,
        isItemEqual: ==
      )
      XCTAssertEqual(closure, new.makeSectionedChangeset(from: old), "seed \(seed)")
    }
  }

  /// Random sections and items: the diff passes the sectioned validator, replays, matches every
  /// possible item, updates exactly the changed ones and moves the fewest.
  func testRandomSections() {
    var failures = 0
    withSeeds(100..<2_100) { seed, rng in
      guard failures < 5 else { return }
      let (old, new) = randomSections(using: &rng, duplicates: seed % 5 == 0)
      let changeset = new.makeSectionedChangeset(from: old)
      if let violation = sectionedViolation(changeset, old: old, new: new) {
        failures += 1
        XCTFail("seed \(seed): \(violation)\nold \(old)\nnew \(new)\n\(changeset)")
      }
    }
  }

  func testDuplicatesAreReportedOncePerDiff() {
    let old = [TestSection(0, [DiffItem(1), DiffItem(1)]), TestSection(0, [DiffItem(2)])]
    let new = [TestSection(0, [DiffItem(1)]), TestSection(0, [DiffItem(2), DiffItem(2)])]
    let before = warnings.count
    let changeset = new.makeSectionedChangeset(from: old)
    XCTAssertEqual(warnings.count, before + 1)
    XCTAssertEqual(changeset.sectionChangeset.duplicates, [[0, 1]])
    // Only identifiers repeated within one section are duplicates.
    XCTAssertEqual(changeset.itemChangeset.duplicates, [[[1, 0], [1, 1]]])
    XCTAssertNil(sectionedViolation(changeset, old: old, new: new))
  }
}

/// Random old and new sections: sections deleted, inserted, moved and retitled; items deleted,
/// inserted, updated, and moved within and across sections.
func randomSections(
  using rng: inout SeededRandomNumberGenerator,
  duplicates: Bool
) -> (old: [TestSection], new: [TestSection]) {
  var nextItem = 0
  func freshItems(_ rng: inout SeededRandomNumberGenerator) -> [DiffItem] {
    (0..<Int.random(in: 0...6, using: &rng)).map { _ in
      defer { nextItem += 1 }
      return DiffItem(nextItem)
    }
  }
  let old = (0..<Int.random(in: 0...7, using: &rng)).map { TestSection($0, freshItems(&rng)) }
  let rate = [0.1, 0.3, 0.6].randomElement(using: &rng)!
  func chance(_ rng: inout SeededRandomNumberGenerator) -> Bool { Double.random(in: 0..<1, using: &rng) < rate }
  var sections: [TestSection] = []
  for section in old where !chance(&rng) {
    var section = section
    if chance(&rng) { section.title += 1 }
    sections.append(section)
  }
  for id in old.count..<(old.count + Int.random(in: 0...2, using: &rng)) {
    sections.insert(TestSection(id, freshItems(&rng)), at: Int.random(in: 0...sections.count, using: &rng))
  }
  if chance(&rng) { sections.shuffle(using: &rng) }
  // Items: delete, update, move anywhere, insert fresh.
  var loose: [DiffableItem] = []
  for s in sections.indices {
    sections[s].items = sections[s].items.compactMap { item in
      if chance(&rng) { return nil }
      var item = item
      if chance(&rng) { item.item.value += 1 }
      if chance(&rng) {
        loose.append(item)
        return nil
      }
      return item
    }
  }
  loose += freshItems(&rng).map(DiffableItem.init)
  if !sections.isEmpty {
    for item in loose {
      let s = Int.random(in: 0..<sections.count, using: &rng)
      sections[s].items.insert(item, at: Int.random(in: 0...sections[s].items.count, using: &rng))
    }
  }
  var oldSections = old
  if duplicates && !sections.isEmpty && !oldSections.isEmpty {
    let s = Int.random(in: 0..<sections.count, using: &rng)
    if let copy = sections.flatMap(\.items).randomElement(using: &rng) {
      sections[s].items.append(copy)
    }
    oldSections.append(TestSection(oldSections[0].id, []))
  }
  return (oldSections, sections)
}

/// Checks a sectioned changeset independently of the engine; returns the first violation.
///
/// Section updates are refreshes of a section's own content (its items stay listed), applied
/// after the batch; everything else must be one valid batch.
func sectionedViolation(_ changeset: SectionedChangeset, old: [TestSection], new: [TestSection]) -> String? {
  var diff = OrderedCollectionDiff<IndexPath>(changeset)
  diff.updates.removeAll { $0.count == 1 }
  do {
    try ChangesetValidator.validate(diff, oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count))
  } catch {
    return "invalid: \(error)"
  }
  // Sections: a flat diff of section identities and titles.
  let sectionDiff = OrderedCollectionDiff(changeset.sectionChangeset)
  if let violation = diffViolation(
    sectionDiff,
    old: old,
    new: new,
    id: \.id,
    isEqual: { $0.title == $1.title }
  ) {
    return "sections: \(violation)"
  }
  // Where each new section comes from, when matched (updated or not).
  var sourceSection = [Int?](repeating: nil, count: new.count)
  var sectionMoves = sectionDiff
  sectionMoves.updates = []
  let replayed = batchApplying(sectionMoves, to: Array(old.indices), reading: [Int](repeating: -1, count: new.count))
  for (t, s) in replayed.enumerated() where s >= 0 { sourceSection[t] = s }
  let movedOld = Set(sectionDiff.moves.map(\.from))
  let movedNew = Set(sectionDiff.moves.map(\.to))
  let items = changeset.itemChangeset
  var sourceOf: [IndexPath: IndexPath] = [:]
  var crossMoves = 0
  var keptRuns = 0
  for (t, origin) in sourceSection.enumerated() {
    guard let s = origin else { continue }
    let leaving = Set(
      items.deletes.filter { $0[0] == s }.map { $0[1] } + items.moves.filter { $0.old[0] == s }.map(\.old[1]))
    let arriving = Set(
      items.inserts.filter { $0[0] == t }.map { $0[1] } + items.moves.filter { $0.new[0] == t }.map(\.new[1]))
    let survivors = old[s].items.indices.filter { !leaving.contains($0) }
    let places = new[t].items.indices.filter { !arriving.contains($0) }
    guard survivors.count == places.count else { return "section \(s)→\(t): counts do not add up" }
    for (row, place) in zip(survivors, places) { sourceOf[[t, place]] = [s, row] }
    for move in items.moves where move.new[0] == t {
      sourceOf[move.new] = move.old
      if move.old[0] != s { crossMoves += 1 }
    }
    // Items that stayed in this section pair, in new order, by old row.
    let staying = new[t].items.indices.compactMap { row -> Int? in
      guard let source = sourceOf[[t, row]], source[0] == s else { return nil }
      return source[1]
    }
    keptRuns += staying.count - _testLongestIncreasingLength(staying)
  }
  if items.moves.count != crossMoves + keptRuns {
    return "\(items.moves.count) item moves, minimal is \(crossMoves + keptRuns)"
  }
  let updated = Set(items.updates.map(\.old))
  var matched = Set<Int>()
  for (path, source) in sourceOf {
    let newItem = new[path[0]].items[path[1]].item
    let oldItem = old[source[0]].items[source[1]].item
    if newItem.id != oldItem.id { return "item \(source) ends at \(path) with another identity" }
    if updated.contains(source) == (newItem == oldItem) { return "item \(source) update flag is wrong" }
    matched.insert(newItem.id)
  }
  // With unique identifiers, every item found in matched sections on both sides is matched,
  // unless it would have to move into, out of or within a moved section.
  var oldPlace: [Int: (section: Int, row: Int)] = [:]
  var newPlace: [Int: (section: Int, row: Int)] = [:]
  var unique = true
  for (t, origin) in sourceSection.enumerated() {
    guard let s = origin else { continue }
    for (row, item) in old[s].items.enumerated() where oldPlace.updateValue((s, row), forKey: item.item.id) != nil {
      unique = false
    }
    for (row, item) in new[t].items.enumerated() where newPlace.updateValue((t, row), forKey: item.item.id) != nil {
      unique = false
    }
  }
  guard unique else { return nil }
  for (id, to) in newPlace {
    guard let from = oldPlace[id], !matched.contains(id) else { continue }
    if !movedOld.contains(from.section) && !movedNew.contains(to.section) {
      return "item \(id) is not matched from \(from) to \(to)"
    }
  }
  return nil
}
