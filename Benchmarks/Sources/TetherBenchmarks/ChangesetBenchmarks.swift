import Tether

/// Patch <-> diff conversions on 10,000 random operations over a 10,000-element array, against
/// O(k²) reference conversions written the obvious way (Bond 7's complexity).
@MainActor let changesetBenchmarks = BenchmarkSuite(name: "changesets") {
  var rng = BenchmarkRandom(seed: 2024)
  let old = Array(0..<10_000)
  let patch = benchmarkPatch(on: old, count: 10_000, using: &rng)
  let new = old.applying(patch)
  let diff = OrderedCollectionDiff(from: patch, sourceCount: old.count)

  // The references must agree with the library before their times mean anything.
  precondition(naivePatchToDiff(patch, sourceCount: old.count) == diff, "naive patch->diff disagrees")
  let naivePatch = naiveDiffToPatch(diff, reading: new)
  precondition(old.applying(naivePatch) == new, "naive diff->patch does not replay")
  precondition(old.applying(diff.generatePatch(to: new)) == new, "diff->patch does not replay")

  let patchToDiff = medianNanoseconds { blackHole(OrderedCollectionDiff(from: patch, sourceCount: old.count)) }
  let naivePatchToDiffTime = medianNanoseconds(repetitions: 3) {
    blackHole(naivePatchToDiff(patch, sourceCount: old.count))
  }
  report(
    "patch->diff, 10k ops on 10k elements",
    patchToDiff / 1e6,
    unit: "ms",
    note: "target < 10 ms; O(k²) reference \(rounded(naivePatchToDiffTime / 1e6)) ms"
      + " (\(rounded(naivePatchToDiffTime / patchToDiff))x)"
  )

  // Floor: the least any conversion does, reading each operation once and sorting the offsets it
  // writes (a diff lists them sorted). There is no standard-library patch->diff to compare with.
  let floor = medianNanoseconds {
    var offsets: [Int] = []
    offsets.reserveCapacity(patch.count)
    for operation in patch {
      switch operation {
      case .insert(_, let index), .delete(let index), .update(let index, _): offsets.append(index)
      case .move(let from, _): offsets.append(from)
      }
    }
    offsets.sort()
    blackHole(offsets)
  }
  report("  floor: read 10k operations, sort their offsets", floor / 1e6, unit: "ms")

  let diffToPatch = medianNanoseconds { blackHole(diff.generatePatch(to: new)) }
  let naiveDiffToPatchTime = medianNanoseconds(repetitions: 3) { blackHole(naiveDiffToPatch(diff, reading: new)) }
  report(
    "diff->patch, same change (\(diff.count) diff entries)",
    diffToPatch / 1e6,
    unit: "ms",
    note: "O(k²) reference \(rounded(naiveDiffToPatchTime / 1e6)) ms (\(rounded(naiveDiffToPatchTime / diffToPatch))x)"
  )

  let changesetRead = medianNanoseconds(setUp: { OrderedCollectionChangeset(collection: new, patch: patch) }) {
    changeset in blackHole(changeset.diff)
  }
  report("OrderedCollectionChangeset.diff, first read (same patch)", changesetRead / 1e6, unit: "ms")

  // Cost depends on the number of operations, not on the size of the collection.
  let big = Array(0..<1_000_000)
  let bigPatch = benchmarkPatch(on: big, count: 100_000, using: &rng)
  let bigPatchToDiff = medianNanoseconds(repetitions: 5) {
    blackHole(OrderedCollectionDiff(from: bigPatch, sourceCount: big.count))
  }
  report("patch->diff, 100k ops on 1M elements", bigPatchToDiff / 1e6, unit: "ms")
  let bigDiff = OrderedCollectionDiff(from: bigPatch, sourceCount: big.count)
  let bigNew = big.applying(bigPatch)
  let bigDiffToPatch = medianNanoseconds(repetitions: 5) { blackHole(bigDiff.generatePatch(to: bigNew)) }
  report("diff->patch, same change (\(bigDiff.count) diff entries)", bigDiffToPatch / 1e6, unit: "ms")
}

private func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

/// A valid random patch: inserts, deletes, updates and moves in equal proportions.
func benchmarkPatch(
  on collection: [Int], count: Int, using rng: inout BenchmarkRandom
)
  -> [OrderedCollectionOperation<Int, Int>]
{
  var size = collection.count
  var patch: [OrderedCollectionOperation<Int, Int>] = []
  patch.reserveCapacity(count)
  for step in 0..<count {
    switch size == 0 ? 0 : Int.random(in: 0..<4, using: &rng) {
    case 0:
      patch.append(.insert(-step, at: Int.random(in: 0...size, using: &rng)))
      size += 1
    case 1:
      patch.append(.delete(at: Int.random(in: 0..<size, using: &rng)))
      size -= 1
    case 2:
      patch.append(.update(at: Int.random(in: 0..<size, using: &rng), newElement: -step))
    default:
      patch.append(.move(from: Int.random(in: 0..<size, using: &rng), to: Int.random(in: 0..<size, using: &rng)))
    }
  }
  return patch
}

