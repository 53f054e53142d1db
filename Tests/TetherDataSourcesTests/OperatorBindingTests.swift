import Foundation
import TetherChangesets
import TetherCollections
import TetherDataSources
import TetherSignals
import TetherTestSupport
import TetherValidatingViews
import XCTest

/// Random mutation sequences on sets, dictionaries, arrays and 2D arrays, seen through the collection
/// operators and bound to the validating views: no UIKit (or AppKit) rule is ever broken, no changeset
/// needs the reload fallback, and the view always shows the operator's output computed directly from
/// the source collection.
///
/// Random choices never depend on a set's or a dictionary's iteration order (per-process hashing), so
/// a seed replays the same mutations; the hashed indices in their changesets still vary between runs
/// (set `SWIFT_DETERMINISTIC_HASHING=1` to replay a failure exactly).
final class OperatorBindingTests: XCTestCase {
  func testSortedSetsThroughTheBinders() {
    MainActor.assumeIsolated {
      var batches = 0
      withSeeds(0..<30) { seed, rng in
        let set = MutableObservableSet(
          Set(randomArray(count: Int.random(in: 0...8, using: &rng), alphabet: 30, using: &rng)))
        let ascending = OperatorProbe(set.sortedCollection(), cell: { $0 }) { set.collection.sorted() }
        let byResidue = OperatorProbe(set.sortedCollection(by: { ($0 % 5, $0) < ($1 % 5, $1) }), cell: { $0 }) {
          set.collection.sorted { ($0 % 5, $0) < ($1 % 5, $1) }
        }
        let evenLabels = OperatorProbe(
          set.sortedCollection(by: { $0 > $1 }).filterCollection { $0 % 2 == 0 }.mapCollection { "<\($0)>" },
          alsoFlat: true,
          cell: { $0 }
        ) { set.collection.sorted(by: >).filter { $0 % 2 == 0 }.map { "<\($0)>" } }
        for step in 0..<25 {
          let mutation = mutate(set, using: &rng)
          let context = "seed \(seed), step \(step), \(mutation), set \(set.collection.sorted())"
          for probe in [ascending, byResidue] { probe.check(context) }
          evenLabels.check(context)
        }
        batches += ascending.view.batchCount + byResidue.view.batchCount
      }
      // Most changes reached the views as batch updates, not reloads.
      XCTAssertGreaterThan(batches, 30 * 25)
    }
  }

