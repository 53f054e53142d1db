import Dispatch
import Foundation
import MallocCounter
import Tether

// Snapshots (issue 24): what keeping the collection costs the next mutation.
//   - kept: one observer keeps every changeset's collection (as binders, data sources and
//     `ObservedCollection` do); per-mutation median for append, update and remove in the middle,
//     at 1k, 100k and 1M Int elements, for `MutableObservableArray` and `MutableObservableList`.
//     The floor is the same mutation of an unobserved array container, measured in the same run.
//   - bound: the container bound through the flat binder to a minimal flat view (keeps a row count,
//     asks for the cell of every inserted or reloaded row), mutated on the main thread, so the time
//     runs from the mutation call to the end of the view's batch.
//   - background: one thread appends 16k or 160k values while a main-queue observer keeps each
//     collection (the main thread runs its run loop), per append until the last one is observed.
//   - threads: 160k appends to an array with a no-op observer, split over 1, 2, 4 and 8 threads,
//     against one thread doing them all, in the same run; each row is followed by its floor (a
//     plain array behind one mutex, taken twice per append), split the same way.
//   - background, observer does not keep: as background, but the main-queue observer only counts,
//     so what it costs is the container's and the main-queue hop's own queues, 16k against 160k.
//   - receive(on:), observer does not keep: as background, observer does not keep, but the observer
//     is behind `receive(on:)` onto a serial dispatch queue instead of the main queue; at 16k also
//     through `map { $0 }` first, whose changesets cross whole (the cost before issue 24, item 3).
//   - queued: heap bytes each changeset waiting in the container's delivery queue holds, while a
//     blocked observer keeps the deliverer busy, for a 100k-element array.
//   - iterating 1M elements, diffing two 1M-element versions, and heap bytes per element, list
//     against array.
//   - replace: `replaceSubrange` in the middle of a list of 10k, 100k and 1M elements (at 2,000
//     positions within 4,096 of it, every alignment to node boundaries) while a snapshot is kept: inserting and removing k = 16 and k = 1,024 elements (which cut and
//     concatenate the tree), and 16 replaced by 16 (written in place on the path); the ratio to
//     10k stays near 1 for O(log n + k). For comparison, inserting 16 into an unshared array.
//   - operators: `filterCollection`, `sortedCollection` and `mapCollection` of a list and of an
//     array of 100k and 1M Int elements, one observer keeping each output (as a binder does);
//     per-mutation median of updates in the middle, from the mutation call to the output kept.
//     Then appends to an array of 100k and 1M observed through the live `filterCollection(by:)`,
//     output not kept: the ratio stays near 1 because the operator does not keep the array.

@MainActor let snapshotsBenchmarks = BenchmarkSuite(name: "snapshots") {
  // `SNAPSHOTS_ONLY=threads` (or `kept,threads`, ...) runs only the named groups, in suite order.
  let only = ProcessInfo.processInfo.environment["SNAPSHOTS_ONLY"]?.split(separator: ",").map(String.init)
  func wanted(_ names: String...) -> Bool { only.map { only in names.contains { only.contains($0) } } ?? true }
  if wanted("kept") {
    for size in [1_000, 100_000, 1_000_000] { keptRows(size: size) }
  }
  if wanted("bound") { boundRows() }
  if wanted("bound", "bound-allocations") { boundAllocationRows() }
  if wanted("background") { backgroundRows() }
  if wanted("threads") { threadRows() }
  if wanted("background", "background-free") { backgroundFreeRows() }
  if wanted("receive-on") { receiveOnFreeRows() }
  if wanted("queued") { queuedMemoryRow() }
  if wanted("iterate") { iterationRow() }
  if wanted("diff") { diffRow() }
  if wanted("memory") { memoryRows() }
  if wanted("replace") { replaceRows() }
  if wanted("operators") {
    operatorRows()
    liveFilterRows()
  }
}

/// What an observer keeps: written only by the delivering thread, which is the benchmark's only one.
private final class Keeper<Value>: @unchecked Sendable {
  // Safe: one thread at a time writes it (the mutating thread, or the one queue a hop delivers on),
  // and it is read after that thread signalled it was done.
  var value: Value?
  var count = 0
}

private enum Mutation: CaseIterable {
  case append
  case update
  case remove

  var name: String {
    switch self {
    case .append: "append"
    case .update: "update"
    case .remove: "remove"
    }
  }

