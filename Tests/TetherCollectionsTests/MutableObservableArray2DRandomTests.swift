import Foundation
import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

/// Seeded random mutation sequences on 2D arrays: every changeset replays (patch, diff validity,
/// derived patch) from the previous one, including whole-array sectioned replacements.
final class MutableObservableArray2DRandomTests: XCTestCase {
  // Duplicates are used on purpose; keep the logger's warnings out of the output.
  override func setUp() {
    silenceTetherWarnings()
  }

  private func randomArray2D(_ rng: inout SeededRandomNumberGenerator, next: inout Int) -> Array2D<Int, Int> {
    Array2D(
      sectionsWithItems: (0..<Int.random(in: 0..<4, using: &rng)).map { _ in
        next += 1
        let metadata = next
        let items = (0..<Int.random(in: 0..<4, using: &rng)).map { _ -> Int in
          next += 1
          return next
        }
        return (metadata, items)
      })
  }

  func testRandomMutationSequencesReplay() {
    withSeeds(0..<60) { seed, rng in
      var next = 0
      let array = MutableObservableArray2D(randomArray2D(&rng, next: &next))
      let log = ChangesetLog(array)
      for step in 0..<30 {
        let current = array.collection
        let sections = current.numberOfSections
        let itemPaths = current.sections.indices.flatMap { s in
          current.sections[s].items.indices.map { IndexPath(indexes: [s, $0]) }
        }
        next += 1
        let kind = sections == 0 ? 0 : Int.random(in: 0..<14, using: &rng)
        switch kind {
        case 0:
          array.appendSection(next, items: [next + 1000])
        case 1:
          array.insert(section: .init(metadata: next), at: Int.random(in: 0...sections, using: &rng))
        case 2:
          array.removeSection(at: Int.random(in: 0..<sections, using: &rng))
        case 3:
          array.moveSection(
            from: Int.random(in: 0..<sections, using: &rng), to: Int.random(in: 0..<sections, using: &rng))
        case 4:
          array.appendItem(next, toSectionAt: Int.random(in: 0..<sections, using: &rng))
        case 5:
          let section = Int.random(in: 0..<sections, using: &rng)
          array.insert(
            item: next, at: [section, Int.random(in: 0...current.sections[section].items.count, using: &rng)])
        case 6 where !itemPaths.isEmpty:
          array.removeItem(at: itemPaths.randomElement(using: &rng)!)
        case 7 where !itemPaths.isEmpty:
          let from = itemPaths.randomElement(using: &rng)!
          let section = Int.random(in: 0..<sections, using: &rng)
          let count = current.sections[section].items.count - (section == from[0] ? 1 : 0)
          array.moveItem(from: from, to: [section, Int.random(in: 0...count, using: &rng)])
        case 8 where !itemPaths.isEmpty:
          array[itemAt: itemPaths.randomElement(using: &rng)!] = next
        case 9:
          array.updateMetadata(ofSectionAt: Int.random(in: 0..<sections, using: &rng), with: next)
        case 10:
          var edited = current
          if Bool.random(using: &rng) { edited.sections.shuffle(using: &rng) }
          if let path = itemPaths.randomElement(using: &rng), sections > 1 {
            let item = edited.sections[path[0]].items.isEmpty ? nil : edited.sections[path[0]].items.removeFirst()
            if let item { edited.sections[(path[0] + 1) % sections].items.append(item) }
          }
          edited.appendSection(next, items: [next + 2000])
          array.replace(with: edited, performDiff: true)
        case 11:
          let section = Int.random(in: 0..<sections, using: &rng)
          array.replaceItems(
            ofSectionAt: section, with: current.sections[section].items.shuffled(using: &rng) + [next],
            performDiff: true)
        case 12:
          array.batchUpdate { batch in
            batch.appendSection(next)
            batch.appendItem(next + 3000, toSectionAt: batch.numberOfSections - 1)
            if batch.numberOfSections > 1 { batch.moveSection(from: 0, to: batch.numberOfSections - 1) }
            if batch.numberOfItems(inSection: 0) > 0 { batch.removeItem(at: [0, 0]) }
          }
        default:
          if Int.random(in: 0..<3, using: &rng) == 0 {
            array.removeAllItems()
          } else {
            array.removeAllItemsAndSections()
          }
        }
        XCTAssertEqual(log.changesets.count, step + 2, "one changeset per mutation [seed \(seed)]")
      }
      assertConsistentTreeSequence(log.changesets, "[seed \(seed)]")
      assertUndoRedoRoundTrip(
        log.changesets, undo: { array.undo($0, from: $1) }, redo: { array.apply($0) }, current: { array.collection },
        "[seed \(seed)]")
    }
  }

  func testRandomSectionedReplacementsReplay() {
    withSeeds(0..<150) { seed, rng in
      var next = 0
      let old = randomArray2D(&rng, next: &next)
      var new = old
      new.sections.shuffle(using: &rng)
      var items = new.sections.flatMap(\.items).shuffled(using: &rng)
      items.removeLast(Int.random(in: 0...min(3, items.count), using: &rng))
      for section in new.sections.indices { new.sections[section].items.removeAll() }
      if new.sections.isEmpty { new.appendSection(-1) }
      for item in items { new.sections[Int.random(in: 0..<new.sections.count, using: &rng)].items.append(item) }
      if Bool.random(using: &rng) { new.appendSection(next + 1, items: [next + 2]) }
      let array = MutableObservableArray2D(old)
      let log = ChangesetLog(array)
      array.replace(with: new, performDiff: true)
      assertTreeReplays(log.last, from: old, "[seed \(seed)]")

      // The same with identities that survive a change of value: metadata and items changed by
      // 10,000 keep their identity and become updates.
      var edited = new
      for section in edited.sections.indices {
        if Bool.random(using: &rng) { edited.sections[section].metadata += 10_000 }
        for item in edited.sections[section].items.indices where Int.random(in: 0..<3, using: &rng) == 0 {
          edited.sections[section].items[item] += 10_000
        }
      }
      array.replace(
        with: edited,
        performDiff: true,
        sectionIdentifiedBy: { $0 % 10_000 },
        isSectionEqual: ==,
        itemIdentifiedBy: { $0 % 10_000 },
        isItemEqual: ==
      )
      assertTreeReplays(log.last, from: new, "identities [seed \(seed)]")
      XCTAssertEqual(log.last.collection, edited)
    }
  }
}