  func testSortedDictionariesThroughTheBinders() {
    MainActor.assumeIsolated {
      var batches = 0
      withSeeds(0..<30) { seed, rng in
        let dictionary = MutableObservableDictionary<Int, Int>([:])
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
          dictionary[Int.random(in: 0..<20, using: &rng)] = Int.random(in: 0..<8, using: &rng)
        }
        let entry: @MainActor ((key: Int, value: Int)) -> String = { "\($0.key):\($0.value)" }
        let byKey = OperatorProbe(dictionary.sortedCollection(), cell: entry) {
          dictionary.collection.sorted { $0.key < $1.key }
        }
        let byValue = OperatorProbe(
          dictionary.sortedCollection(by: { ($0.value, $0.key) < ($1.value, $1.key) }), cell: entry
        ) { dictionary.collection.sorted { ($0.value, $0.key) < ($1.value, $1.key) } }
        // Ties keep the order in which their keys arrived, which a hashed changeset leaves open:
        // check the values are sorted and the entries are the dictionary's.
        let byValueOnly = OperatorProbe(
          dictionary.sortedCollection(on: { $0.value }), alsoFlat: true, cell: entry, expected: nil)
        for step in 0..<25 {
          let mutation = mutate(dictionary, using: &rng)
          let entries = dictionary.collection.sorted { $0.key < $1.key }
          let context = "seed \(seed), step \(step), \(mutation), dictionary \(entries.map(entry))"
          byKey.check(context)
          byValue.check(context)
          byValueOnly.check(context)
          let shown = byValueOnly.view.rows.first ?? []
          XCTAssertEqual(Set(shown), Set(entries.map(entry)), context)
          XCTAssertEqual(shown.count, entries.count, context)
          XCTAssertEqual(shown.map { Int($0.split(separator: ":")[1])! }, entries.map(\.value).sorted(), context)
        }
        batches += byKey.view.batchCount + byValue.view.batchCount
      }
      XCTAssertGreaterThan(batches, 30 * 25)
    }
  }

  func testArrayOperatorOutputsThroughTheBinders() {
    MainActor.assumeIsolated {
      var batches = 0
      withSeeds(0..<30) { seed, rng in
        let array = MutableObservableArray(
          Array((0..<20).shuffled(using: &rng).prefix(Int.random(in: 0...8, using: &rng))))
        let filtered = OperatorProbe(array.filterCollection { $0 % 3 != 0 }, cell: { $0 }) {
          array.collection.filter { $0 % 3 != 0 }
        }
        let sorted = OperatorProbe(array.sortedCollection(), cell: { $0 }) { array.collection.sorted() }
        // Elements with the same residue tie: they keep their source order (a stable sort).
        let byResidue = OperatorProbe(array.sortedCollection(on: { $0 % 7 }), cell: { $0 }) {
          array.collection.sorted { $0 % 7 < $1 % 7 }
        }
        let mapped = OperatorProbe(array.mapCollection { "<\($0)>" }, cell: { $0 }) {
          array.collection.map { "<\($0)>" }
        }
        let chained = OperatorProbe(
          array.filterCollection { $0 % 2 == 0 }.sortedCollection(by: { $0 > $1 }).mapCollection { $0 / 2 },
          alsoFlat: true,
          cell: { $0 }
        ) { array.collection.filter { $0 % 2 == 0 }.sorted(by: >).map { $0 / 2 } }
        var next = 100
        for step in 0..<25 {
          let mutation = mutate(array, next: &next, using: &rng)
          let context = "seed \(seed), step \(step), \(mutation), array \(array.collection)"
          for probe in [filtered, sorted, byResidue, chained] { probe.check(context) }
          mapped.check(context)
        }
        batches += filtered.view.batchCount + byResidue.view.batchCount + mapped.view.batchCount
      }
      XCTAssertGreaterThan(batches, 30 * 25)
    }
  }

  func testTwoDimensionalArrayOperatorOutputsThroughTheBinders() {
    MainActor.assumeIsolated {
      var batches = 0
      withSeeds(0..<30) { seed, rng in
        let grid = MutableObservableArray2D<Int, Int>(Array2D(sectionsWithItems: [(1, [2, 3]), (4, [5]), (6, [])]))
        let flattened = OperatorProbe(grid.flattenSections(), cell: { $0 }) { grid.collection.allItems }
        let flattenedOdd = OperatorProbe(
          grid.flattenSections().filterCollection { $0 % 2 == 1 }, alsoFlat: true, cell: { $0 }
        ) {
          grid.collection.allItems.filter { $0 % 2 == 1 }
        }
        let itemsView = BatchUpdateValidatingView<String>()
        itemsView.recordsCalls = false
        let itemsBinder = RecordingBinder<TreeChangeset<Array2D<Int, String>>, BatchUpdateValidatingView<String>>()
        grid.mapItems { "<\($0)>" }.bind(to: itemsView, using: itemsBinder)
        let sectionsView = BatchUpdateValidatingView<Int>()
        sectionsView.recordsCalls = false
        let sectionsBinder = RecordingBinder<TreeChangeset<Array2D<String, Int>>, BatchUpdateValidatingView<Int>>()
        grid.mapSections { "S\($0)" }.bind(to: sectionsView, using: sectionsBinder)
        var next = 10
        for step in 0..<25 {
          let mutation = mutate(grid, next: &next, using: &rng)
          let sections = grid.collection.sections
          let context = "seed \(seed), step \(step), \(mutation), grid \(sections.map { ($0.metadata, $0.items) })"
          flattened.check(context)
          flattenedOdd.check(context)
          XCTAssertEqual(itemsView.violations, [], context)
          XCTAssertEqual(itemsBinder.fallbacks, [], context)
          XCTAssertEqual(itemsView.rows, sections.map { $0.items.map { "<\($0)>" } }, context)
          XCTAssertEqual(itemsView.sectionTitles, sections.map { "\($0.metadata)" }, context)
          XCTAssertEqual(sectionsView.violations, [], context)
          XCTAssertEqual(sectionsBinder.fallbacks, [], context)
          XCTAssertEqual(sectionsView.rows, sections.map(\.items), context)
          XCTAssertEqual(sectionsView.sectionTitles, sections.map { "S\($0.metadata)" }, context)
        }
        batches += flattened.view.batchCount + itemsView.batchCount
      }
      XCTAssertGreaterThan(batches, 30 * 25)
    }
  }
}