/// The O(k²) patch -> diff: every touched element is kept in a list with its current position,
/// and every operation scans and shifts the whole list. Untouched source elements are found by
/// counting the touched ones before them.
func naivePatchToDiff(_ patch: [OrderedCollectionOperation<Int, Int>], sourceCount: Int) -> OrderedCollectionDiff<Int> {
  struct Tracked {
    var position: Int
    var origin: Int  // -1 for inserted
    var moved = false
    var updated = false
  }
  var tracked: [Tracked] = []
  var touchedOrigins: [Int] = []
  var deletes: [Int] = []

  func entry(at position: Int) -> Int {
    if let found = tracked.firstIndex(where: { $0.position == position }) { return found }
    // An untouched source element: its rank among untouched elements, then its origin.
    let rank = position - tracked.filter { $0.position < position }.count
    var origin = rank
    for touched in touchedOrigins.sorted() where touched <= origin { origin += 1 }
    touchedOrigins.append(origin)
    tracked.append(Tracked(position: position, origin: origin))
    return tracked.count - 1
  }

  for operation in patch {
    switch operation {
    case .insert(_, let at):
      for index in tracked.indices where tracked[index].position >= at { tracked[index].position += 1 }
      tracked.append(Tracked(position: at, origin: -1))
    case .delete(let at):
      let found = entry(at: at)
      if tracked[found].origin >= 0 { deletes.append(tracked[found].origin) }
      tracked.remove(at: found)
      for index in tracked.indices where tracked[index].position > at { tracked[index].position -= 1 }
    case .update(let at, _):
      tracked[entry(at: at)].updated = true
    case .move(let from, let to):
      let found = entry(at: from)
      for index in tracked.indices where index != found {
        if tracked[index].position > from { tracked[index].position -= 1 }
        if tracked[index].position >= to { tracked[index].position += 1 }
      }
      tracked[found].position = to
      tracked[found].moved = true
    }
  }
  var diff = OrderedCollectionDiff<Int>(deletes: deletes.sorted())
  for element in tracked.sorted(by: { $0.position < $1.position }) {
    if element.origin < 0 {
      diff.inserts.append(element.position)
      continue
    }
    if element.moved { diff.moves.append((from: element.origin, to: element.position)) }
    if element.updated { diff.updates.append(element.origin) }
  }
  diff.updates.sort()
  diff.moves.sort { $0.from < $1.from }
  return diff
}

/// The O(k²) diff -> patch: the same ordering as the library (updates, deletes descending, moves by
/// ascending target, inserts ascending), with every count taken by scanning instead of a Fenwick
/// tree.
func naiveDiffToPatch(_ diff: OrderedCollectionDiff<Int>, reading new: [Int]) -> [OrderedCollectionOperation<Int, Int>]
{
  var patch: [OrderedCollectionOperation<Int, Int>] = []
  let taken = (diff.inserts + diff.moves.map(\.to)).sorted()
  let removed = diff.deletes + diff.moves.map(\.from)
  for source in diff.updates.sorted() {
    var target: Int
    if let move = diff.moves.first(where: { $0.from == source }) {
      target = move.to
    } else {
      let rank = source - removed.filter { $0 < source }.count
      target = rank
      for offset in taken where offset <= target { target += 1 }
    }
    patch.append(.update(at: source, newElement: new[target]))
  }
  for index in diff.deletes.sorted(by: >) { patch.append(.delete(at: index)) }

  let bySource = diff.moves.sorted { $0.from < $1.from }
  let pendingGap = bySource.enumerated().map { order, move in
    move.from - diff.deletes.filter { $0 < move.from }.count - order
  }
  var pending = [Bool](repeating: true, count: bySource.count)
  var placedGaps: [Int] = []
  for (step, move) in diff.moves.sorted(by: { $0.to < $1.to }).enumerated() {
    let order = bySource.firstIndex { $0.from == move.from }!
    let gap = pendingGap[order]
    let from = gap + placedGaps.filter { $0 < gap }.count + (0..<order).filter { pending[$0] }.count
    let reduced = move.to - diff.inserts.filter { $0 < move.to }.count
    let targetGap = reduced - step
    let pendingBefore = pendingGap.indices.filter { $0 != order && pending[$0] && pendingGap[$0] <= targetGap }.count
    patch.append(.move(from: from, to: reduced + pendingBefore))
    pending[order] = false
    placedGaps.append(targetGap)
  }
  for index in diff.inserts.sorted() { patch.append(.insert(new[index], at: index)) }
  return patch
}