  /// Performs the `step`th mutation of this kind on a container of about `size` elements.
  func perform<C: RangeReplaceableCollection>(on container: MutableObservableCollection<C>, step: Int, size: Int)
  where C.Element == Int {
    switch self {
    case .append: container.append(step)
    case .update: container[(size / 2 + step * 7) % size] = -step
    case .remove: container.remove(at: (size / 2 + step * 7) % (size - step))
    }
  }
}

/// Per-mutation medians, in nanoseconds, of `count` mutations timed one by one.
private func perMutation(_ count: Int, _ body: (Int) -> Void) -> Double {
  var samples: [Double] = []
  samples.reserveCapacity(count)
  for step in 0..<count {
    let start = DispatchTime.now().uptimeNanoseconds
    body(step)
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  }
  samples.sort()
  return samples[samples.count / 2]
}

private func label(_ size: Int) -> String {
  size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1_000)k"
}

private func keptRows(size: Int) {
  let elements = Array(0..<size)
  for mutation in Mutation.allCases {
    // An array that is kept copies every element per mutation: fewer samples at 1M.
    let arrayCount = size >= 1_000_000 ? 40 : 1_000
    let floor: Double = {
      let container = MutableObservableArray(elements)
      return perMutation(1_000) { mutation.perform(on: container, step: $0, size: size) }
    }()
    let array: Double = {
      let container = MutableObservableArray(elements)
      let keeper = Keeper<[Int]>()
      let observation = container.observeNext { keeper.value = $0.collection }
      defer { observation.dispose() }
      return perMutation(arrayCount) { mutation.perform(on: container, step: $0, size: size) }
    }()
    let list: Double = {
      let container = MutableObservableList(PersistentArray(elements))
      let keeper = Keeper<PersistentArray<Int>>()
      let observation = container.observeNext { keeper.value = $0.collection }
      defer { observation.dispose() }
      return perMutation(1_000) { mutation.perform(on: container, step: $0, size: size) }
    }()
    report(
      "\(label(size)) \(mutation.name), observer keeps: array", array / 1e3, unit: "µs",
      note: "\(ratio(array, floor)) x floor (unobserved array \(microseconds(floor)) µs)")
    report(
      "\(label(size)) \(mutation.name), observer keeps: list", list / 1e3, unit: "µs",
      note: "\(ratio(list, floor)) x floor; array/list \(ratio(array, list))")
  }
}

/// Appends, updates and removes through the flat binder to a minimal view, at 1k and 1M rows.
@MainActor private func boundRows() {
  var listAt1k: [Mutation: Double] = [:]
  for size in [1_000, 1_000_000] {
    for mutation in Mutation.allCases {
      let list: Double = {
        let container = MutableObservableList(PersistentArray(0..<size))
        let view = MinimalFlatView()
        let binding = container.bind(to: view) { list, row, _ in list[row] }
        defer { binding.dispose() }
        let median = perMutation(1_000) { mutation.perform(on: container, step: $0, size: size) }
        precondition(view.batchCount == 1_000 && view.rowCount == container.count, "snapshots: the view missed a batch")
        return median
      }()
      let array: Double = {
        let container = MutableObservableArray(Array(0..<size))
        let view = MinimalFlatView()
        let binding = container.bind(to: view) { array, row, _ in array[row] }
        defer { binding.dispose() }
        return perMutation(size >= 1_000_000 ? 40 : 1_000) { mutation.perform(on: container, step: $0, size: size) }
      }()
      if size == 1_000 { listAt1k[mutation] = list }
      let versus1k = size == 1_000 ? "" : "; \(ratio(list, listAt1k[mutation]!)) x the list at 1k"
      report(
        "\(label(size)) rows \(mutation.name), bound to a minimal view: list", list / 1e3, unit: "µs",
        note: "mutation to batch applied; array \(microseconds(array)) µs\(versus1k)")
    }
  }
}