/// An operator's output bound to a sectioned validating view (and a flat one if asked), with what it
/// should show.
@MainActor
private final class OperatorProbe<Item: Sendable, Cell: Equatable> {
  let view = BatchUpdateValidatingView<Cell>()
  let flat: FlatUpdateValidatingView<Cell>?
  private let binder: FallbackRecordingBinder<SingleSectionChangeset<[Item]>, BatchUpdateValidatingView<Cell>>
  private let cell: @MainActor (Item) -> Cell
  private let expected: (() -> [Item])?

  init<S: SignalProtocol>(
    _ signal: S,
    alsoFlat: Bool = false,
    cell: @escaping @MainActor (Item) -> Cell,
    expected: (() -> [Item])?
  ) where S.Element == OrderedCollectionChangeset<[Item]>, S.Error == Never {
    self.cell = cell
    self.expected = expected
    binder = FallbackRecordingBinder { items, indexPath, _ in cell(items.item(at: indexPath)) }
    view.recordsCalls = false
    signal.bind(to: view, using: binder)
    flat = alsoFlat ? FlatUpdateValidatingView<Cell>() : nil
    if let flat {
      flat.recordsCalls = false
      signal.bind(to: flat) { items, row, _ in cell(items.item(at: row)) }
    }
  }

  /// Checks that neither view saw a violation, the binder never fell back to a reload, and both
  /// views show the expected output (when there is one).
  func check(_ context: String) {
    XCTAssertEqual(view.violations, [], context)
    XCTAssertEqual(binder.fallbacks, [], context)
    XCTAssertEqual(view.rows.count, 1, context)
    if let flat {
      XCTAssertEqual(flat.violations, [], context)
      XCTAssertEqual(flat.rows, view.rows.first ?? [], context)
    }
    if let expected {
      XCTAssertEqual(view.rows, [expected().map(cell)], context)
    }
  }
}

/// A sectioned binder with any cell factory that records when it had to fall back to a reload.
@MainActor
private final class FallbackRecordingBinder<Changeset: SectionedDataSourceChangeset, View: SectionedViewProtocol>:
  SectionedBinderDataSource<Changeset, View>
{
  private(set) var fallbacks: [ChangesetValidationError] = []

  init(createCell: @escaping CellFactory) {
    super.init(createCell: createCell)
  }

  override func didFallBackToReload(because error: ChangesetValidationError) {
    fallbacks.append(error)
  }
}

// MARK: - Random mutations

