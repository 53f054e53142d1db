import Foundation
import Tether

/// A sectioned diff over `sections` sections of `items` items each. Without `movingSections`: in
/// every section `rate` of the items deleted, as many inserted, as many updated, and one moved to
/// the top. With it: section 0 moves to the end and one item of every section moves to the top (row
/// moves inside moved sections are what forces staging).
private func sectionedDiff(
  sections: Int,
  items: Int,
  rate: Double,
  movingSections: Bool,
  seed: UInt64
) -> (OrderedCollectionDiff<IndexPath>, counts: [Int]) {
  var rng = BenchmarkRandom(seed: seed)
  var diff = OrderedCollectionDiff<IndexPath>()
  let changed = max(1, Int(Double(items) * rate))
  for section in 0..<sections {
    let from = Int.random(in: (2 * changed)..<items, using: &rng)
    if movingSections {
      let target = section == 0 ? sections - 1 : section - 1
      diff.moves.append((from: [section, from], to: [target, 0]))
      continue
    }
    for item in 0..<changed { diff.deletes.append([section, item]) }
    for item in 0..<changed { diff.inserts.append([section, items - 1 - item]) }
    for item in changed..<(2 * changed) { diff.updates.append([section, item]) }
    diff.moves.append((from: [section, from], to: [section, 0]))
  }
  if movingSections { diff.moves.append((from: [0], to: [sections - 1])) }
  return (diff, Array(repeating: items, count: sections))
}

@MainActor
private final class CountingSource: SectionedViewDataSource {
  var counts: [Int]
  init(_ counts: [Int]) { self.counts = counts }
  func numberOfSections() -> Int { counts.count }
  func numberOfItems(inSection section: Int) -> Int { counts[section] }
  func cellForItem(at indexPath: IndexPath) -> Int { indexPath[1] }
  func titleForHeader(inSection section: Int) -> String? { nil }
}

// `@MainActor` because the harness's `BenchmarkSuite` is not Sendable; `main.swift` runs on the main actor.
@MainActor let dataSourcesBenchmarks = BenchmarkSuite(name: "datasources") {
  let (plain, counts) = sectionedDiff(sections: 1_000, items: 100, rate: 0.02, movingSections: false, seed: 1)
  let single = medianNanoseconds {
    blackHole(try! StagedChangeset(diff: plain, oldItemCounts: counts, newItemCounts: counts))
  }
  report("stage 1k sections x 100 rows, \(plain.count) changes (one stage)", single / 1_000_000, unit: "ms")

  let (moving, movingCounts) = sectionedDiff(sections: 1_000, items: 100, rate: 0.02, movingSections: true, seed: 2)
  let staged = medianNanoseconds {
    blackHole(try! StagedChangeset(diff: moving, oldItemCounts: movingCounts, newItemCounts: movingCounts))
  }
  report(
    "stage a section move + a row move per section (2 stages)", staged / 1_000_000, unit: "ms", note: "O(n) layouts")

  let apply = medianNanoseconds(repetitions: 5) {
    let view = BatchUpdateValidatingView<Int>()
    view.recordsCalls = false
    let source = CountingSource(counts)
    view.sectionedDataSource = source
    view.reloadData()
    view.performBatchUpdates(
      {
        for path in plain.deletes { view.deleteRows(at: [path], with: .none) }
        view.insertRows(at: plain.inserts, with: .none)
        view.reloadRows(at: plain.updates, with: .none)
        for move in plain.moves { view.moveRow(at: move.from, to: move.to) }
      },
      completion: nil
    )
    blackHole(view.rows.count)
  }
  report("validating view: reload 100k rows + one batch of \(plain.count)", apply / 1_000_000, unit: "ms")

  var rng = BenchmarkRandom(seed: 3)
  var array = (0..<10_000).map { _ in Int.random(in: 0..<1_000_000, using: &rng) }
  var changesets: [OrderedCollectionChangeset<[Int]>] = []
  for _ in 0..<1_000 {
    var patch: [OrderedCollectionOperation<Int, Int>] = []
    for _ in 0..<10 {
      let count = array.count
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        patch.append(.insert(Int.random(in: 0..<1_000_000, using: &rng), at: Int.random(in: 0...count, using: &rng)))
      case 1: patch.append(.delete(at: Int.random(in: 0..<count, using: &rng)))
      case 2: patch.append(.update(at: Int.random(in: 0..<count, using: &rng), newElement: -1))
      default:
        patch.append(.move(from: Int.random(in: 0..<count, using: &rng), to: Int.random(in: 0..<count, using: &rng)))
      }
      array.apply([patch.last!])
    }
    changesets.append(OrderedCollectionChangeset(collection: array, patch: patch))
  }
  let initial = OrderedCollectionChangeset(reloading: (0..<10_000).map { _ in 0 })
  let bound = medianNanoseconds(repetitions: 3) {
    let view = BatchUpdateValidatingView<Int>()
    view.recordsCalls = false
    let binder = SectionedBinderDataSource<SingleSectionChangeset<[Int]>, BatchUpdateValidatingView<Int>> {
      items, indexPath, _ in items.item(at: indexPath)
    }
    binder.view = view
    binder.apply(initial.asSectionedDataSourceChangeset)
    for changeset in changesets { binder.apply(changeset.asSectionedDataSourceChangeset) }
    blackHole(view.batchCount)
  }
  report(
    "binder -> validating view: 1k changesets of 10 ops on 10k rows", bound / 1_000_000, unit: "ms",
    note: "\(Int(bound / 1_000_000)) us per changeset, O(rows of touched sections)")
}
