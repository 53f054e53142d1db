import Dispatch
import Tether

// End to end, flat (issue 24, item 4: the end-to-end suite extended): a 10,000-row and a
// 1,000,000-row list bound through the flat binder to `MinimalFlatView` (it keeps the row count and
// asks for the cells of inserted and reloaded rows), then 1,000 seeded random mutations from the
// main thread (a quarter each: insert, remove, update, move), one at a time. Per mutation: the
// median time from the mutation call to the end of the view's batch, for `MutableObservableArray`
// (the binder keeps the array, so every mutation copies it: O(n)) and `MutableObservableList`
// (structural sharing: O(log n)), in the same run. Every run checks that each mutation reached the
// view as one batch and that the view ends with the container's row count.

/// One mutation of the flat list, drawn before timing.
private enum FlatMutation {
  case insert(Int, at: Int)
  case remove(at: Int)
  case update(at: Int, Int)
  case move(from: Int, to: Int)

  func apply<C: RangeReplaceableCollection & MutableCollection>(to list: MutableObservableCollection<C>)
  where C.Element == Int, C.Index == Int {
    switch self {
    case .insert(let item, let index): list.insert(item, at: index)
    case .remove(let index): _ = list.remove(at: index)
    case .update(let index, let item): list[index] = item
    case .move(let from, let to): list.move(from: from, to: to)
    }
  }
}

/// `count` mutations of a list of `size` rows that keep its size between `size - count` and
/// `size + count`.
private func flatMutations(count: Int, size: Int, seed: UInt64) -> [FlatMutation] {
  var rng = BenchmarkRandom(seed: seed)
  var rows = size
  return (0..<count).map { step in
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      rows += 1
      return .insert(-step, at: Int.random(in: 0..<rows, using: &rng))
    case 1:
      rows -= 1
      return .remove(at: Int.random(in: 0...rows, using: &rng))
    case 2: return .update(at: Int.random(in: 0..<rows, using: &rng), step)
    default: return .move(from: Int.random(in: 0..<rows, using: &rng), to: Int.random(in: 0..<rows, using: &rng))
    }
  }
}

/// The median nanoseconds per mutation, from the call to the end of the view's batch (the
/// binding delivers inside the call on the main thread). `bind` binds the container to the view
/// (the flat binder is declared per collection type, hence a closure).
@MainActor
private func boundFlatRun<C: RangeReplaceableCollection & MutableCollection & SendableMetatype>(
  _ container: MutableObservableCollection<C>,
  _ mutations: [FlatMutation],
  bind: (MinimalFlatView) -> any Disposable
) -> Double where C.Element == Int, C.Index == Int {
  let view = MinimalFlatView()
  let binding = bind(view)
  defer { binding.dispose() }
  var samples: [Double] = []
  samples.reserveCapacity(mutations.count)
  for mutation in mutations {
    let start = DispatchTime.now().uptimeNanoseconds
    mutation.apply(to: container)
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  }
  precondition(
    view.batchCount == mutations.count && view.rowCount == container.count,
    "end-to-end flat: \(view.batchCount) batches for \(mutations.count) mutations")
  samples.sort()
  return samples[samples.count / 2]
}

@MainActor func endToEndFlatRows() {
  var listAt10k = 0.0
  for size in [10_000, 1_000_000] {
    let mutations = flatMutations(count: 1_000, size: size, seed: 0xF1A7)
    // A kept array copies every row per mutation: fewer mutations at 1M.
    let arrayContainer = MutableObservableArray(Array(0..<size))
    let array = boundFlatRun(arrayContainer, Array(mutations.prefix(size >= 1_000_000 ? 40 : 1_000))) { view in
      arrayContainer.bind(to: view) { rows, row, _ in rows[row] }
    }
    let listContainer = MutableObservableList(PersistentArray(0..<size))
    let list = boundFlatRun(listContainer, mutations) { view in
      listContainer.bind(to: view) { rows, row, _ in rows[row] }
    }
    if size == 10_000 { listAt10k = list }
    let rows = size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1_000)k"
    let versus10k = size == 10_000 ? "" : "; \(((list / listAt10k) * 100).rounded() / 100) x the list at 10k"
    report(
      "\(rows) rows flat, 1k mutations on main, minimal view: list", list / 1e3, unit: "µs/mutation",
      note: "median, mutation to batch applied; array \(((array / 1e3) * 100).rounded() / 100) µs; "
        + "array/list \(((array / list) * 100).rounded() / 100)\(versus10k)")
  }
}
