import Foundation
import TetherTestSupport
import XCTest

@testable import TetherChangesets

/// The `Diffable` path unwraps `AnyHashable` identifiers that share one concrete type and runs
/// the engine on that type; these tests check that it gives exactly what the typed path gives on
/// the same identities, for every identifier type, mixed ones included.
final class DiffableIdentifierTypesTests: XCTestCase {
  private let warnings = DiffWarningCounter()

  override func setUp() {
    warnings.install(during: self)
  }

  /// Random pairs of every shape (duplicates included): the Epoxy changeset and the diffs of
  /// every algorithm equal the typed path's, whatever the identifiers' types.
  func testDiffableAgreesWithTypedOnRandomPairs() {
    withSeeds(60_000..<60_300) { seed, rng in
      let shape = DiffingInputShape.allCases[Int(seed) % DiffingInputShape.allCases.count]
      let (old, new) = randomDiffingInput(shape, maxCount: 300, using: &rng)
      for keys in IdentifierKeys.allCases {
        let oldDiffable = old.map { KeyedDiffable($0, keys) }
        let newDiffable = new.map { KeyedDiffable($0, keys) }
        let oldTyped = old.map { KeyedItem($0, keys) }
        let newTyped = new.map { KeyedItem($0, keys) }
        let context = "seed \(seed), \(shape), \(keys)"
        XCTAssertEqual(
          newDiffable.makeChangeset(from: oldDiffable), newTyped.makeChangeset(from: oldTyped), context)
        for algorithm in [DiffAlgorithm.heckel, .myers(), .myers(inferMoves: true)] {
          XCTAssertEqual(
            newDiffable.diff(from: oldDiffable, algorithm: algorithm),
            newTyped.diff(from: oldTyped, algorithm: algorithm),
            "\(context), \(algorithm)"
          )
        }
      }
    }
  }

  /// Random sections: Epoxy's sectioned changeset equals the typed closure form's, whatever the
  /// item identifiers' types.
  func testSectionedDiffableAgreesWithTypedOnRandomSections() {
    withSeeds(61_000..<61_300) { seed, rng in
      let (old, new) = randomSections(using: &rng, duplicates: seed % 5 == 0)
      for keys in IdentifierKeys.allCases {
        let oldSections = old.map { KeyedSection($0, keys) }
        let newSections = new.map { KeyedSection($0, keys) }
        let typed = SectionedChangeset(
          from: oldSections,
          to: newSections,
          sectionIdentifiedBy: \.id,
          isSectionEqual: { $0.title == $1.title },
          items: \.items,
          itemIdentifiedBy: { keys.typedKey($0.item.id) },
          isItemEqual: { $0.item == $1.item }
        )
        XCTAssertEqual(newSections.makeSectionedChangeset(from: oldSections), typed, "seed \(seed), \(keys)")
      }
    }
  }

  /// Integers of different widths are equal as `AnyHashable`s: identifiers that are not all of
  /// the first one's type keep that equality (they are not unwrapped), whichever comes first.
  func testIntegersOfDifferentTypesKeepAnyHashableEquality() {
    func item(_ id: some Hashable, _ value: Int = 0) -> KeyedDiffable {
      KeyedDiffable(DiffItem(0, value), identifier: AnyHashable(id))
    }
    let old = [item(1), item(2), item(3), item(4)]
    let new = [item(Int8(2)), item(1), item(UInt(3), 1), item(Int64(5))]
    let allInts = [item(2), item(1), item(3, 1), item(5)]
    XCTAssertEqual(new.makeChangeset(from: old), allInts.makeChangeset(from: old))
    XCTAssertEqual(old.makeChangeset(from: new), old.makeChangeset(from: allInts))
    XCTAssertEqual(new.makeChangeset(from: old).inserts, [3])
    XCTAssertEqual(new.makeChangeset(from: old).deletes, [3])
  }

