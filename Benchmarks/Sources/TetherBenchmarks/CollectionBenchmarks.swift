import Foundation
import Synchronization
import Tether

// `@MainActor` because the harness's `BenchmarkSuite` is not Sendable; `main.swift` runs on the main actor.

/// SplitMix64, so every run measures the same inputs.
private struct CollectionBenchmarkRandom: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// One mutation of the batch benchmark, drawn before timing.
private enum BatchStep {
  case append(Int)
  case insert(Int, at: Int)
  case remove(at: Int)
  case update(at: Int, Int)
  case move(from: Int, to: Int)
}

/// 10,000 mutations on a 10,000-element array: 30% appends, 20% inserts, 20% removals, 20%
/// updates, 10% moves, at uniformly random offsets.
private func batchSteps(count: Int, startCount: Int, seed: UInt64) -> [BatchStep] {
  var rng = CollectionBenchmarkRandom(state: seed)
  var size = startCount
  var steps: [BatchStep] = []
  for value in 0..<count {
    let roll = Int.random(in: 0..<10, using: &rng)
    switch roll {
    case 0..<3:
      steps.append(.append(value))
      size += 1
    case 3..<5:
      steps.append(.insert(value, at: Int.random(in: 0...size, using: &rng)))
      size += 1
    case 5..<7 where size > 0:
      steps.append(.remove(at: Int.random(in: 0..<size, using: &rng)))
      size -= 1
    case 7..<9 where size > 0:
      steps.append(.update(at: Int.random(in: 0..<size, using: &rng), value))
    default:
      if size > 0 {
        steps.append(.move(from: Int.random(in: 0..<size, using: &rng), to: Int.random(in: 0..<size, using: &rng)))
      } else {
        steps.append(.append(value))
        size += 1
      }
    }
  }
  return steps
}

/// Counts what the observer read, so the work cannot be optimized away.
private final class DiffReader: Sendable {
  let total = Atomic<Int>(0)

  func read(_ diff: OrderedCollectionDiff<Int>) {
    total.add(diff.count, ordering: .relaxed)
  }
}

private func benchmarkAppends() {
  let count = 1_000_000
  let nanoseconds = medianNanoseconds(repetitions: 5) {
    let array = MutableObservableArray<Int>([])
    let reader = DiffReader()
    let observation = array.observeNext { reader.read($0.diff) }
    for value in 0..<count { array.append(value) }
    observation.dispose()
    blackHole(reader.total.load(ordering: .relaxed))
  }
  let plain = medianNanoseconds(repetitions: 5) {
    var array: [Int] = []
    for value in 0..<count { array.append(value) }
    blackHole(array)
  }
  report(
    "1,000,000 appends, one observer reading each diff",
    nanoseconds / 1_000_000,
    unit: "ms",
    note: "target < 500 ms; \(Int(nanoseconds / Double(count))) ns/append (plain Array: \(Int(plain / 1_000_000)) ms)"
  )
  // Where an append's time goes: the container alone (no observer builds no changeset), and the
  // changeset alone (TetherChangesets: create with both forms, read the diff, destroy).
  let unobserved = medianNanoseconds(repetitions: 5) {
    let array = MutableObservableArray<Int>([])
    for value in 0..<count { array.append(value) }
  }
  let small = Array(0..<10)
  let changesetOnly = medianNanoseconds(repetitions: 5) {
    var total = 0
    for value in 0..<count {
      let changeset = OrderedCollectionChangeset(
        collection: small, patch: [.insert(value, at: 3)], diff: OrderedCollectionDiff(inserts: [3]))
      total &+= changeset.diff.inserts.count
    }
    blackHole(total)
  }
  report("  of which: the same appends with no observer", unobserved / 1_000_000, unit: "ms")
  report("  of which: 1,000,000 changesets built, diff read, destroyed", changesetOnly / 1_000_000, unit: "ms")
}

private func benchmarkBatch() {
  let steps = batchSteps(count: 10_000, startCount: 10_000, seed: 42)
  let nanoseconds = medianNanoseconds(repetitions: 9, setUp: { MutableObservableArray(Array(0..<10_000)) }) { array in
    let reader = DiffReader()
    let observation = array.observeNext { reader.read($0.diff) }
    array.batchUpdate { batch in
      for step in steps {
        switch step {
        case .append(let value): batch.append(value)
        case .insert(let value, let offset): batch.insert(value, at: offset)
        case .remove(let offset): batch.remove(at: offset)
        case .update(let offset, let value): batch[offset] = value
        case .move(let from, let to): batch.move(from: from, to: to)
        }
      }
    }
    observation.dispose()
    blackHole(reader.total.load(ordering: .relaxed))
  }
  report(
    "batchUpdate: 10,000 mixed mutations on 10,000 elements + diff",
    nanoseconds / 1_000_000,
    unit: "ms",
    note: "target < 20 ms"
  )
}

/// 100,000 distinct integers and a copy with 10% of them edited: a third deleted, a third moved
/// elsewhere, a third replaced by new values.
private func replacementInputs() -> (old: [Int], new: [Int]) {
  var rng = CollectionBenchmarkRandom(state: 7)
  let old = Array(0..<100_000)
  var new = old
  for edit in 0..<10_000 {
    let offset = Int.random(in: 0..<new.count, using: &rng)
    switch edit % 3 {
    case 0: new.remove(at: offset)
    case 1: new.insert(new.remove(at: offset), at: Int.random(in: 0..<new.count, using: &rng))
    default: new[offset] = 1_000_000 + edit
    }
  }
  return (old, new)
}

private func benchmarkReplace() {
  let (old, new) = replacementInputs()
  // Alternate the two measurements so that machine load affects both alike.
  var rawSamples: [Double] = []
  var replaceSamples: [Double] = []
  for _ in 0..<11 {
    rawSamples.append(medianNanoseconds(repetitions: 1) { blackHole(new.diff(from: old)) })
    replaceSamples.append(
      medianNanoseconds(repetitions: 1, setUp: { MutableObservableArray(old) }) { array in
        let reader = DiffReader()
        let observation = array.observeNext { reader.read($0.diff) }
        array.replace(with: new, performDiff: true)
        observation.dispose()
        blackHole(reader.total.load(ordering: .relaxed))
      })
  }
  // Minimums as well as medians: on a loaded machine the minimum is the steadier figure.
  let raw = rawSamples.sorted()[rawSamples.count / 2]
  let replace = replaceSamples.sorted()[replaceSamples.count / 2]
  let (rawBest, replaceBest) = (rawSamples.min()!, replaceSamples.min()!)
  report(
    "raw diff of 100,000 elements with 10% edits",
    raw / 1_000_000,
    unit: "ms",
    note: "best \(String(format: "%.2f", rawBest / 1_000_000)) ms"
  )
  report(
    "replace(with:performDiff: true), same inputs, observer reads diff",
    replace / 1_000_000,
    unit: "ms",
    note: "best \(String(format: "%.2f", replaceBest / 1_000_000)) ms; target within 1.3x of the raw diff: "
      + "\(String(format: "%.2f", replace / raw))x (best: \(String(format: "%.2f", replaceBest / rawBest))x)"
  )
}

@MainActor let collectionBenchmarks = BenchmarkSuite(name: "collections") {
  benchmarkAppends()
  benchmarkBatch()
  benchmarkReplace()
}