/// Applies one random mutation to `set` and describes it.
private func mutate(_ set: MutableObservableSet<Int>, using rng: inout SeededRandomNumberGenerator) -> String {
  let members = set.collection.sorted()
  let member = Int.random(in: 0..<30, using: &rng)
  switch Int.random(in: 0..<10, using: &rng) {
  case 0, 1, 2:
    set.insert(member)
    return "insert \(member)"
  case 3, 4:
    let removed = members.randomElement(using: &rng) ?? member
    set.remove(removed)
    return "remove \(removed)"
  case 5:
    let added = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0..<30, using: &rng) }
    set.formUnion(added)
    return "formUnion \(added)"
  case 6:
    let removed = members.filter { _ in Bool.random(using: &rng) } + [member]
    set.subtract(removed)
    return "subtract \(removed)"
  case 7 where Int.random(in: 0..<4, using: &rng) == 0:
    set.removeAll()
    return "removeAll"
  default:
    let performDiff = Int.random(in: 0..<5, using: &rng) > 0
    var target = members.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
    target += (0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: 0..<30, using: &rng) }
    set.replace(with: Set(target), performDiff: performDiff)
    return "replace with \(Set(target).sorted()), performDiff: \(performDiff)"
  }
}

/// Applies one random mutation to `dictionary` and describes it.
private func mutate(
  _ dictionary: MutableObservableDictionary<Int, Int>, using rng: inout SeededRandomNumberGenerator
) -> String {
  let keys = dictionary.collection.keys.sorted()
  let key = Int.random(in: 0..<20, using: &rng)
  let value = Int.random(in: 0..<8, using: &rng)
  switch Int.random(in: 0..<11, using: &rng) {
  case 0, 1:
    dictionary[key] = value
    return "[\(key)] = \(value)"
  case 2...3 where !keys.isEmpty:
    let updated = keys.randomElement(using: &rng)!
    dictionary.updateValue(value, forKey: updated)
    return "updateValue \(value) for \(updated)"
  case 4:
    let removed = keys.randomElement(using: &rng) ?? key
    dictionary[removed] = nil
    return "[\(removed)] = nil"
  case 5:
    dictionary.removeValue(forKey: key)
    return "removeValue for \(key)"
  case 6, 7:
    let pairs = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
      (Int.random(in: 0..<20, using: &rng), Int.random(in: 0..<3, using: &rng))
    }
    dictionary.merge(pairs, uniquingKeysWith: +)
    return "merge \(pairs) with +"
  case 8 where Int.random(in: 0..<4, using: &rng) == 0:
    dictionary.removeAll()
    return "removeAll"
  default:
    let performDiff = Int.random(in: 0..<5, using: &rng) > 0
    var target: [Int: Int] = [:]
    for old in keys where Int.random(in: 0..<4, using: &rng) > 0 {
      target[old] = Bool.random(using: &rng) ? dictionary[old]! : Int.random(in: 0..<8, using: &rng)
    }
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      target[Int.random(in: 0..<20, using: &rng)] = Int.random(in: 0..<8, using: &rng)
    }
    dictionary.replace(with: target, performDiff: performDiff)
    return "replace with \(target.sorted { $0.key < $1.key }), performDiff: \(performDiff)"
  }
}

/// The edits shared by an observable array of integers and its batch.
private protocol IntegerArrayEditing {
  var count: Int { get }
  subscript(offset: Int) -> Int { get set }
  mutating func insert(_ element: Int, at offset: Int)
  mutating func remove(at offset: Int) -> Int
  mutating func move(from: Int, to: Int)
  mutating func swapAt(_ first: Int, _ second: Int)
}

extension MutableObservableCollection: IntegerArrayEditing where C == [Int] {}
extension OrderedCollectionBatch: IntegerArrayEditing where Base == [Int] {}

