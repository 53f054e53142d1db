import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// `Identifiable`: matched by `id`, updated when `!=`.
private struct Contact: Identifiable, Hashable, Sendable {
  var id: Int
  var name: String
}

/// `Hashable` only: the value is the identity, so a changed value is another item.
private struct Tag: Hashable, Sendable {
  var name: String
}

/// Every way to diff two 2D arrays follows one rule for the same types: sections are identified
/// by their metadata, items by `id` when `Identifiable` (updated when `!=`), else by their value.
final class Array2DDiffPathsTests: XCTestCase {
  /// The diffs of `replace(with:performDiff: true)`, `TreeChangeset(from:to:)`, `diff(from:)` and
  /// `diff()` on a signal of 2D arrays, in that order.
  private func paths(
    _ old: Array2D<String, Contact>,
    _ new: Array2D<String, Contact>
  ) -> [OrderedCollectionDiff<IndexPath>] {
    let array = MutableObservableArray2D(old)
    let replaced = Locked(OrderedCollectionDiff<IndexPath>())
    let observation = array.observeNext { changeset in
      if !changeset.isReload { replaced.withLock { $0 = changeset.diff } }
    }
    array.replace(with: new, performDiff: true)
    observation.dispose()
    let subject = PassthroughSubject<Array2D<String, Contact>, Never>()
    let recorder = EventRecorder<TreeChangeset<Array2D<String, Contact>>, Never>()
    recorder.observe(subject.diff())
    subject.send(old)
    subject.send(new)
    return [
      replaced.withLock { $0 }, TreeChangeset(from: old, to: new).diff, new.diff(from: old),
      recorder.elements.last?.diff ?? OrderedCollectionDiff(),
    ]
  }

  private func paths(_ old: Array2D<String, Tag>, _ new: Array2D<String, Tag>) -> [OrderedCollectionDiff<IndexPath>] {
    let array = MutableObservableArray2D(old)
    let replaced = Locked(OrderedCollectionDiff<IndexPath>())
    let observation = array.observeNext { changeset in
      if !changeset.isReload { replaced.withLock { $0 = changeset.diff } }
    }
    array.replace(with: new, performDiff: true)
    observation.dispose()
    let subject = PassthroughSubject<Array2D<String, Tag>, Never>()
    let recorder = EventRecorder<TreeChangeset<Array2D<String, Tag>>, Never>()
    recorder.observe(subject.diff())
    subject.send(old)
    subject.send(new)
    return [
      replaced.withLock { $0 }, TreeChangeset(from: old, to: new).diff, new.diff(from: old),
      recorder.elements.last?.diff ?? OrderedCollectionDiff(),
    ]
  }

  func testRenamingAnIdentifiableItemIsAnUpdateOnEveryPath() {
    let old = Array2D(sectionsWithItems: [("A", [Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Bob")])])
    var new = old
    new[itemAt: [0, 1]].name = "Rob"
    for (path, diff) in paths(old, new).enumerated() {
      XCTAssertEqual(diff, OrderedCollectionDiff(updates: [[0, 1]]), "path \(path)")
    }
  }

  func testChangingAHashableItemIsADeleteAndAnInsertOnEveryPath() {
    let old = Array2D(sectionsWithItems: [("A", [Tag(name: "red"), Tag(name: "blue")])])
    var new = old
    new[itemAt: [0, 1]].name = "navy"
    for (path, diff) in paths(old, new).enumerated() {
      XCTAssertEqual(diff, OrderedCollectionDiff(inserts: [[0, 1]], deletes: [[0, 1]]), "path \(path)")
    }
  }

  /// Random 2D arrays of both kinds of items: every path gives the same diff, and it replays.
  func testRandomPairsGiveOneDiffOnEveryPath() {
    withSeeds(0..<300) { seed, rng in
      let (oldIDs, newIDs) = randomSections(using: &rng)
      let contacts = { (sections: [(String, [Int])], renamed: Set<Int>) in
        Array2D(
          sectionsWithItems: sections.map { title, ids in
            (title, ids.map { Contact(id: $0, name: renamed.contains($0) ? "new \($0)" : "\($0)") })
          })
      }
      let renamed = Set(newIDs.flatMap(\.1).filter { _ in Bool.random(using: &rng) })
      let oldContacts = contacts(oldIDs, [])
      let newContacts = contacts(newIDs, renamed)
      let contactDiffs = paths(oldContacts, newContacts)
      for (path, diff) in contactDiffs.enumerated() {
        XCTAssertEqual(diff.sortedParts(), contactDiffs[0].sortedParts(), "seed \(seed), path \(path)")
      }
      var replayed = oldContacts
      replayed.apply(contactDiffs[0].generateTreePatch(to: newContacts))
      XCTAssertEqual(replayed, newContacts, "seed \(seed)")

      let tags = { (sections: [(String, [Int])], renamed: Set<Int>) in
        Array2D(
          sectionsWithItems: sections.map { title, ids in
            (title, ids.map { Tag(name: renamed.contains($0) ? "new \($0)" : "\($0)") })
          })
      }
      let tagDiffs = paths(tags(oldIDs, []), tags(newIDs, renamed))
      for (path, diff) in tagDiffs.enumerated() {
        XCTAssertEqual(diff.sortedParts(), tagDiffs[0].sortedParts(), "seed \(seed), path \(path)")
      }
      XCTAssertTrue(tagDiffs[0].updates.isEmpty, "seed \(seed): a Hashable item is never updated")
    }
  }
}

/// Random sections (titles) of item identifiers, and a successor: sections deleted, inserted and
/// shuffled, items deleted, inserted and moved within and across sections.
private func randomSections(
  using rng: inout SeededRandomNumberGenerator
) -> (old: [(String, [Int])], new: [(String, [Int])]) {
  var next = 0
  func fresh(_ rng: inout SeededRandomNumberGenerator) -> [Int] {
    (0..<Int.random(in: 0...4, using: &rng)).map { _ in
      next += 1
      return next
    }
  }
  let old = (0..<Int.random(in: 0...4, using: &rng)).map { ("S\($0)", fresh(&rng)) }
  var new = old.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
  for index in 0..<Int.random(in: 0...2, using: &rng) {
    new.insert(("T\(index)", fresh(&rng)), at: Int.random(in: 0...new.count, using: &rng))
  }
  if Bool.random(using: &rng) { new.shuffle(using: &rng) }
  var loose: [Int] = []
  for s in new.indices {
    new[s].1 = new[s].1.filter { id in
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: return false
      case 1:
        loose.append(id)
        return false
      default: return true
      }
    }
  }
  if !new.isEmpty {
    for id in loose + fresh(&rng) {
      let s = Int.random(in: 0..<new.count, using: &rng)
      new[s].1.insert(id, at: Int.random(in: 0...new[s].1.count, using: &rng))
    }
  }
  return (old, new)
}
