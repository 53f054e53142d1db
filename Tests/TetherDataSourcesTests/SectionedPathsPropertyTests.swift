import Foundation
import TetherChangesets
import TetherCollections
import TetherDataSources
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import TetherValidatingViews
import XCTest

/// Every public sectioned diff path, on random pairs of sectioned collections, into the
/// validating view; and the validator against the view on random sectioned batches, valid or not.
final class SectionedPathsPropertyTests: XCTestCase {
  fileprivate typealias View = BatchUpdateValidatingView<String>
  fileprivate typealias Shelves = Array2D<Header, Item>

  /// 2,000 random pairs (sections deleted, inserted, moved and retitled; items deleted, inserted,
  /// updated, moved within and across sections) through the Epoxy API, the closure form, the 2D
  /// array's `replace(with:performDiff:)` and `StagedChangeset`: every path gives the same diff,
  /// which is one valid batch but for section updates and reloads of moved items (the only stages
  /// a binder adds, each without intermediate data); the view reports no violation and ends with
  /// the new rows. A second view checks the same batches by a collection view's rules, its cells
  /// dequeued Bond-style with the index path the closure is given.
  func testEverySectionedPathIsOneValidBatchInTheView() throws {
    try MainActor.assumeIsolated {
      let view = View()
      view.recordsCalls = false
      let collectionView = View(mode: .collectionView) { _, _ in "" }
      collectionView.recordsCalls = false
      collectionView.register(ShelfCell.self, forCellWithReuseIdentifier: "shelf")
      let array = MutableObservableArray2D(Shelves())
      let binding = array.bind(to: view, createCell: cell)
      defer { binding.dispose() }
      let collectionBinding = array.bind(to: collectionView) { shelves, indexPath, collectionView in
        _ = collectionView.dequeueReusableCell(withReuseIdentifier: "shelf", for: indexPath)
        return cell(shelves, indexPath, collectionView)
      }
      defer { collectionBinding.dispose() }
      var staged = 0
      // Each pair runs six diffs, a staging and a bound container: about 4 ms in a debug build.
      try withSeeds(0..<10_000) { seed, rng in
        let old = array.collection
        let new = randomShelves(from: old, seed: Int(seed), using: &rng)
        let epoxy = new.sections.map(EpoxySection.init).makeSectionedChangeset(
          from: old.sections.map(EpoxySection.init))
        let closures = SectionedChangeset(
          from: old.sections,
          to: new.sections,
          sectionIdentifiedBy: \.metadata.id,
          isSectionEqual: { $0.metadata == $1.metadata },
          items: \.items,
          itemIdentifiedBy: \.id,
          isItemEqual: ==
        )
        XCTAssertEqual(closures, epoxy, "seed \(seed)")
        let diff = OrderedCollectionDiff<IndexPath>(epoxy)

        // UIKit's one-batch rules, once section updates (refreshes after the batch) are set aside.
        var batch = diff
        batch.updates.removeAll { $0.count == 1 }
        XCTAssertNoThrow(
          try batch.validate(oldItemCounts: itemCounts(old), newItemCounts: itemCounts(new)), "seed \(seed)")
        // StagedChangeset only defers reloads: no stage needs intermediate data.
        do {
          let stages = try StagedChangeset(
            diff: diff, oldItemCounts: itemCounts(old), newItemCounts: itemCounts(new)
          ).stages
          XCTAssertTrue(stages.allSatisfy { $0.sections == nil }, "seed \(seed): \(diff)")
          XCTAssertEqual(stages[0].diff.moves.count, diff.moves.count, "seed \(seed): every move in one batch")
          if stages.count > 1 { staged += 1 }
        } catch {
          XCTFail("seed \(seed): \(error)")
        }
        // The 2D array diffs the same way, and its binder gets the view there without violation.
        let emitted = Locked<OrderedCollectionDiff<IndexPath>?>(nil)
        let probe = array.observeNext { changeset in
          if !changeset.isReload { emitted.withLock { $0 = changeset.diff } }
        }
        array.replace(
          with: new, performDiff: true,
          sectionIdentifiedBy: \.id, isSectionEqual: ==,
          itemIdentifiedBy: \.id, isItemEqual: ==
        )
        probe.dispose()
        XCTAssertEqual(emitted.withLock { $0 }?.sortedForComparison(), diff.sortedForComparison(), "seed \(seed)")
        XCTAssertEqual(view.violations, [], "seed \(seed): \(diff)")
        XCTAssertEqual(view.rows, rows(new), "seed \(seed)")
        XCTAssertEqual(view.sectionTitles, new.sections.map { $0.metadata.description }, "seed \(seed)")
        XCTAssertEqual(collectionView.violations, [], "seed \(seed): \(diff)")
        XCTAssertEqual(collectionView.rows, rows(new), "seed \(seed)")
        if !view.violations.isEmpty { view.resetRecords() }
        if !collectionView.violations.isEmpty { collectionView.resetRecords() }
      }
      XCTAssertGreaterThan(staged, 400, "section updates and moved-and-updated items are common")
      XCTAssertEqual(view.reloadCount, 1, "only the binding reloaded")
    }
  }

