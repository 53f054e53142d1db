import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

/// Seeded property tests of the diffing entry points; the random old/new pairs per algorithm are
/// `DiffingRandomPairTests` (Swift Testing, one test case per seed).
final class DiffingPropertyTests: XCTestCase {
  private let warnings = DiffWarningCounter()

  override func setUp() {
    warnings.install(during: self)
  }

  /// The Epoxy changeset says the same as the diff, with the new offsets of updates, and lists
  /// exactly the duplicate identifiers of the new collection.
  func testIndexChangesetAgreesWithDiff() {
    withSeeds(30_000..<30_400) { seed, rng in
      let shape = DiffingInputShape.allCases.randomElement(using: &rng)!
      let (old, new) = randomDiffingInput(shape, maxCount: 300, using: &rng)
      let changeset = new.makeChangeset(from: old)
      let diff = new.diff(from: old)
      XCTAssertEqual(OrderedCollectionDiff(changeset), diff, "seed \(seed)")
      let moveTargets = Dictionary(uniqueKeysWithValues: changeset.moves.map { ($0.old, $0.new) })
      for update in changeset.updates {
        XCTAssertEqual(old[update.old].id, new[update.new].id, "seed \(seed)")
        XCTAssertNotEqual(old[update.old], new[update.new], "seed \(seed)")
        if let target = moveTargets[update.old] { XCTAssertEqual(target, update.new, "seed \(seed)") }
      }
      let groups = Dictionary(grouping: new.indices, by: { new[$0].id }).values.filter { $0.count > 1 }
      XCTAssertEqual(changeset.duplicates, groups.sorted { $0[0] < $1[0] }, "seed \(seed)")
    }
  }

  /// Every element kind and entry point gives the same diff on the same identities.
  func testEntryPointsAgree() {
    withSeeds(40_000..<40_300) { seed, rng in
      let shape = DiffingInputShape.allCases.randomElement(using: &rng)!
      let (old, new) = randomDiffingInput(shape, maxCount: 200, using: &rng)
      let identifiable = new.diff(from: old)
      let closure = new.diff(from: old, identifiedBy: \.id, isEqual: ==)
      let initializer = OrderedCollectionDiff(from: old, to: new, identifiedBy: \.id, isEqual: ==)
      let diffable = new.map(DiffableItem.init).diff(from: old.map(DiffableItem.init))
      XCTAssertEqual(identifiable, closure, "seed \(seed)")
      XCTAssertEqual(identifiable, initializer, "seed \(seed)")
      XCTAssertEqual(identifiable, diffable, "seed \(seed)")
      // Hashable: the whole value is the identity, so a content change is a delete and an insert.
      let hashable = new.diff(from: old)
      let byValue = new.diff(from: old, identifiedBy: { $0 }, isEqual: { _, _ in true })
      XCTAssertEqual(hashable, identifiable, "seed \(seed)")
      XCTAssertEqual(new.map(HashableItem.init).diff(from: old.map(HashableItem.init)), byValue, "seed \(seed)")
      // A lazy, non-contiguous collection gives the same result as an array.
      XCTAssertEqual(new.lazy.map { $0 }.diff(from: old.lazy.map { $0 }), identifiable, "seed \(seed)")
    }
  }

  /// Integer, UUID and string identifiers (hashed differently) give the same diff.
  func testIdentifierTypesAgree() {
    struct Keyed<Key: Hashable>: Identifiable, Equatable {
      var id: Key
      var value: Int
    }
    func uuid(_ id: Int) -> UUID {
      UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", id))!
    }
    withSeeds(50_000..<50_200) { seed, rng in
      let shape = DiffingInputShape.allCases.randomElement(using: &rng)!
      let (old, new) = randomDiffingInput(shape, maxCount: 300, using: &rng)
      let expected = new.diff(from: old)
      func check<Key: Hashable>(_ key: (Int) -> Key) {
        let oldKeyed = old.map { Keyed(id: key($0.id), value: $0.value) }
        let newKeyed = new.map { Keyed(id: key($0.id), value: $0.value) }
        XCTAssertEqual(newKeyed.diff(from: oldKeyed), expected, "seed \(seed), \(Key.self)")
      }
      check { Int32($0) }
      check { UInt32($0) }
      check { Int64($0) }
      check { UInt64($0) }
      check { UInt($0) }
      check { uuid($0) }
      check { "item \($0)" }
      check { Double($0) }
    }
  }
}

/// `DiffItem` seen through Epoxy's protocol.
struct DiffableItem: Diffable {
  var item: DiffItem
  var diffIdentifier: AnyHashable { item.id }
  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? DiffableItem)?.item == item
  }
}

/// `DiffItem` as a plain `Hashable` value (not `Identifiable`).
struct HashableItem: Hashable {
  var item: DiffItem
}
