import Dispatch
import Foundation
import MallocCounter
import Tether

// End to end: a 10,000-row sectioned list (`MutableObservableArray2D`, 100 sections x 100 items)
// bound to a `BatchUpdateValidatingView` through the sectioned binder, then 1,000 seeded random
// mutations (a quarter each: insert, remove, update, move within or across sections), one at a
// time. Per mutation: the time from the mutation call to the end of the view's batch update (the
// binder's `apply` returning), and how much of it the main thread spends.
//   - from the main thread: the binding delivers at once, inside the mutation call, so all of it
//     is main-thread time; the row splits it into the container (lock, edit, changeset) and the
//     binder + view (staging, batch, the validating view's own checks);
//   - from another thread: the binding hands every changeset to the main queue (one action per
//     changeset, see `OrderedMainDelivery`), which the main thread services by running its run
//     loop (`RunLoop.main`, as an app's main thread does). The mutating thread waits for each batch
//     before the next mutation, so the time includes the hop to the main thread; the main-thread
//     share is the binder + view time over that.
// Each runs twice: with the validating view, and with a minimal view that only keeps row counts
// and asks for the cells of inserted and reloaded rows (`MinimalSectionedView`), which separates the
// binder's cost from the validating view's checks. Every run checks that each mutation reached the
// view as one valid batch and that the view ends up showing the grid.
// Then memory: heap bytes per element held by a container with one observer, by the allocation
// counter of the runtime suite (live bytes, Linux).

@MainActor let endToEndBenchmarks = BenchmarkSuite(name: "end-to-end") {
  let mutations = sectionedMutations(count: 1_000, seed: 0xE2E)
  for fromAnotherThread in [false, true] {
    let view = BatchUpdateValidatingView<Int>()
    view.recordsCalls = false
    let run = runSectionedList(mutations, on: view, fromAnotherThread: fromAnotherThread)
    precondition(
      view.violations.isEmpty && run.fallbacks == 0 && view.batchCount == mutations.count && view.reloadCount == 1
        && view.rows == run.grid.collection.sections.map(\.items),
      "end-to-end: \(view.violations.count) violations, \(run.fallbacks) fallbacks, \(view.batchCount) batches, "
        + "\(view.reloadCount) reloads")
    report(run, fromAnotherThread: fromAnotherThread, view: "validating view")
    // The same through a view that does only what any view must (see `MinimalSectionedView`): the
    // binder's own share, without the validating view's checks.
    let minimal = MinimalSectionedView()
    let minimalRun = runSectionedList(mutations, on: minimal, fromAnotherThread: fromAnotherThread)
    precondition(
      minimalRun.fallbacks == 0 && minimal.batchCount == mutations.count
        && minimal.rowCounts == minimalRun.grid.collection.sections.map(\.items.count),
      "end-to-end: the minimal view ends with other row counts than the grid")
    report(minimalRun, fromAnotherThread: fromAnotherThread, view: "minimal view")
  }
  endToEndFlatRows()  // flat: array against list, 10k and 1M rows (EndToEndFlatBenchmarks.swift)
  reportMemoryPerElement()
}

private func report(_ run: SectionedListRun, fromAnotherThread: Bool, view: String) {
  let share = run.binderAndView.total / run.latency.total
  let start = fromAnotherThread ? "to the main thread" : "container"
  report(
    "10k rows, 1k mutations \(fromAnotherThread ? "off" : "on") main, \(view)", run.latency.median / 1e3,
    unit: "µs/mutation",
    note:
      "mean \(microseconds(run.latency.total / Double(run.latency.samples.count))), p99 \(microseconds(run.latency.p99)); \(start) \(microseconds(run.container.median)), binder + view "
      + "\(microseconds(run.binderAndView.median)) (medians); main thread "
      + (fromAnotherThread ? "\(Int((share * 100).rounded()))% of the total time" : "100%"))
}

/// One mutation of the sectioned list, drawn before timing.
private enum SectionedMutation: Sendable {
  case insert(Int, at: IndexPath)
  case remove(at: IndexPath)
  case update(at: IndexPath, Int)
  case move(from: IndexPath, to: IndexPath)

  func apply(to grid: MutableObservableArray2D<Int, Int>) {
    switch self {
    case .insert(let item, let path): grid.insert(item: item, at: path)
    case .remove(let path): _ = grid.removeItem(at: path)
    case .update(let path, let item): grid[itemAt: path] = item
    case .move(let from, let to): grid.moveItem(from: from, to: to)
    }
  }
}

private let sectionCount = 100
private let itemsPerSection = 100

private func initialGrid() -> Array2D<Int, Int> {
  Array2D(
    sectionsWithItems: (0..<sectionCount).map { section in
      (section, Array((section * itemsPerSection)..<((section + 1) * itemsPerSection)))
    })
}