  /// Random sectioned batches, valid or broken in every way the view knows: the validator (UIKit
  /// rules, `allowsMovedAndUpdated: false`) rejects exactly the batches the view rejects.
  func testTheValidatorAgreesWithTheViewOnRandomBatches() {
    MainActor.assumeIsolated {
      let view = View()
      view.recordsCalls = false
      let source = CountsDataSource()
      view.sectionedDataSource = source
      var accepted = 0
      var rejected = 0
      withSeeds(0..<4_000) { seed, rng in
        let (diff, oldCounts, newCounts) = randomBatch(using: &rng)
        source.counts = oldCounts
        view.reloadData()
        view.resetRecords()
        source.counts = newCounts
        view.performBatchUpdates({ send(diff, to: view) }, completion: nil)
        let viewAccepts = view.violations.isEmpty
        var validatorAccepts = true
        do {
          try diff.validate(oldItemCounts: oldCounts, newItemCounts: newCounts, allowsMovedAndUpdated: false)
        } catch {
          validatorAccepts = false
        }
        XCTAssertEqual(
          validatorAccepts, viewAccepts,
          "seed \(seed): \(diff) \(oldCounts) -> \(newCounts): view says \(view.violations.map(\.message))")
        if viewAccepts { accepted += 1 } else { rejected += 1 }
      }
      XCTAssertGreaterThan(accepted, 800)
      XCTAssertGreaterThan(rejected, 800)
    }
  }
}

// MARK: Sectioned collections

private struct Header: Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var title: Int
  var description: String { "S\(id).\(title)" }
}

private struct Item: Identifiable, Hashable, Sendable {
  var id: Int
  var value: Int
}

/// The same data as an Epoxy section: identity `id`, content the header only.
private struct EpoxySection: DiffableSection {
  var header: Header
  var items: [EpoxyItem]

  init(_ section: Array2D<Header, Item>.Section) {
    header = section.metadata
    items = section.items.map(EpoxyItem.init)
  }

  var diffIdentifier: AnyHashable { header.id }
  var diffableItems: [EpoxyItem] { items }
  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? EpoxySection)?.header == header
  }
}

private struct EpoxyItem: Diffable {
  var item: Item
  var diffIdentifier: AnyHashable { item.id }
  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? EpoxyItem)?.item == item
  }
}

/// The class registered for the collection view's string cells (the view never creates one).
private final class ShelfCell {}

@MainActor
private func cell(
  _ shelves: Array2D<Header, Item>, _ indexPath: IndexPath, _ view: BatchUpdateValidatingView<String>
)
  -> String
{
  let item = shelves[itemAt: indexPath]
  return "\(item.id).\(item.value)"
}

private func rows(_ shelves: Array2D<Header, Item>) -> [[String]] {
  shelves.sections.map { $0.items.map { "\($0.id).\($0.value)" } }
}

private func itemCounts(_ shelves: Array2D<Header, Item>) -> [Int] {
  shelves.sections.map(\.items.count)
}