/// Heap allocations per mutation of a 1k-row list bound to the minimal view (the bound rows' path):
/// a proxy for their constant cost that machine load does not blur. With BOUND_REPEAT=n, each
/// mutation kind runs n times as many mutations (for a profiler).
@MainActor private func boundAllocationRows() {
  guard tether_malloc_counting_available() == 1 else {
    print("  allocations per bound mutation: not counted on this platform")
    return
  }
  let repeats = Int(ProcessInfo.processInfo.environment["BOUND_REPEAT"] ?? "") ?? 1
  let size = 1_000
  for mutation in Mutation.allCases {
    let count = 500 * repeats
    // Removes shrink the list: it starts with enough rows to stay near 1k.
    let container = MutableObservableList(PersistentArray(0..<(mutation == .remove ? size + 100 + count : size)))
    let view = MinimalFlatView()
    let binding = container.bind(to: view) { list, row, _ in list[row] }
    defer { binding.dispose() }
    // Offsets as the bound rows draw them, within the list's current count.
    func step(_ index: Int) {
      let step = index % 500
      mutation.perform(on: container, step: step, size: container.count + (mutation == .remove ? step : 0))
    }
    // Warm up: the first mutations fill caches a steady state does not refill.
    for index in 0..<100 { step(index) }
    tether_malloc_counting_enabled(1)
    let before = tether_malloc_count()
    for index in 100..<(100 + count) { step(index) }
    let after = tether_malloc_count()
    tether_malloc_counting_enabled(0)
    precondition(view.rowCount == container.count, "snapshots: the view missed a batch")
    report(
      "1k rows \(mutation.name), bound to a minimal view: list", Double(after - before) / Double(count),
      unit: "allocations/mutation", note: "heap allocations from the mutation call to the batch applied")
  }
}

/// One background thread appends while the main thread runs its run loop and an observer on the
/// main queue (`observeNextOnMain`, as every binding) keeps each collection.
@MainActor private func backgroundRows() {
  var listAt16k = 0.0
  for count in [16_000, 160_000] {
    let list = backgroundAppends(MutableObservableList<Int>(), count: count)
    if count == 16_000 { listAt16k = list }
    // A kept array makes each append copy it: quadratic, so only the smaller size.
    let array = count == 16_000 ? backgroundAppends(MutableObservableArray<Int>(), count: count) : nil
    report(
      "\(count / 1_000)k appends off main, main-queue observer keeps: list", list, unit: "ns/append",
      note: array.map { "array \(Int($0.rounded())) ns/append; array/list \(ratio($0, list))" }
        ?? "\(ratio(list, listAt16k)) x the list's per-append cost at 16k")
  }
}

/// Nanoseconds per append from the first append to the last changeset observed on the main queue.
@MainActor private func backgroundAppends<C: RangeReplaceableCollection & Sendable>(
  _ container: MutableObservableCollection<C>,
  count: Int,
  keeping: Bool = true
) -> Double where C.Element == Int {
  let keeper = Keeper<C>()
  var last = 0
  let observation = container.observeNextOnMain { changeset in
    if keeping { keeper.value = changeset.collection } else { last = changeset.collection.count }
    keeper.count += 1
  }
  let start = DispatchTime.now().uptimeNanoseconds
  let producer = Thread {
    for value in 0..<count { container.append(value) }
  }
  producer.start()
  // The main queue's actions run while the main run loop runs (as in an app); the first changeset
  // is the reload.
  while keeper.count < count + 1 { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
  observation.dispose()
  precondition((keeping ? keeper.value?.count : last) == count, "snapshots: the main-queue observer missed a changeset")
  return elapsed / Double(count)
}

/// 160k appends split over 1, 2, 4 and 8 threads, with an observer that does nothing; the median
/// of three runs each, until every changeset has been delivered. Each row is followed by its
/// floor, measured in the same run: the same appends into a plain array behind one pthread mutex
/// (spinning, as a container's),
/// taken twice per append (once to append, once as a deliverer takes it to hand the change on),
/// so the ratio of two threads' floor to one thread's shows what the machine's cores charge for
/// sharing one lock at all.
private func threadRows() {
  let total = 160_000
  var oneThread = 0.0
  var floorOneThread = 0.0
  for threads in [1, 2, 4, 8] {
    var samples: [Double] = []
    for _ in 0..<3 {
      let container = MutableObservableArray<Int>()
      let observation = container.observeNext { _ in }
      let start = DispatchTime.now().uptimeNanoseconds
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for value in 0..<(total / threads) { container.append(thread &* total &+ value) }
      }
      container.waitUntilDelivered()
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
      precondition(container.count == total, "snapshots: an append was lost")
      observation.dispose()
    }
    let median = samples.sorted()[1]
    if threads == 1 { oneThread = median }
    report(
      "160k appends, \(threads) thread\(threads == 1 ? "" : "s") x \(total / threads / 1_000)k, no-op observer: array",
      median / 1e6, unit: "ms", note: threads == 1 ? "" : "\(ratio(median, oneThread)) x one thread")
    let floor = lockedArrayFloor(threads: threads, total: total)
    if threads == 1 { floorOneThread = floor }
    report(
      "  floor: plain array, one mutex taken twice per append", floor / 1e6, unit: "ms",
      note: threads == 1 ? "" : "\(ratio(floor, floorOneThread)) x one thread")
  }
}