/// `count` random mutations that keep every index path valid, tracked on the section sizes.
private func sectionedMutations(count: Int, seed: UInt64) -> [SectionedMutation] {
  var rng = BenchmarkRandom(seed: seed)
  var sizes = Array(repeating: itemsPerSection, count: sectionCount)
  var nextItem = sectionCount * itemsPerSection
  func anyItem(_ rng: inout BenchmarkRandom) -> IndexPath {
    while true {
      let section = Int.random(in: 0..<sectionCount, using: &rng)
      if sizes[section] > 0 { return [section, Int.random(in: 0..<sizes[section], using: &rng)] }
    }
  }
  var mutations: [SectionedMutation] = []
  for _ in 0..<count {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      let section = Int.random(in: 0..<sectionCount, using: &rng)
      mutations.append(.insert(nextItem, at: [section, Int.random(in: 0...sizes[section], using: &rng)]))
      sizes[section] += 1
      nextItem += 1
    case 1:
      let path = anyItem(&rng)
      mutations.append(.remove(at: path))
      sizes[path[0]] -= 1
    case 2:
      mutations.append(.update(at: anyItem(&rng), nextItem))
      nextItem += 1
    default:
      let from = anyItem(&rng)
      sizes[from[0]] -= 1
      let section = Int.random(in: 0..<sectionCount, using: &rng)
      mutations.append(.move(from: from, to: [section, Int.random(in: 0...sizes[section], using: &rng)]))
      sizes[section] += 1
    }
  }
  return mutations
}

/// A sectioned binder that notes when each `apply` starts and ends, and tells `applied`.
@MainActor
private final class TimingBinder<View: SectionedViewProtocol>: SectionedBinderDataSource<
  TreeChangeset<Array2D<Int, Int>>, View
>
where View.Cell == Int {
  var applied: (_ start: UInt64, _ end: UInt64) -> Void = { _, _ in }
  private(set) var fallbacks = 0

  init() {
    super.init(animations: .none) { grid, indexPath, _ in grid.item(at: indexPath) }
  }

  override func apply(_ newChangeset: TreeChangeset<Array2D<Int, Int>>) {
    let start = DispatchTime.now().uptimeNanoseconds
    super.apply(newChangeset)
    applied(start, DispatchTime.now().uptimeNanoseconds)
  }

  override func didFallBackToReload(because error: ChangesetValidationError) {
    fallbacks += 1
  }
}

/// Per-mutation times in nanoseconds, with their median, 99th percentile and sum.
private struct Durations {
  var samples: [Double] = []
  var median: Double { samples.sorted()[samples.count / 2] }
  var p99: Double { samples.sorted()[samples.count * 99 / 100] }
  var total: Double { samples.reduce(0, +) }
}

/// What one run of the mutations measured.
private struct SectionedListRun {
  /// Mutation call to the end of the view's batch.
  var latency: Durations
  /// Mutation call to the start of the binder's `apply`: the container's work, and from another
  /// thread the hop to the main thread.
  var container: Durations
  /// The binder's `apply`, batch update included: main-thread time.
  var binderAndView: Durations
  /// The mutated grid, to compare the view with.
  let grid: MutableObservableArray2D<Int, Int>
  /// How often the binder fell back to a reload (never, for a container's changesets).
  let fallbacks: Int
}

/// Timestamps of mutations and of the binder's applies, written by two threads.
private final class Timestamps: @unchecked Sendable {
  // Safe: every stored property is read and written under `lock`.
  private let lock = NSLock()
  private var mutationStarts: [UInt64] = []
  private var applies: [(start: UInt64, end: UInt64)] = []
  private var finished = false

  func mutationStarted(at time: UInt64) { lock.withLock { mutationStarts.append(time) } }
  func applied(start: UInt64, end: UInt64) { lock.withLock { applies.append((start, end)) } }
  func finish() { lock.withLock { finished = true } }
  var isFinished: Bool { lock.withLock { finished } }

  /// Per mutation: to the end of its batch, to the start of the binder's `apply`, and that `apply`.
  func durations() -> (latency: Durations, container: Durations, binderAndView: Durations) {
    lock.withLock {
      precondition(
        mutationStarts.count == applies.count,
        "end-to-end: \(applies.count) batches for \(mutationStarts.count) mutations")
      var result = (latency: Durations(), container: Durations(), binderAndView: Durations())
      for (start, apply) in zip(mutationStarts, applies) {
        result.latency.samples.append(Double(apply.end - start))
        result.container.samples.append(Double(apply.start - start))
        result.binderAndView.samples.append(Double(apply.end - apply.start))
      }
      return result
    }
  }
}