/// A random successor of `old` (a fresh collection every 50 seeds): sections deleted, inserted,
/// retitled and shuffled; items deleted, updated, moved anywhere and inserted. Identifiers are
/// unique within a section; some repeat across sections.
private func randomShelves(
  from old: Array2D<Header, Item>,
  seed: Int,
  using rng: inout SeededRandomNumberGenerator
) -> Array2D<Header, Item> {
  var nextID = seed * 100 + 1_000_000
  func fresh(_ rng: inout SeededRandomNumberGenerator) -> [Item] {
    (0..<Int.random(in: 0...5, using: &rng)).map { _ in
      nextID += 1
      return Item(id: nextID, value: 0)
    }
  }
  if seed % 50 == 0 || old.sections.isEmpty {
    return Array2D(
      sections: (0..<Int.random(in: 0...5, using: &rng)).map {
        .init(metadata: Header(id: $0, title: 0), items: fresh(&rng))
      })
  }
  let rate = [0.1, 0.25, 0.5].randomElement(using: &rng)!
  func chance(_ rng: inout SeededRandomNumberGenerator) -> Bool { Double.random(in: 0..<1, using: &rng) < rate }
  var sections: [Array2D<Header, Item>.Section] = []
  for section in old.sections where !chance(&rng) {
    var section = section
    if chance(&rng) { section.metadata.title += 1 }
    sections.append(section)
  }
  let usedIDs = Set(old.sections.map(\.metadata.id))
  var sectionID = (usedIDs.max() ?? 0) + 1
  for _ in 0..<Int.random(in: 0...2, using: &rng) where sections.count < 7 {
    sections.insert(
      .init(metadata: Header(id: sectionID, title: 0), items: fresh(&rng)),
      at: Int.random(in: 0...sections.count, using: &rng))
    sectionID += 1
  }
  if chance(&rng) { sections.shuffle(using: &rng) }
  var loose: [Item] = []
  for s in sections.indices {
    sections[s].items = sections[s].items.compactMap { item in
      if chance(&rng) { return nil }
      var item = item
      if chance(&rng) { item.value += 1 }
      if chance(&rng) {
        loose.append(item)
        return nil
      }
      return item
    }
  }
  loose += fresh(&rng)
  if !sections.isEmpty {
    for item in loose {
      let s = Int.random(in: 0..<sections.count, using: &rng)
      guard !sections[s].items.contains(where: { $0.id == item.id }) else { continue }
      sections[s].items.insert(item, at: Int.random(in: 0...sections[s].items.count, using: &rng))
    }
    // Now and then an identifier repeated in another section (not a duplicate: unique per section).
    if chance(&rng), let item = sections.flatMap(\.items).randomElement(using: &rng) {
      let s = Int.random(in: 0..<sections.count, using: &rng)
      if !sections[s].items.contains(where: { $0.id == item.id }) { sections[s].items.append(item) }
    }
  }
  return Array2D(sections: sections)
}

extension OrderedCollectionDiff where Index == IndexPath {
  fileprivate func sortedForComparison() -> Self {
    let precedes: (IndexPath, IndexPath) -> Bool = { $0.lexicographicallyPrecedes($1) }
    return OrderedCollectionDiff(
      inserts: inserts.sorted(by: precedes),
      deletes: deletes.sorted(by: precedes),
      updates: updates.sorted(by: precedes),
      moves: moves.sorted { precedes($0.from, $1.from) }
    )
  }
}

// MARK: Random batches

/// Item counts per section, for a view fed raw batches.
@MainActor
private final class CountsDataSource: SectionedViewDataSource {
  var counts: [Int] = []
  func numberOfSections() -> Int { counts.count }
  func numberOfItems(inSection section: Int) -> Int { counts[section] }
  func cellForItem(at indexPath: IndexPath) -> String { "\(indexPath)" }
  func titleForHeader(inSection section: Int) -> String? { nil }
}

@MainActor
private func send(_ diff: OrderedCollectionDiff<IndexPath>, to view: BatchUpdateValidatingView<String>) {
  for path in diff.deletes {
    if path.count == 1 {
      view.deleteSections([path[0]], with: .automatic)
    } else {
      view.deleteRows(at: [path], with: .automatic)
    }
  }
  for path in diff.inserts {
    if path.count == 1 {
      view.insertSections([path[0]], with: .automatic)
    } else {
      view.insertRows(at: [path], with: .automatic)
    }
  }
  for path in diff.updates {
    if path.count == 1 {
      view.reloadSections([path[0]], with: .automatic)
    } else {
      view.reloadRows(at: [path], with: .automatic)
    }
  }
  for move in diff.moves {
    if move.from.count == 1 {
      view.moveSection(move.from[0], toSection: move.to[0])
    } else {
      view.moveRow(at: move.from, to: move.to)
    }
  }
}

