import Dispatch
import Foundation
import Tether

// Collection operators on signals of changesets (seeded), each changeset sent through a
// PassthroughSubject with both forms known (as a container's single mutations provide them), to
// one observer that reads each output changeset's diff and drops it:
//   single updates: a reload of a 100,000-element array, then 10,000 changesets each replacing one
//     random element with a random value, through filterCollection and sortedCollection (the cost
//     per update excludes the reload); the baselines redo the work from scratch per change
//     (`filter` / `sorted()` of the whole array, without even a diff).
//   appends: 100,000 single appends from empty through filterCollection and mapCollection, and
//     10,000 random-valued appends through sortedCollection (each an insert into the sorted array).
//   live operators: see `runLiveOperatorBenchmarks`.
// Each prints the median total and the cost per changeset. The floor is the same stream observed
// without an operator: a subject delivery, one changeset and its diff read.

var collectionOperatorBenchmarks: BenchmarkSuite {
  BenchmarkSuite(name: "collection-operators", run: runCollectionOperatorBenchmarks)
}

private typealias Changeset = OrderedCollectionChangeset<[Int]>

func runCollectionOperatorBenchmarks() {
  var rng = BenchmarkRandom(seed: 0xC011_0905)
  let count = 100_000
  let initial = (0..<count).map { _ in Int.random(in: 0..<1_000_000, using: &rng) }
  var updates: [(offset: Int, value: Int)] = []
  for _ in 0..<10_000 {
    updates.append((Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<1_000_000, using: &rng)))
  }

  func singleUpdates(_ name: String, _ makeSignal: (PassthroughSubject<Changeset, Never>) -> Signal<Changeset, Never>) {
    func run(updates: ArraySlice<(offset: Int, value: Int)>) -> Double {
      medianNanoseconds(repetitions: 5) {
        let subject = PassthroughSubject<Changeset, Never>()
        let observation = makeSignal(subject).observeNext { blackHole($0.diff) }
        var array = initial
        subject.send(.reload(array))
        for update in updates {
          array[update.offset] = update.value
          subject.send(
            Changeset(
              collection: array, patch: [.update(at: update.offset, newElement: update.value)],
              diff: .init(updates: [update.offset])))
        }
        observation.dispose()
      }
    }
    let reload = run(updates: [])
    let total = run(updates: updates[...])
    report("\(name), reload of 100,000", reload / 1e6, unit: "ms")
    report("  then per single-element update", (total - reload) / 1e3 / Double(updates.count), unit: "µs")
  }

  singleUpdates("filterCollection") { $0.filterCollection { $0.isMultiple(of: 2) } }
  let filterBaseline = medianNanoseconds(repetitions: 3) {
    var array = initial
    for update in updates.prefix(50) {
      array[update.offset] = update.value
      blackHole(array.filter { $0.isMultiple(of: 2) })
    }
  }
  report("  baseline: filter the whole array per change", filterBaseline / 1e3 / 50, unit: "µs")

  singleUpdates("sortedCollection") { $0.sortedCollection() }
  let sortBaseline = medianNanoseconds(repetitions: 3) {
    var array = initial
    for update in updates.prefix(20) {
      array[update.offset] = update.value
      blackHole(array.sorted())
    }
  }
  report("  baseline: sort the whole array per change", sortBaseline / 1e3 / 20, unit: "µs")

  func appends(
    _ name: String, count: Int,
    _ makeSignal: (PassthroughSubject<Changeset, Never>) -> Signal<Changeset, Never>
  ) {
    let values = (0..<count).map { _ in Int.random(in: 0..<1_000_000, using: &rng) }
    let nanoseconds = medianNanoseconds(repetitions: 5) {
      let subject = PassthroughSubject<Changeset, Never>()
      let observation = makeSignal(subject).observeNext { blackHole($0.diff) }
      var array: [Int] = []
      subject.send(.reload(array))
      for value in values {
        array.append(value)
        subject.send(
          Changeset(
            collection: array, patch: [.insert(value, at: array.count - 1)], diff: .init(inserts: [array.count - 1])))
      }
      observation.dispose()
    }
    report("\(name), \(count) single appends", nanoseconds / 1e6, unit: "ms")
    report("  per changeset", nanoseconds / 1e3 / Double(count), unit: "µs")
  }

  appends("floor: no operator (subject, changeset, diff read)", count: 100_000) { $0.toSignal() }
  appends("filterCollection", count: 100_000) { $0.filterCollection { $0.isMultiple(of: 2) } }
  appends("mapCollection", count: 100_000) { $0.mapCollection { $0 * 2 } }
  appends("sortedCollection (random values)", count: 10_000) { $0.sortedCollection() }

  runLiveOperatorBenchmarks(rng: &rng)
}