/// Binds a fresh 100 x 100 grid to `view` and applies `mutations` one at a time, on the main
/// thread or from another thread while the main thread runs its run loop.
@MainActor
private func runSectionedList<View: SectionedViewProtocol>(
  _ mutations: [SectionedMutation],
  on view: View,
  fromAnotherThread: Bool
) -> SectionedListRun where View.Cell == Int {
  let grid = MutableObservableArray2D<Int, Int>(initialGrid())
  let dataSource = TimingBinder<View>()
  let binding = grid.bind(to: view, using: dataSource)
  let stamps = Timestamps()
  let batchApplied = DispatchSemaphore(value: 0)
  dataSource.applied = { start, end in
    stamps.applied(start: start, end: end)
    if fromAnotherThread { batchApplied.signal() }
  }
  if fromAnotherThread {
    let thread = Thread {
      for mutation in mutations {
        stamps.mutationStarted(at: DispatchTime.now().uptimeNanoseconds)
        mutation.apply(to: grid)
        batchApplied.wait()
      }
      stamps.finish()
    }
    thread.start()
    // The main queue's actions run while the main run loop runs (as in an app).
    while !stamps.isFinished { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
  } else {
    for mutation in mutations {
      stamps.mutationStarted(at: DispatchTime.now().uptimeNanoseconds)
      mutation.apply(to: grid)
    }
  }
  binding.dispose()
  let (latency, container, binderAndView) = stamps.durations()
  return SectionedListRun(
    latency: latency, container: container, binderAndView: binderAndView, grid: grid, fallbacks: dataSource.fallbacks)
}

/// Heap bytes per element of containers with one observer (and of a bound list), after a few
/// mutations were delivered, so whatever a delivery leaves behind is counted.
@MainActor
private func reportMemoryPerElement() {
  guard tether_malloc_counting_available() == 1 else {
    print("  memory per element: not counted on this platform")
    return
  }
  let flatCount = 1_000_000
  let flat = heapGrowth {
    let array = MutableObservableArray(Array(0..<flatCount))
    let observation = array.observeNext { blackHole($0.diff.count) }
    for offset in 0..<3 { array[offset * 1_000] = -offset }
    return (array, observation)
  }
  report(
    "heap bytes/element: observable array of 1M Int, 1 observer", flat.bytes / Double(flatCount), unit: "bytes",
    note: "an Int is 8 bytes")
  flat.dispose()

  let gridCount = sectionCount * itemsPerSection
  let grid = heapGrowth {
    let grid = MutableObservableArray2D<Int, Int>(initialGrid())
    let observation = grid.observeNext { blackHole($0.diff.count) }
    for section in 0..<3 { grid[itemAt: [section * 10, 0]] = -section }
    return (grid, observation)
  }
  report(
    "heap bytes/element: observable 2D array, 100 x 100 Int", grid.bytes / Double(gridCount),
    unit: "bytes", note: "one observer; an Int is 8 bytes")
  grid.dispose()

  let bound = heapGrowth {
    let grid = MutableObservableArray2D<Int, Int>(initialGrid())
    let view = BatchUpdateValidatingView<Int>()
    view.recordsCalls = false
    let dataSource = TimingBinder<BatchUpdateValidatingView<Int>>()
    let binding = grid.bind(to: view, using: dataSource)
    for section in 0..<3 { grid[itemAt: [section * 10, 0]] = -section }
    return ((grid, view, dataSource), binding)
  }
  report(
    "  the same bound to a validating view by the binder", bound.bytes / Double(gridCount), unit: "bytes",
    note: "container + binder + the view's own rows")
  bound.dispose()
}

/// The heap's growth while `build` makes something and returns it with what keeps it observed.
@MainActor
private func heapGrowth(_ build: () -> (Any, any Disposable)) -> (bytes: Double, dispose: () -> Void) {
  tether_malloc_counting_enabled(1)
  let before = tether_malloc_live_bytes()
  let (kept, observation) = build()
  let after = tether_malloc_live_bytes()
  tether_malloc_counting_enabled(0)
  return (Double(after - before), { withExtendedLifetime(kept) { observation.dispose() } })
}

private func microseconds(_ nanoseconds: Double) -> String {
  String(format: nanoseconds < 10_000 ? "%.2f" : "%.1f", nanoseconds / 1e3)
}

/// A sectioned view that does only what every view does for a batch: it keeps each section's row
/// count and asks the data source for the cell of every inserted or reloaded row (UIKit asks only
/// for the visible ones; the validating view also rebuilds and checks every touched section).
@MainActor
private final class MinimalSectionedView: SectionedViewProtocol {
  weak var sectionedDataSource: (any SectionedViewDataSource<Int>)?
  private(set) var rowCounts: [Int] = []
  private(set) var batchCount = 0
  private var sum = 0

  func reloadData() {
    guard let source = sectionedDataSource else { return }
    rowCounts = (0..<source.numberOfSections()).map { source.numberOfItems(inSection: $0) }
  }

  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    updates?()
    if let source = sectionedDataSource {
      rowCounts = (0..<source.numberOfSections()).map { source.numberOfItems(inSection: $0) }
    }
    batchCount += 1
    completion?(true)
    blackHole(sum)
  }

  func insertSections(_ sections: IndexSet, with animation: ViewRowAnimation) {}
  func deleteSections(_ sections: IndexSet, with animation: ViewRowAnimation) {}
  func reloadSections(_ sections: IndexSet, with animation: ViewRowAnimation) {}
  func moveSection(_ section: Int, toSection newSection: Int) {}
  func insertRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) { askCells(indexPaths) }
  func deleteRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {}
  func reloadRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) { askCells(indexPaths) }
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  func dequeueReusableCell(withIdentifier identifier: String) -> Int? { nil }
  func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
  func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Int { 0 }

  private func askCells(_ indexPaths: [IndexPath]) {
    guard let source = sectionedDataSource else { return }
    for path in indexPaths { sum &+= source.cellForItem(at: path) }
  }
}