  /// Reading identifiers out of their `AnyHashable` boxes unwraps exactly what the dynamic cast
  /// through `base` unwraps (that is the route taken where the box layout check fails).
  func testBoxReadsAgreeWithCasts() {
    func check<ID: Hashable>(
      _ identifiers: [AnyHashable], as type: ID.Type, boxType: _AnyHashableBoxType?, _ context: String
    ) {
      let elements = identifiers.map { KeyedDiffable(DiffItem(0), identifier: $0) }
      elements.withUnsafeBufferPointer { elements in
        XCTAssertEqual(
          _unwrappedIdentifiers(of: elements, as: ID.self, boxType: boxType),
          _unwrappedIdentifiers(of: elements, as: ID.self, boxType: nil),
          context
        )
      }
    }
    withSeeds(62_000..<62_100) { seed, rng in
      let ids = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Int.random(in: 0...2_000, using: &rng) }
      for keys in IdentifierKeys.allCases {
        let identifiers = ids.map(keys.diffIdentifier)
        check(identifiers, as: Int.self, boxType: _intBoxType, "seed \(seed), \(keys)")
        check(identifiers, as: String.self, boxType: _stringBoxType, "seed \(seed), \(keys)")
        check(identifiers, as: UUID.self, boxType: _uuidBoxType, "seed \(seed), \(keys)")
      }
      let widths: [AnyHashable] = ids.map { $0 % 2 == 0 ? AnyHashable($0 - 1_000) : AnyHashable(Int16($0 - 1_000)) }
      check(widths, as: Int.self, boxType: _intBoxType, "seed \(seed), mixed widths")
    }
  }

  /// Only boxes that need no destroying are overwritten without being destroyed: an `Int`'s and
  /// a `UUID`'s, never a `String`'s (its storage would leak).
  func testOnlyTrivialBoxesAreOverwrittenWithoutDestroying() {
    XCTAssertEqual(_intBoxType?.isTrivial, true)
    XCTAssertEqual(_uuidBoxType?.isTrivial, true)
    XCTAssertEqual(_stringBoxType?.isTrivial, false)
  }

  /// Unwrapping stops at the first identifier of another type, after some were unwrapped, and
  /// gives nil; the identifiers before it are unwrapped exactly.
  func testUnwrappingStopsAtTheFirstIdentifierOfAnotherType() {
    let heap = String(repeating: "an identifier stored on the heap ", count: 3)
    let identifiers: [AnyHashable] = [heap, "b", 3, "c"]
    let elements = identifiers.map { KeyedDiffable(DiffItem(0), identifier: $0) }
    elements.withUnsafeBufferPointer { elements in
      XCTAssertNil(_unwrappedIdentifiers(of: elements, as: String.self, boxType: _stringBoxType))
      XCTAssertNil(_unwrappedIdentifiers(of: elements, as: Int.self, boxType: _intBoxType))
      XCTAssertEqual(
        _unwrappedIdentifiers(
          of: UnsafeBufferPointer(rebasing: elements[..<2]), as: String.self, boxType: _stringBoxType),
        [heap, "b"]
      )
      XCTAssertEqual(
        _unwrappedIdentifiers(of: UnsafeBufferPointer(rebasing: elements[2..<3]), as: Int.self, boxType: _intBoxType),
        [3]
      )
    }
  }

  /// `isDiffableItemEqual(to:)` is given the new item of each matched pair, and what a model is
  /// given never changes afterwards, even though one argument container is reused for every call:
  /// models large enough to be boxed on the heap and small ones stored inline, flat and sectioned.
  func testEveryComparisonIsGivenItsOwnNewItem() {
    func check<Item: RecordingDiffable>(_: Item.Type, old: [DiffItem], new: [DiffItem], _ context: String) {
      let recorder = ArgumentRecorder()
      let oldItems = old.map { Item($0, recorder: recorder) }
      let newItems = new.map { Item($0, recorder: recorder) }
      let changeset = newItems.makeChangeset(from: oldItems)
      XCTAssertEqual(changeset, new.makeChangeset(from: old), context)
      let expected = matchedNewItems(changeset, old: old, new: new)
      XCTAssertEqual(recorder.items, expected, context)

      recorder.arguments.removeAll()
      let sections = [RecordingSection(items: oldItems)]
      _ = [RecordingSection(items: newItems)].makeSectionedChangeset(from: sections)
      let byIDAndValue: (DiffItem, DiffItem) -> Bool = { ($0.id, $0.value) < ($1.id, $1.value) }
      XCTAssertEqual(recorder.items.sorted(by: byIDAndValue), expected.sorted(by: byIDAndValue), context)
    }
    withSeeds(63_000..<63_100) { seed, rng in
      let shape = DiffingInputShape.allCases[Int(seed) % DiffingInputShape.allCases.count]
      let (old, new) = randomDiffingInput(shape, maxCount: 60, using: &rng)
      check(InlineRecordingDiffable.self, old: old, new: new, "seed \(seed), inline")
      check(BoxedRecordingDiffable.self, old: old, new: new, "seed \(seed), boxed")
    }
  }

  /// The new items of the pairs a changeset matched, by ascending old offset.
  private func matchedNewItems(_ changeset: IndexChangeset, old: [DiffItem], new: [DiffItem]) -> [DiffItem] {
    let deleted = Set(changeset.deletes)
    let inserted = Set(changeset.inserts)
    let keptOld = old.indices.filter { !deleted.contains($0) }
    let keptNew = new.indices.filter { !inserted.contains($0) }
    // Matched old copies pair with new copies of their identifier in order (the k-th with the k-th).
    var newOffsetsByID: [Int: [Int]] = [:]
    for j in keptNew { newOffsetsByID[new[j].id, default: []].append(j) }
    var taken: [Int: Int] = [:]
    return keptOld.map { i in
      let id = old[i].id
      let k = taken[id, default: 0]
      taken[id] = k + 1
      return new[newOffsetsByID[id]![k]]
    }
  }
}