/// The floor of ``threadRows()``: the median of three runs, in nanoseconds.
private func lockedArrayFloor(threads: Int, total: Int) -> Double {
  final class Floor: @unchecked Sendable {
    // Safe: `array` and `handedOn` are only touched inside `mutex.locked`.
    let mutex = PlatformMutex(spinning: true)  // as a container's
    var array: [Int] = []
    var handedOn = 0
  }
  var samples: [Double] = []
  for _ in 0..<3 {
    let floor = Floor()
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for value in 0..<(total / threads) {
        floor.mutex.locked { floor.array.append(thread &* total &+ value) }
        floor.mutex.locked { floor.handedOn &+= 1 }
      }
    }
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    precondition(floor.array.count == total && floor.handedOn == total, "snapshots: a floor append was lost")
  }
  return samples.sorted()[1]
}

/// A background producer into an array whose main-queue observer does not keep the collection.
@MainActor private func backgroundFreeRows() {
  var at16k = 0.0
  for count in [16_000, 160_000] {
    let perAppend = backgroundAppends(MutableObservableArray<Int>(), count: count, keeping: false)
    if count == 16_000 { at16k = perAppend }
    report(
      "\(count / 1_000)k appends off main, main-queue observer keeps none: array", perAppend,
      unit: "ns/append", note: count == 16_000 ? "" : "\(ratio(perAppend, at16k)) x the per-append cost at 16k")
  }
}

/// A background producer into an array observed through `receive(on:)` by an observer that does not
/// keep the collection: the hop's waiting changesets hold only their change (issue 24, item 3). At
/// 16k, the same through `map { $0 }` first, whose changesets cross the hop whole (a derived signal
/// is never detached): what every append cost before.
private func receiveOnFreeRows() {
  var at16k = 0.0
  for count in [16_000, 160_000] {
    let perAppend = receiveOnAppends(count: count, whole: false)
    if count == 16_000 { at16k = perAppend }
    let whole = count == 16_000 ? receiveOnAppends(count: count, whole: true) : nil
    report(
      "\(count / 1_000)k appends off main, receive(on:), keeps none: array", perAppend, unit: "ns/append",
      note: whole.map { "whole changesets \(Int($0.rounded())) ns/append, \(ratio($0, perAppend)) x" }
        ?? "\(ratio(perAppend, at16k)) x the per-append cost at 16k")
  }
}

/// Nanoseconds per append from the first append to the last changeset observed behind
/// `receive(on:)` a serial queue; with `whole`, through `map { $0 }` first.
private func receiveOnAppends(count: Int, whole: Bool) -> Double {
  let container = MutableObservableArray<Int>()
  let delivered = DispatchSemaphore(value: 0)
  let counter = Keeper<Int>()
  let queue = DispatchQueue(label: "snapshots.receive-on")
  let signal = whole ? container.map { $0 }.receive(on: queue) : container.receive(on: queue)
  // The reload, then one changeset per append; only the hop's queue runs the observer.
  let observation = signal.observeNext { changeset in
    counter.value = changeset.collection.count
    counter.count += 1
    if counter.count == count + 1 { delivered.signal() }
  }
  let start = DispatchTime.now().uptimeNanoseconds
  Thread {
    for value in 0..<count { container.append(value) }
  }.start()
  delivered.wait()
  let perAppend = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
  observation.dispose()
  precondition(counter.value == count, "snapshots: the receive(on:) observer missed a changeset")
  return perAppend
}

/// Blocks the first changeset's delivery until released, so that later changesets queue.
private final class Gate: @unchecked Sendable {
  // Safe: `blocked` is only touched by the delivering thread; the semaphores are thread-safe.
  var blocked = false
  let started = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
}