/// Applies one random single-element edit to `array` and describes it. New elements are `next` and
/// up, so elements are unique (a diff of duplicates is legal but warns).
private func edit<A: IntegerArrayEditing>(
  _ array: inout A, next: inout Int, using rng: inout SeededRandomNumberGenerator
) -> String {
  let count = array.count
  next += 1
  let value = next
  switch count == 0 ? 0 : Int.random(in: 0..<5, using: &rng) {
  case 0:
    let offset = Int.random(in: 0...count, using: &rng)
    array.insert(value, at: offset)
    return "insert \(value) at \(offset)"
  case 1:
    let offset = Int.random(in: 0..<count, using: &rng)
    _ = array.remove(at: offset)
    return "remove at \(offset)"
  case 2:
    let (from, to) = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
    array.move(from: from, to: to)
    return "move \(from) to \(to)"
  case 3:
    let (first, second) = (Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
    array.swapAt(first, second)
    return "swap \(first) and \(second)"
  default:
    let offset = Int.random(in: 0..<count, using: &rng)
    array[offset] = value
    return "[\(offset)] = \(value)"
  }
}

/// Applies one random mutation (an edit, a batch of edits, a sort or a replace) to `array` and
/// describes it.
private func mutate(
  _ array: MutableObservableArray<Int>, next: inout Int, using rng: inout SeededRandomNumberGenerator
) -> String {
  var target = array
  switch Int.random(in: 0..<10, using: &rng) {
  case 0, 1, 2, 3: return edit(&target, next: &next, using: &rng)
  case 4, 5:
    let seed = rng.next()
    return array.batchUpdate { batch in
      var local = SeededRandomNumberGenerator(seed: seed)
      let count = Int.random(in: 1...5, using: &local)
      return "batch " + (0..<count).map { _ in edit(&batch, next: &next, using: &local) }.description
    }
  case 6 where Bool.random(using: &rng):
    array.sort()
    return "sort"
  case 6:
    array.sort(by: >)
    return "sort by >"
  case 7 where Int.random(in: 0..<3, using: &rng) == 0:
    array.removeAll()
    return "removeAll"
  default:
    let performDiff = Int.random(in: 0..<5, using: &rng) > 0
    var elements = array.collection.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
    let added = Int.random(in: 0...3, using: &rng)
    elements += next + 1..<next + 1 + added
    next += added
    elements.shuffle(using: &rng)
    array.replace(with: elements, performDiff: performDiff)
    return "replace with \(elements), performDiff: \(performDiff)"
  }
}

/// The edits shared by an observable 2D array of integers and its batch.
private protocol IntegerGridEditing {
  var numberOfSections: Int { get }
  func numberOfItems(inSection section: Int) -> Int
  subscript(itemAt indexPath: IndexPath) -> Int { get set }
  mutating func insert(section: Array2D<Int, Int>.Section, at index: Int)
  mutating func removeSection(at index: Int) -> Array2D<Int, Int>.Section
  mutating func moveSection(from: Int, to: Int)
  mutating func updateMetadata(ofSectionAt index: Int, with metadata: Int)
  mutating func insert(item: Int, at indexPath: IndexPath)
  mutating func removeItem(at indexPath: IndexPath) -> Int
  mutating func moveItem(from: IndexPath, to: IndexPath)
}

extension MutableObservableArray2D: IntegerGridEditing where SectionMetadata == Int, Item == Int {}
extension Array2DBatch: IntegerGridEditing where SectionMetadata == Int, Item == Int {}

/// Applies one random edit to `grid` and describes it. New items and section metadata are `next`
/// and up, so they are unique (a diff of duplicates is legal but warns).
private func edit<G: IntegerGridEditing>(
  _ grid: inout G, next: inout Int, using rng: inout SeededRandomNumberGenerator
) -> String {
  let sections = grid.numberOfSections
  let filled = (0..<sections).filter { grid.numberOfItems(inSection: $0) > 0 }
  next += 1
  let item = next
  switch sections == 0 ? 0 : Int.random(in: 0..<8, using: &rng) {
  case 0:
    let index = Int.random(in: 0...sections, using: &rng)
    let items = Array(next + 1..<next + 1 + Int.random(in: 0...3, using: &rng))
    next += items.count
    grid.insert(section: .init(metadata: item, items: items), at: index)
    return "insert section \(items) at \(index)"
  case 1:
    let index = Int.random(in: 0..<sections, using: &rng)
    _ = grid.removeSection(at: index)
    return "remove section \(index)"
  case 2:
    let (from, to) = (Int.random(in: 0..<sections, using: &rng), Int.random(in: 0..<sections, using: &rng))
    grid.moveSection(from: from, to: to)
    return "move section \(from) to \(to)"
  case 3:
    let index = Int.random(in: 0..<sections, using: &rng)
    grid.updateMetadata(ofSectionAt: index, with: item)
    return "update metadata of \(index)"
  case 5 where filled.isEmpty:
    let section = Int.random(in: 0..<sections, using: &rng)
    grid.insert(item: item, at: [section, 0])
    return "insert \(item) at \([section, 0])"
  case 4:
    let section = Int.random(in: 0..<sections, using: &rng)
    let path: IndexPath = [section, Int.random(in: 0...grid.numberOfItems(inSection: section), using: &rng)]
    grid.insert(item: item, at: path)
    return "insert \(item) at \(path)"
  case 5:
    let section = filled.randomElement(using: &rng)!
    let path: IndexPath = [section, Int.random(in: 0..<grid.numberOfItems(inSection: section), using: &rng)]
    _ = grid.removeItem(at: path)
    return "remove item at \(path)"
  case 6 where !filled.isEmpty:
    let section = filled.randomElement(using: &rng)!
    let path: IndexPath = [section, Int.random(in: 0..<grid.numberOfItems(inSection: section), using: &rng)]
    grid[itemAt: path] = item
    return "[\(path)] = \(item)"
  default:
    guard let section = filled.randomElement(using: &rng) else { return "nothing" }
    let from: IndexPath = [section, Int.random(in: 0..<grid.numberOfItems(inSection: section), using: &rng)]
    let toSection = Int.random(in: 0..<sections, using: &rng)
    let limit = grid.numberOfItems(inSection: toSection) - (toSection == section ? 1 : 0)
    let to: IndexPath = [toSection, Int.random(in: 0...limit, using: &rng)]
    grid.moveItem(from: from, to: to)
    return "move item \(from) to \(to)"
  }
}

/// Applies one random mutation (an edit, a batch of edits or a replace) to `grid` and describes it.
private func mutate(
  _ grid: MutableObservableArray2D<Int, Int>, next: inout Int, using rng: inout SeededRandomNumberGenerator
) -> String {
  var target = grid
  switch Int.random(in: 0..<10, using: &rng) {
  case 0, 1, 2, 3, 4: return edit(&target, next: &next, using: &rng)
  case 5, 6:
    let seed = rng.next()
    return grid.batchUpdate { batch in
      var local = SeededRandomNumberGenerator(seed: seed)
      let count = Int.random(in: 1...5, using: &local)
      return "batch " + (0..<count).map { _ in edit(&batch, next: &next, using: &local) }.description
    }
  case 7 where grid.numberOfSections > 0:
    let section = Int.random(in: 0..<grid.numberOfSections, using: &rng)
    var items = grid.collection.sections[section].items.filter { _ in Bool.random(using: &rng) }
    next += 1
    items.append(next)
    items.shuffle(using: &rng)
    grid.replaceItems(ofSectionAt: section, with: items, performDiff: true)
    return "replace items of \(section) with \(items)"
  default:
    let performDiff = Int.random(in: 0..<5, using: &rng) > 0
    var array = grid.collection
    array.sections = array.sections.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
    array.sections.shuffle(using: &rng)
    for index in array.sections.indices {
      array.sections[index].items.shuffle(using: &rng)
      if Bool.random(using: &rng) {
        next += 1
        array.sections[index].items.append(next)
      }
    }
    if Bool.random(using: &rng) {
      next += 3
      array.sections.append(.init(metadata: next - 2, items: [next - 1, next]))
    }
    grid.replace(with: array, performDiff: performDiff)
    return "replace with \(array.sections.map { ($0.metadata, $0.items) }), performDiff: \(performDiff)"
  }
}