/// The operators whose predicate, ordering or grouping changes while they run, on 10,000 elements:
///   filterCollection(by:): a new predicate that hides half the elements (one diff of 5,000
///     deletes), against a reload of the filtered array, the cost of re-filtering with
///     `flatMapLatest`;
///   sortedCollection(by:): a new ordering (by value, then by the last three digits), one diff of
///     moves;
///   groupedCollection(by:): 10,000 elements in 100 groups, then 1,000 single-element updates that
///     each change the element's group (cross-section moves), and the same 1,000 in one batch.
private func runLiveOperatorBenchmarks(rng: inout BenchmarkRandom) {
  let count = 10_000
  let initial = (0..<count).map { _ in Int.random(in: 0..<1_000_000, using: &rng) }

  /// The time to observe, reload `initial` and then send `controls` one after the other.
  func live<Control>(
    _ controls: [Control],
    _ makeSignal: (PassthroughSubject<Changeset, Never>, PassthroughSubject<Control, Never>) -> Signal<Changeset, Never>
  ) -> Double {
    medianNanoseconds(repetitions: 5) {
      let subject = PassthroughSubject<Changeset, Never>()
      let controlSubject = PassthroughSubject<Control, Never>()
      let observation = makeSignal(subject, controlSubject).observeNext { blackHole($0.diff) }
      controlSubject.send(controls[0])
      subject.send(.reload(initial))
      for control in controls.dropFirst() { controlSubject.send(control) }
      observation.dispose()
    }
  }

  typealias Predicate = @Sendable (Int) -> Bool
  let all: Predicate = { _ in true }
  let even: Predicate = { $0.isMultiple(of: 2) }
  let filterReload = live([all]) { $0.filterCollection(by: $1) }
  let filterChange = live([all, even]) { $0.filterCollection(by: $1) }
  report("filterCollection(by:), reload of 10,000", filterReload / 1e6, unit: "ms")
  report("  then a predicate change hiding half (a diff)", (filterChange - filterReload) / 1e6, unit: "ms")
  let refilterBaseline = medianNanoseconds(repetitions: 5) {
    blackHole(Changeset.reload(initial.filter(even)).collection)
  }
  report("  baseline: a reload of the re-filtered array", refilterBaseline / 1e6, unit: "ms")

  typealias Ordering = @Sendable (Int, Int) -> Bool
  let ascending: Ordering = { $0 < $1 }
  let byLastDigits: Ordering = { ($0 % 1000, $0) < ($1 % 1000, $1) }
  let sortReload = live([ascending]) { $0.sortedCollection(by: $1) }
  let sortChange = live([ascending, byLastDigits]) { $0.sortedCollection(by: $1) }
  report("sortedCollection(by:), reload of 10,000", sortReload / 1e6, unit: "ms")
  report("  then an ordering change (a diff of moves)", (sortChange - sortReload) / 1e6, unit: "ms")

  // Values below 100,000, grouped by their last two digits: 100 groups of about 100 elements.
  let values = (0..<count).map { _ in Int.random(in: 0..<100_000, using: &rng) }
  var keyChanges: [(offset: Int, value: Int)] = []
  for _ in 0..<1_000 {
    let offset = Int.random(in: 0..<count, using: &rng)
    keyChanges.append((offset, values[offset] + 1 + Int.random(in: 0..<98, using: &rng)))
  }
  func grouped(singleChangesets: Bool, changes: ArraySlice<(offset: Int, value: Int)>) -> Double {
    medianNanoseconds(repetitions: 3) {
      let subject = PassthroughSubject<Changeset, Never>()
      let observation = subject.groupedCollection(by: { $0 % 100 }).observeNext { blackHole($0.diff) }
      var array = values
      subject.send(.reload(array))
      if singleChangesets {
        for change in changes {
          array[change.offset] = change.value
          subject.send(
            Changeset(
              collection: array, patch: [.update(at: change.offset, newElement: change.value)],
              diff: .init(updates: [change.offset])))
        }
      } else if !changes.isEmpty {
        var patch: [OrderedCollectionOperation<Int, Int>] = []
        for change in changes {
          array[change.offset] = change.value
          patch.append(.update(at: change.offset, newElement: change.value))
        }
        subject.send(Changeset(collection: array, patch: patch))
      }
      observation.dispose()
    }
  }
  let groupReload = grouped(singleChangesets: true, changes: [])
  let groupSingles = grouped(singleChangesets: true, changes: keyChanges[...])
  let groupBatch = grouped(singleChangesets: false, changes: keyChanges[...])
  report("groupedCollection(by:), reload of 10,000 into 100 groups", groupReload / 1e6, unit: "ms")
  report("  then 1,000 key changes, one changeset each", (groupSingles - groupReload) / 1e6, unit: "ms")
  report("  per key change", (groupSingles - groupReload) / 1e3 / 1_000, unit: "µs")
  report("  then 1,000 key changes in one changeset", (groupBatch - groupReload) / 1e6, unit: "ms")
}