/// Heap bytes per changeset waiting in the delivery queue of a 100k-element array.
private func queuedMemoryRow() {
  guard tether_malloc_counting_available() == 1 else {
    print("  memory per queued changeset: not counted on this platform")
    return
  }
  let size = 100_000
  let queued = 200  // below the queue's bound, so the mutating thread never waits
  let container = MutableObservableArray(Array(0..<size))
  let gate = Gate()
  let observation = container.observeNext { changeset in
    guard !changeset.isReload, !gate.blocked else { return }
    gate.blocked = true
    gate.started.signal()
    gate.release.wait()
  }
  let deliverer = Thread { container.append(-1) }
  deliverer.start()
  gate.started.wait()
  // The first append while the delivery runs copies the array the delivered changeset shares,
  // once; what is measured is each queued changeset after it.
  container.append(-2)
  tether_malloc_counting_enabled(1)
  let before = tether_malloc_live_bytes()
  for value in 0..<queued { container.append(value) }
  let after = tether_malloc_live_bytes()
  tether_malloc_counting_enabled(0)
  gate.release.signal()
  container.waitUntilDelivered()
  observation.dispose()
  let perChangeset = Double(after - before) / Double(queued)
  let arrayBytes = size * MemoryLayout<Int>.stride
  report(
    "heap bytes per queued changeset, 100k array", perChangeset, unit: "bytes",
    note: "the array itself \(arrayBytes) bytes; \(ratio(perChangeset, Double(arrayBytes))) x")
}

private func iterationRow() {
  var random = BenchmarkRandom(seed: 0x17E)
  let array = (0..<1_000_000).map { _ in Int.random(in: 0..<1_000, using: &random) }
  let list = PersistentArray(array)
  // A running hash rather than a sum, so that neither loop folds into a closed form or vectorizes.
  let arrayTime = medianNanoseconds(repetitions: 9) {
    var hash = 0
    for element in array { hash = hash &* 31 &+ element }
    precondition(hash != 1, "snapshots: an unlikely hash")  // keeps the loop from being dropped
  }
  let listTime = medianNanoseconds(repetitions: 9) {
    var hash = 0
    for element in list { hash = hash &* 31 &+ element }
    precondition(hash != 1, "snapshots: an unlikely hash")
  }
  report(
    "iterate 1M: list", listTime / 1e6, unit: "ms",
    note: "array \(String(format: "%.3f", arrayTime / 1e6)) ms; list/array \(ratio(listTime, arrayTime))")
  let copyTime = medianNanoseconds(repetitions: 9) { blackHole(Array(list)) }
  report("Array(list) of 1M", copyTime / 1e6, unit: "ms", note: "a leaf at a time")
}

private func diffRow() {
  var random = BenchmarkRandom(seed: 0x5A9)
  let old = Array(0..<1_000_000)
  var new = old
  for step in 0..<1_000 {
    new.remove(at: Int.random(in: 0..<new.count, using: &random))
    new.insert(2_000_000 + step, at: Int.random(in: 0...new.count, using: &random))
  }
  let oldList = PersistentArray(old)
  let newList = PersistentArray(new)
  // Alternated, so that both see the same machine load.
  var arraySamples: [Double] = []
  var listSamples: [Double] = []
  for _ in 0..<7 {
    arraySamples.append(medianNanoseconds(repetitions: 1) { blackHole(new.diff(from: old)) })
    listSamples.append(medianNanoseconds(repetitions: 1) { blackHole(newList.diff(from: oldList)) })
  }
  let arrayTime = arraySamples.sorted()[3]
  let listTime = listSamples.sorted()[3]
  precondition(newList.diff(from: oldList) == new.diff(from: old), "snapshots: the list's diff differs")
  report(
    "diff two 1M versions (1k removes + 1k inserts): list", listTime / 1e6, unit: "ms",
    note: "array \(String(format: "%.1f", arrayTime / 1e6)) ms; list/array \(ratio(listTime, arrayTime))")
}

