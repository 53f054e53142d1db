import Foundation
import Tether

/// An element for the bins benchmarks: binned by `category`, sorted by `score`.
private struct Ticket: Identifiable, Equatable, Sendable {
  var id: Int
  var category: Int
  var score: Int
}

private let tenBins = (0..<10).map { category in
  DiffCollectionFilter<Ticket>(name: "category \(category)") { $0.category == category }
}

private func tickets(count: Int, ids: Int, seed: UInt64) -> [Ticket] {
  var rng = BenchmarkRandom(seed: seed)
  return (0..<count).map { index in
    Ticket(
      id: ids == count ? index : Int.random(in: 0..<ids, using: &rng),
      category: Int.random(in: 0..<10, using: &rng),
      score: Int.random(in: 0..<1_000_000, using: &rng)
    )
  }
}

private func timeUpdates(_ name: String, sorted: Bool, _ input: [Ticket], note: String) {
  let nanoseconds = medianNanoseconds {
    var bins =
      sorted
      ? DiffCollection(filters: tenBins, sortedBy: { $0.score < $1.score }) : DiffCollection(filters: tenBins)
    var changes = 0
    for ticket in input { changes &+= bins.update(element: ticket).added.count }
    blackHole(changes)
    blackHole(bins)
  }
  report(name, nanoseconds / 1_000_000, unit: "ms", note: note)
}

// `@MainActor` because the harness's `BenchmarkSuite` is not Sendable; `main.swift` runs on the main actor.
@MainActor let binsBenchmarks = BenchmarkSuite(name: "bins") {
  let churn = tickets(count: 100_000, ids: 10_000, seed: 7)
  let fresh = tickets(count: 100_000, ids: 100_000, seed: 11)
  timeUpdates(
    "100k updates, 10 sorted bins, 10k ids (add/change/move)",
    sorted: true,
    churn,
    note: "target < 200 ms"
  )
  timeUpdates("100k updates, 10 sorted bins, 100k new ids", sorted: true, fresh, note: "target < 200 ms")
  timeUpdates("100k updates, 10 arrival-order bins, 10k ids", sorted: false, churn, note: "")

  // Deletes: fill 100k, then delete them all in random order.
  var deletionOrder = fresh
  var rng = BenchmarkRandom(seed: 3)
  deletionOrder.shuffle(using: &rng)
  let full: DiffCollection<Ticket, Int> = {
    var bins = DiffCollection(filters: tenBins, sortedBy: { $0.score < $1.score })
    for ticket in fresh { bins.update(element: ticket) }
    return bins
  }()
  let deleting = medianNanoseconds(setUp: { full }) { start in
    var bins = start
    var changes = 0
    for ticket in deletionOrder { changes &+= bins.delete(element: ticket).deleted.count }
    blackHole(changes)
  }
  report("100k deletes from 10 sorted bins of 10k", deleting / 1_000_000, unit: "ms")

  // The observable form: each update also updates the emitted 2D array and delivers a changeset.
  let observed = medianNanoseconds(repetitions: 5) {
    let bins = ObservableDiffCollection(filters: tenBins, sortedBy: { $0.score < $1.score })
    let seen = Counter()
    let observation = bins.observeNext { changeset in seen.add(changeset.diff.count) }
    for ticket in churn.prefix(20_000) { bins.update(element: ticket) }
    observation.dispose()
    blackHole(seen)
  }
  report("20k updates, observable, 10 sorted bins, 10k ids, 1 observer", observed / 1_000_000, unit: "ms")
}

/// A counter an observer can bump from its (serial) callbacks.
private final class Counter: @unchecked Sendable {  // Safe: only touched by one serial observer.
  private var total = 0
  func add(_ value: Int) { total &+= value }
}