/// A random sectioned batch that is valid by construction (section changes, then item changes in
/// surviving sections, item moves anywhere), then, half of the time, broken: an entry duplicated
/// or pointed elsewhere, an item change put in a changed or moved section, a count changed, an
/// item both moved and updated.
private func randomBatch(
  using rng: inout SeededRandomNumberGenerator
) -> (OrderedCollectionDiff<IndexPath>, [Int], [Int]) {
  let oldCounts = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0...4, using: &rng) }
  let sections = randomDiff(oldCount: oldCounts.count, changeRate: 0.3, using: &rng)
  var diff = OrderedCollectionDiff<IndexPath>(
    inserts: sections.inserts.map { [$0] },
    deletes: sections.deletes.map { [$0] },
    updates: sections.updates.map { [$0] },
    moves: sections.moves.map { (from: [$0.from], to: [$0.to]) }
  )
  let newSectionCount = oldCounts.count - sections.deletes.count + sections.inserts.count
  let origins = batchApplying(
    sections, to: Array(oldCounts.indices), reading: Array(repeating: -1, count: newSectionCount))
  let reloaded = Set(sections.updates)
  let movedTargets = Set(sections.moves.map(\.to))
  // New sections whose rows persist, and those that may take part in row moves.
  let persisting = origins.indices.filter { origins[$0] >= 0 && !reloaded.contains(origins[$0]) }
  let movable = persisting.filter { !movedTargets.contains($0) }
  var newCounts = (0..<newSectionCount).map { _ in Int.random(in: 0...4, using: &rng) }
  for new in persisting { newCounts[new] = oldCounts[origins[new]] }
  var incoming = [[IndexPath]](repeating: [], count: newSectionCount)
  for new in persisting {
    let old = origins[new]
    for row in 0..<oldCounts[old] {
      switch Int.random(in: 0..<6, using: &rng) {
      case 0:
        diff.deletes.append([old, row])
        newCounts[new] -= 1
      case 1 where movable.contains(new):
        let target = movable.randomElement(using: &rng)!
        incoming[target].append([old, row])
        newCounts[new] -= 1
        newCounts[target] += 1
      case 2:
        diff.updates.append([old, row])
      default:
        break
      }
    }
  }
  for new in persisting {
    let inserts = Int.random(in: 0...1, using: &rng)
    newCounts[new] += inserts
    var slots = Array(0..<newCounts[new])
    slots.shuffle(using: &rng)
    for slot in slots.prefix(inserts) { diff.inserts.append([new, slot]) }
    for (source, slot) in zip(incoming[new], slots.dropFirst(inserts)) {
      diff.moves.append((from: source, to: [new, slot]))
    }
  }
  guard Bool.random(using: &rng) else { return (diff, oldCounts, newCounts) }
  // Break it (some breakages happen to keep it valid: the view decides, the validator must agree).
  func anyPath(_ counts: [Int], _ rng: inout SeededRandomNumberGenerator) -> IndexPath {
    let section = Int.random(in: -1...counts.count, using: &rng)
    let limit = section >= 0 && section < counts.count ? counts[section] : 2
    return [section, Int.random(in: -1...limit, using: &rng)]
  }
  switch Int.random(in: 0..<8, using: &rng) {
  case 0: if let delete = diff.deletes.randomElement(using: &rng) { diff.deletes.append(delete) }
  case 1: diff.inserts.append(anyPath(newCounts, &rng))
  case 2: diff.deletes.append(anyPath(oldCounts, &rng))
  case 3: diff.updates.append(anyPath(oldCounts, &rng))
  case 4: diff.moves.append((from: anyPath(oldCounts, &rng), to: anyPath(newCounts, &rng)))
  case 5: if !newCounts.isEmpty { newCounts[Int.random(in: 0..<newCounts.count, using: &rng)] += 1 }
  case 6: if let move = diff.moves.randomElement(using: &rng) { diff.updates.append(move.from) }
  default:
    if oldCounts.count > 1 && newSectionCount > 0 {
      diff.moves.append((from: [0], to: [Int.random(in: 0..<newSectionCount, using: &rng)]))
    }
  }
  return (diff, oldCounts, newCounts)
}