private func memoryRows() {
  guard tether_malloc_counting_available() == 1 else {
    print("  memory per element: not counted on this platform")
    return
  }
  let count = 1_000_000
  let array = heapBytes { Array(0..<count) }
  let built = heapBytes { PersistentArray(0..<count) }
  let appended = heapBytes {
    var list = PersistentArray<Int>()
    for value in 0..<count { list.append(value) }
    return list
  }
  let inserted = heapBytes {
    var random = BenchmarkRandom(seed: 0x1E5)
    var list = PersistentArray<Int>()
    for value in 0..<count / 10 { list.insert(value, at: Int.random(in: 0...list.count, using: &random)) }
    return list
  }
  let perElement = array / Double(count)
  for (name, bytes, elements) in [
    ("built from a sequence", built, count), ("built by appends", appended, count),
    ("by 100k random inserts", inserted, count / 10),
  ] {
    let value = bytes / Double(elements)
    report(
      "heap bytes/element, Int: list \(name)", value, unit: "bytes",
      note: "array \(String(format: "%.2f", perElement)); list/array \(ratio(value, perElement))")
  }
}

/// `replaceSubrange` of 16 and 1,024 elements in the middle of 10k, 100k and 1M-element lists,
/// each edit made while the list before it is kept (as an observer keeps a changeset's
/// collection). Every size runs twice and the second pass is reported, so that the first size
/// is not measured cold.
private func replaceRows() {
  let sizes = [10_000, 100_000, 1_000_000]
  var at10k: [String: Double] = [:]
  var previous: [String: Double] = [:]
  for pass in 0..<2 {
    for size in sizes {
      let middle = size / 2
      var rows: [(String, Double)] = []
      for k in [16, 1_024] {
        let fresh = Array(-k..<0)
        var list = PersistentArray(0..<size)
        var kept = list
        var inserts: [Double] = []
        var removes: [Double] = []
        for step in 0..<(k == 16 ? 4_000 : 400) {
          kept = list
          // Around the middle, at positions that vary with each pair of steps, so that the median
          // covers every alignment to leaf and index-node boundaries.
          let position = middle + (step / 2 * 997) % 4_096
          let start = DispatchTime.now().uptimeNanoseconds
          if step % 2 == 0 {
            list.replaceSubrange(position..<position, with: fresh)
          } else {
            list.replaceSubrange(position..<position + k, with: EmptyCollection())
          }
          let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
          if step % 2 == 0 { inserts.append(elapsed) } else { removes.append(elapsed) }
        }
        blackHole(kept)
        precondition(list.count == size, "snapshots: a replacement lost elements")
        rows.append(("insert \(k)", inserts.sorted()[inserts.count / 2]))
        rows.append(("remove \(k)", removes.sorted()[removes.count / 2]))
      }
      var list = PersistentArray(0..<size)
      var kept = list
      let fresh = Array(-16..<0)
      let overwrite = perMutation(4_000) { step in
        kept = list
        let lower = middle + step % 64
        list.replaceSubrange(lower..<lower + 16, with: fresh)
      }
      blackHole(kept)
      rows.append(("16 by 16", overwrite))
      var array = Array(0..<size)
      let arrayInsert = perMutation(1_000) { _ in array.replaceSubrange(middle..<middle, with: fresh) }
      guard pass == 1 else { continue }
      for (name, median) in rows {
        if size == sizes[0] { at10k[name] = median }
        let versusPrevious = previous[name].map { "; \(ratio(median, $0)) x the previous size" } ?? ""
        previous[name] = median
        report(
          "\(label(size)) replaceSubrange \(name), middle, kept: list", median / 1e3, unit: "µs",
          note: "\(ratio(median, at10k[name]!)) x the list at 10k\(versusPrevious)")
      }
      report(
        "\(label(size)) replaceSubrange insert 16, middle: array", arrayInsert / 1e3, unit: "µs",
        note: "unshared, for comparison (moves the elements after)")
    }
  }
}

/// Live heap bytes that `build`'s result holds.
private func heapBytes<T>(_ build: () -> T) -> Double {
  tether_malloc_counting_enabled(1)
  let before = tether_malloc_live_bytes()
  let kept = build()
  let after = tether_malloc_live_bytes()
  tether_malloc_counting_enabled(0)
  withExtendedLifetime(kept) {}
  return Double(after - before)
}

private func ratio(_ value: Double, _ floor: Double) -> String {
  String(format: "%.2f", value / floor)
}

private func microseconds(_ nanoseconds: Double) -> String {
  String(format: nanoseconds < 10_000 ? "%.2f" : "%.1f", nanoseconds / 1e3)
}

