import Foundation
import Tether

// Epoxy's API (`Diffable`, `makeChangeset(from:)`, `makeSectionedChangeset(from:)`) against the
// typed path (`Identifiable`) on the same workloads of the diffing suite, (c) 100k and (e) 1M with
// mixed edits, and on 100 sections of 1,000 items. Issue 16's target: the Epoxy path at most 2.5x
// the typed one. The Epoxy rows include reading every element's `diffIdentifier` (an
// `AnyHashable`), which the protocol asks for. Int identifiers come three ways: computed on each
// read (`AnyHashable(id)`, which looks a protocol conformance up at run time), stored once when
// the model is made (as Epoxy's own models store their `dataID`), and stored with content compared
// as Epoxy's `ItemModel` compares it. Every Int row is divided by the same typed Int row.

var epoxyDiffingSuite: BenchmarkSuite {
  BenchmarkSuite(name: "epoxy", run: runEpoxyDiffingBenchmarks)
}

/// An Epoxy-style model: identified by `id`, changed when `value` differs.
struct EpoxyItem: Diffable, Identifiable, Equatable {
  let id: Int
  var value: Int

  var diffIdentifier: AnyHashable { AnyHashable(id) }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    guard let other = otherDiffableItem as? EpoxyItem else { return false }
    return self == other
  }
}

/// An Epoxy-style model that stores its identifier, made once with the model as Epoxy's models
/// store their `dataID`; equality is the synthesized `==` (identifier included).
struct EpoxyStoredIDItem: Diffable, Equatable {
  let diffIdentifier: AnyHashable
  var value: Int

  init(id: Int, value: Int) {
    diffIdentifier = AnyHashable(id)
    self.value = value
  }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    guard let other = otherDiffableItem as? EpoxyStoredIDItem else { return false }
    return self == other
  }
}

/// A stored identifier and content compared the way Epoxy's `ItemModel` compares it: after the
/// cast, through the stored content alone (the identifiers are already known to be equal).
struct EpoxyContentItem: Diffable {
  let diffIdentifier: AnyHashable
  var content: Int

  init(id: Int, content: Int) {
    diffIdentifier = AnyHashable(id)
    self.content = content
  }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    guard let other = otherDiffableItem as? Self else { return false }
    return content == other.content
  }
}

/// An Epoxy-style model identified by a string, as many apps' models are.
struct EpoxyStringItem: Diffable, Identifiable, Equatable {
  let id: String
  var value: Int

  var diffIdentifier: AnyHashable { AnyHashable(id) }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    guard let other = otherDiffableItem as? EpoxyStringItem else { return false }
    return self == other
  }
}

/// An Epoxy-style section of `EpoxyItem`s.
struct EpoxySection: DiffableSection, Identifiable, Equatable {
  let id: Int
  var title: String
  var items: [EpoxyItem]

  var diffIdentifier: AnyHashable { AnyHashable(id) }
  var diffableItems: [EpoxyItem] { items }

  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
    guard let other = otherDiffableItem as? EpoxySection else { return false }
    return title == other.title
  }
}

func runEpoxyDiffingBenchmarks() {
  var rng = BenchmarkRandom(seed: 0xE90C_5)
  for shape in [DiffWorkloadShape.mixed(count: 100_000, fraction: 0.10), .mixed(count: 1_000_000, fraction: 0.01)] {
    let items = shape.make(&rng, element: { EpoxyItem(id: $0, value: 0) }, updated: { EpoxyItem(id: $0.id, value: 1) })
    let stored = (
      old: items.old.map { EpoxyStoredIDItem(id: $0.id, value: $0.value) },
      new: items.new.map { EpoxyStoredIDItem(id: $0.id, value: $0.value) }
    )
    let content = (
      old: items.old.map { EpoxyContentItem(id: $0.id, content: $0.value) },
      new: items.new.map { EpoxyContentItem(id: $0.id, content: $0.value) }
    )
    let strings = items.old.map { EpoxyStringItem(id: "item-\($0.id)", value: $0.value) }
    let newStrings = items.new.map { EpoxyStringItem(id: "item-\($0.id)", value: $0.value) }
    let repetitions = items.old.count >= 1_000_000 ? 3 : 7
    var typedChangeset = IndexChangeset()
    var epoxyChangesets = [IndexChangeset](repeating: IndexChangeset(), count: 3)
    var identifiers: [AnyHashable] = []
    let times = interleavedMedianNanoseconds(
      repetitions: repetitions,
      [
        { typedChangeset = _typedChangeset(items.new, from: items.old) },
        { epoxyChangesets[0] = items.new.makeChangeset(from: items.old) },
        // The part of the Epoxy row spent in the models' own `diffIdentifier`s (making an
        // `AnyHashable` of an `Int` looks a protocol conformance up at run time): no diff avoids it.
        {
          _computeIdentifiers(items.old, into: &identifiers)
          _computeIdentifiers(items.new, into: &identifiers)
        },
        { epoxyChangesets[1] = stored.new.makeChangeset(from: stored.old) },
        {
          _computeIdentifiers(stored.old, into: &identifiers)
          _computeIdentifiers(stored.new, into: &identifiers)
        },
        { epoxyChangesets[2] = content.new.makeChangeset(from: content.old) },
        { blackHole(_typedChangeset(newStrings, from: strings)) },
        { blackHole(newStrings.makeChangeset(from: strings)) },
        {
          _computeIdentifiers(strings, into: &identifiers)
          _computeIdentifiers(newStrings, into: &identifiers)
        },
      ])
    precondition(epoxyChangesets.allSatisfy { $0 == typedChangeset }, "the Epoxy path and the typed path disagree")
    let typed = times[0]
    report("\(shape.label), typed (Identifiable, Int id)", typed / 1e6, unit: "ms")
    for (offset, kind) in ["computed", "stored"].enumerated() {
      let (epoxy, alone) = (times[1 + 2 * offset], times[2 + 2 * offset])
      report(
        "\(shape.label), Epoxy Diffable (Int id, \(kind))", epoxy / 1e6, unit: "ms",
        note: "\(format(epoxy / typed))x the typed path (target 2.5x)")
      report(
        "\(shape.label), its diffIdentifiers alone", alone / 1e6, unit: "ms",
        note: "\(format(alone / typed))x the typed path")
    }
    report(
      "\(shape.label), Epoxy (Int id, stored, content ==)", times[5] / 1e6, unit: "ms",
      note: "\(format(times[5] / typed))x the typed path (target 2.5x)")
    let (typedString, epoxyString, aloneString) = (times[6], times[7], times[8])
    report("\(shape.label), typed (Identifiable, String id)", typedString / 1e6, unit: "ms")
    report(
      "\(shape.label), Epoxy Diffable (String id)", epoxyString / 1e6, unit: "ms",
      note: "\(format(epoxyString / typedString))x the typed path (target 2.5x)")
    report(
      "\(shape.label), its diffIdentifiers alone", aloneString / 1e6, unit: "ms",
      note: "\(format(aloneString / typedString))x the typed path")
  }
  runEpoxySectionedBenchmark(&rng)
}

