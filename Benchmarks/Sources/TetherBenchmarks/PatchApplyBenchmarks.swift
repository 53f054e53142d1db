import Tether

/// Applying long patches to random-access collections: a patch of about 10^6 operations on 10^6
/// elements, and undoing a `sort()` of an observable array (a move per displaced element).
@MainActor let patchApplyBenchmarks = BenchmarkSuite(name: "patch-apply") {
  var rng = BenchmarkRandom(seed: 2026)
  let big = Array(0..<1_000_000)
  let bigPatch = benchmarkPatch(on: big, count: 1_000_000, using: &rng)
  let applied = medianNanoseconds(repetitions: 3) { blackHole(big.applying(bigPatch)) }
  report("Array.applying, 1M-op patch on 1M elements", applied / 1e6, unit: "ms")

  // Undo of a sort: the inverse patch moves every displaced element once.
  let shuffled = Array(0..<200_000).shuffled(using: &rng)
  let sorted = Array(0..<200_000)
  // What `sort()` emits: every element out of place moves to its sorted offset (its value).
  let sortChange = OrderedCollectionChangeset(
    collection: sorted,
    diff: OrderedCollectionDiff(
      moves: shuffled.indices.filter { shuffled[$0] != $0 }.map { (from: $0, to: shuffled[$0]) })
  )
  let undo = medianNanoseconds(repetitions: 3, setUp: { MutableObservableArray(sorted) }) { array in
    array.undo(sortChange, from: shuffled)
    blackHole(array.collection)
  }
  report("MutableObservableArray.undo of sort(), 200k elements", undo / 1e6, unit: "ms")
}