/// How a `DiffItem`'s integer identity becomes an identifier.
private enum IdentifierKeys: CaseIterable {
  case int
  case string
  case uuid
  /// Integers, strings and UUIDs in turn.
  case mixed
  /// Integers, but every eleventh identifier a string: the unwrapping fails late.
  case mostlyInt

  func diffIdentifier(_ id: Int) -> AnyHashable {
    switch typedKey(id) {
    case .int(let value): value
    case .string(let value): value
    case .uuid(let value): value
    }
  }

  func typedKey(_ id: Int) -> MixedKey {
    switch self {
    case .int: .int(id)
    case .string: .string("item \(id)")
    case .uuid: .uuid(UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", id))!)
    case .mixed: [IdentifierKeys.int, .string, .uuid][id % 3].typedKey(id)
    case .mostlyInt: (id % 11 == 10 ? IdentifierKeys.string : .int).typedKey(id)
    }
  }
}

/// A typed identifier of any of the types the tests use.
private enum MixedKey: Hashable {
  case int(Int)
  case string(String)
  case uuid(UUID)
}

/// A `DiffItem` seen through Epoxy's protocol, with the identifier of its id under some keys.
private struct KeyedDiffable: Diffable {
  var item: DiffItem
  var diffIdentifier: AnyHashable

  init(_ item: DiffItem, _ keys: IdentifierKeys) {
    self.init(item, identifier: keys.diffIdentifier(item.id))
  }

  init(_ item: DiffItem, identifier: AnyHashable) {
    self.item = item
    diffIdentifier = identifier
  }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? KeyedDiffable)?.item == item
  }
}

/// The same item, typed: identified by the key of its id.
private struct KeyedItem: Identifiable, Equatable {
  var id: MixedKey
  var value: Int

  init(_ item: DiffItem, _ keys: IdentifierKeys) {
    id = keys.typedKey(item.id)
    value = item.value
  }
}

/// A `TestSection` whose items are identified under some keys.
private struct KeyedSection: DiffableSection {
  var id: Int
  var title: Int
  var items: [KeyedDiffable]

  init(_ section: TestSection, _ keys: IdentifierKeys) {
    id = section.id
    title = section.title
    items = section.items.map { KeyedDiffable($0.item, keys) }
  }

  var diffIdentifier: AnyHashable { id }
  var diffableItems: [KeyedDiffable] { items }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    (otherDiffableItem as? KeyedSection)?.title == title
  }
}

/// Keeps every argument a `RecordingDiffable` is compared with.
private final class ArgumentRecorder {
  var arguments: [any Diffable] = []

  /// The items of the recorded arguments, as they are now.
  var items: [DiffItem] { arguments.map { ($0 as! any RecordingDiffable).item } }
}

/// A `Diffable` that records every argument it is compared with.
private protocol RecordingDiffable: Diffable {
  init(_ item: DiffItem, recorder: ArgumentRecorder)
  var item: DiffItem { get }
}

/// Three words: stored inline in an `any Diffable`.
private struct InlineRecordingDiffable: RecordingDiffable {
  var item: DiffItem
  var recorder: ArgumentRecorder

  init(_ item: DiffItem, recorder: ArgumentRecorder) {
    self.item = item
    self.recorder = recorder
  }

  var diffIdentifier: AnyHashable { AnyHashable(item.id) }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    recorder.arguments.append(otherDiffableItem)
    return (otherDiffableItem as? Self)?.item == item
  }
}

/// A stored identifier makes it too large for an `any Diffable`'s inline buffer: boxed on the heap.
private struct BoxedRecordingDiffable: RecordingDiffable {
  let diffIdentifier: AnyHashable
  var item: DiffItem
  var recorder: ArgumentRecorder

  init(_ item: DiffItem, recorder: ArgumentRecorder) {
    diffIdentifier = AnyHashable(item.id)
    self.item = item
    self.recorder = recorder
  }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    recorder.arguments.append(otherDiffableItem)
    return (otherDiffableItem as? Self)?.item == item
  }
}

/// One section of recording items.
private struct RecordingSection<Item: RecordingDiffable>: DiffableSection {
  var items: [Item]

  var diffIdentifier: AnyHashable { 0 }
  var diffableItems: [Item] { items }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool { true }
}