/// Computes the `diffIdentifier` of every element into `buffer`, as the Epoxy path does.
@inline(never)
func _computeIdentifiers<Element: Diffable>(_ elements: [Element], into buffer: inout [AnyHashable]) {
  buffer.removeAll(keepingCapacity: true)
  for element in elements { buffer.append(element.diffIdentifier) }
  blackHole(buffer)
}

/// Times each body `repetitions` times, taking turns so that a change in the machine's load
/// weighs on all of them alike, and returns each one's median in nanoseconds.
func interleavedMedianNanoseconds(repetitions: Int, _ bodies: [() -> Void]) -> [Double] {
  var samples = [[Double]](repeating: [], count: bodies.count)
  for _ in 0..<repetitions {
    for (index, body) in bodies.enumerated() {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
  }
  return samples.map { $0.sorted()[$0.count / 2] }
}

/// The typed path: `Identifiable & Equatable` elements, matched by `id`.
@inline(never)
func _typedChangeset<Element: Identifiable & Equatable>(_ new: [Element], from old: [Element]) -> IndexChangeset {
  new.makeChangeset(from: old)
}

/// 100 sections of 1,000 items: 10% item edits, 50 items moving across sections, 2 sections moved,
/// 1 renamed.
func runEpoxySectionedBenchmark(_ rng: inout BenchmarkRandom) {
  let old = (0..<100).map { section in
    EpoxySection(
      id: section, title: "Section \(section)",
      items: (0..<1_000).map { EpoxyItem(id: section * 1_000 + $0, value: 0) })
  }
  var new = old
  var next = 1_000_000
  for section in new.indices {
    let workload = DiffWorkloadShape.mixed(count: 1_000, fraction: 0.10)
      .make(&rng, element: { EpoxyItem(id: $0, value: 0) }, updated: { EpoxyItem(id: $0.id, value: 1) })
    // Reuse the workload's shape on this section's identifiers.
    new[section].items = workload.new.map { item in
      if item.id < 1_000 { return EpoxyItem(id: section * 1_000 + item.id, value: item.value) }
      next += 1
      return EpoxyItem(id: next, value: 0)
    }
  }
  for _ in 0..<50 {
    let from = Int.random(in: 0..<new.count, using: &rng)
    let to = Int.random(in: 0..<new.count, using: &rng)
    guard !new[from].items.isEmpty else { continue }
    let item = new[from].items.remove(at: Int.random(in: 0..<new[from].items.count, using: &rng))
    new[to].items.insert(item, at: Int.random(in: 0...new[to].items.count, using: &rng))
  }
  new.swapAt(10, 90)
  new[50].title = "Renamed"
  var typedChangeset: SectionedChangeset?
  var epoxyChangeset: SectionedChangeset?
  let times = interleavedMedianNanoseconds(
    repetitions: 7,
    [
      {
        typedChangeset = SectionedChangeset(
          from: old, to: new,
          sectionIdentifiedBy: \.id, isSectionEqual: { $0.title == $1.title },
          items: \.items, itemIdentifiedBy: \.id, isItemEqual: ==)
      },
      { epoxyChangeset = new.makeSectionedChangeset(from: old) },
    ])
  let (typed, epoxy) = (times[0], times[1])
  precondition(typedChangeset == epoxyChangeset, "the Epoxy sectioned path and the typed one disagree")
  report("100 sections x 1,000 items, typed closures", typed / 1e6, unit: "ms")
  report(
    "100 sections x 1,000 items, Epoxy makeSectionedChangeset", epoxy / 1e6, unit: "ms",
    note: "\(format(epoxy / typed))x the typed path (target 2.5x)")
}