/// A flat view that does only what every view does for a batch: it keeps the row count and asks
/// the data source for the cell of every inserted or reloaded row.
@MainActor
final class MinimalFlatView: FlatViewProtocol {
  weak var flatDataSource: (any FlatViewDataSource<Int>)?
  private(set) var rowCount = 0
  private(set) var batchCount = 0
  private var sum = 0

  var numberOfColumns: Int { 1 }

  func reloadData() {
    rowCount = flatDataSource?.numberOfRows() ?? 0
  }

  func beginUpdates() {}

  func endUpdates() {
    batchCount += 1
    if let source = flatDataSource { rowCount = source.numberOfRows() }
  }

  func insertRows(at indexes: IndexSet, withAnimation animationOptions: ViewAnimationOptions) {
    for row in indexes { sum &+= flatDataSource?.cellForRow(at: row) ?? 0 }
  }

  func removeRows(at indexes: IndexSet, withAnimation animationOptions: ViewAnimationOptions) {}

  func moveRow(at oldIndex: Int, to newIndex: Int) {}

  func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
    for row in rowIndexes { sum &+= flatDataSource?.cellForRow(at: row) ?? 0 }
  }
}

/// Updates in the middle of a list and of an array whose filtered, sorted or mapped output one
/// observer keeps: a list's operators output lists (issue 24), so the kept output costs the next
/// change O(log n); an array's operators output arrays, which the next change copies.
private func operatorRows() {
  enum Operator: CaseIterable {
    case filter, sorted, map
  }
  for size in [100_000, 1_000_000] {
    // A permutation of 0..<size (7,919 is prime to it), so the sorted output is not the source
    // order; `Mutation.update` writes -step, which alternately enters and leaves the filter.
    let elements = (0..<size).map { ($0 &* 7_919) % size }
    for op in Operator.allCases {
      let list: Double = {
        let container = MutableObservableList(PersistentArray(elements))
        let keeper = Keeper<PersistentArray<Int>>()
        let observation: any Disposable
        switch op {
        case .filter:
          observation = container.filterCollection { $0 % 2 == 0 }.observeNext { keeper.value = $0.collection }
        case .sorted: observation = container.sortedCollection().observeNext { keeper.value = $0.collection }
        case .map: observation = container.mapCollection { $0 + 1 }.observeNext { keeper.value = $0.collection }
        }
        defer { observation.dispose() }
        return perMutation(1_000) { Mutation.update.perform(on: container, step: $0, size: size) }
      }()
      let array: Double = {
        let container = MutableObservableArray(elements)
        let keeper = Keeper<[Int]>()
        let observation: any Disposable
        switch op {
        case .filter:
          observation = container.filterCollection { $0 % 2 == 0 }.observeNext { keeper.value = $0.collection }
        case .sorted: observation = container.sortedCollection().observeNext { keeper.value = $0.collection }
        case .map: observation = container.mapCollection { $0 + 1 }.observeNext { keeper.value = $0.collection }
        }
        defer { observation.dispose() }
        return perMutation(size >= 1_000_000 ? 40 : 200) {
          Mutation.update.perform(on: container, step: $0, size: size)
        }
      }()
      report(
        "\(label(size)) update, \(op)Collection output kept: list", list / 1e3, unit: "µs",
        note: "array \(microseconds(array)) µs; array/list \(ratio(array, list))")
    }
  }
}

/// Appends to an array observed through a live filter (`filterCollection(by:)`) whose output
/// nobody keeps: the operator keeps the source's elements as a list of its own, not the array, so
/// an append should cost the same at 100k and at 1M elements (a kept array would be copied).
private func liveFilterRows() {
  var at100k = 0.0
  for size in [100_000, 1_000_000] {
    let container = MutableObservableArray(Array(0..<size))
    let predicates = Property<@Sendable (Int) -> Bool>({ $0 % 2 == 0 })
    let observation = container.filterCollection(by: predicates).observeNext { _ in }
    defer { observation.dispose() }
    let perAppend = perMutation(2_000) { container.append($0) }
    if size == 100_000 { at100k = perAppend }
    report(
      "\(label(size)) append through filterCollection(by:): array", perAppend / 1e3, unit: "µs",
      note: size == 100_000 ? "" : "\(ratio(perAppend, at100k)) x the cost at 100k")
  }
}
