import Dispatch
import Foundation
import Tether

// Diffing workloads (seeded), each on a struct with an `Int` id and a value (`Identifiable &
// Equatable`: matched by id, updated when the value changed) and on UUID strings (`Hashable`):
//   (a) 100,000 elements: delete 10,000, insert 10,000, shuffle 2,000 (DifferenceKit's benchmark)
//   (b) 10,000 elements, 10% mixed edits (2.5% each of deletes, inserts, updates, moves)
//   (c) 100,000 elements, 10% mixed edits
//   (d) 100,000 elements fully shuffled
//   (e) 1,000,000 elements, 1% mixed edits
// For each: Tether's Heckel diff (median), the standard library's `difference(from:)` on the same
// input (once; skipped when its O((n + m) · D) estimate exceeds 20 s), the floor (inserting every
// identifier of both sides into a `Dictionary`), and the moves reported against the elements the
// workload really moved (the reported moves are minimal, so never more). Set
// TETHER_BENCHMARK_SKIP_STDLIB=1 to skip the standard library's runs (about a minute in all).

var diffingSuite: BenchmarkSuite {
  BenchmarkSuite(name: "diffing", run: runDiffingBenchmarks)
}

func runDiffingBenchmarks() {
  var rng = BenchmarkRandom(seed: 0x7E7E_4E2)
  let stdlibRate = calibrateStdlibDifference(&rng)
  print("  (stdlib difference(from:) calibrated at \(String(format: "%.2f", stdlibRate)) ns per (n + m) · D unit)")
  let workloads: [DiffWorkloadShape] = [
    .differenceKit, .mixed(count: 10_000, fraction: 0.10), .mixed(count: 100_000, fraction: 0.10),
    .shuffled(count: 100_000), .mixed(count: 1_000_000, fraction: 0.01),
  ]
  for shape in workloads {
    let items = shape.make(&rng, element: { BenchItem(id: $0, value: 0) }, updated: { BenchItem(id: $0.id, value: 1) })
    runDiffBenchmark("\(shape.label), Int-id struct", items, stdlibRate: stdlibRate, id: \.id) { $0.diff(from: $1) }
    var uuidRandom = BenchmarkRandom(seed: rng.next())
    let strings = shape.make(&rng, element: { _ in uuidRandom.uuidString() }, updated: nil)
    runDiffBenchmark("\(shape.label), UUID strings", strings, stdlibRate: stdlibRate, id: { $0 }) { $0.diff(from: $1) }
  }
  runMyersBenchmarks(&rng)
}

/// An element with an identity and a content.
struct BenchItem: Identifiable, Equatable {
  let id: Int
  var value: Int
}

/// An old/new pair and what the workload did to get from one to the other.
struct DiffWorkload<Element> {
  var old: [Element]
  var new: [Element]
  /// Elements the workload moved (their relative order changed on purpose).
  var moved: Int
  /// Inserted plus deleted plus twice moved and updated: the script length for `difference(from:)`.
  var scriptEstimate: Int
}

enum DiffWorkloadShape {
  case differenceKit
  case mixed(count: Int, fraction: Double)
  case shuffled(count: Int)

  var label: String {
    switch self {
    case .differenceKit: return "(a) 100k: del 10k, ins 10k, shuffle 2k"
    case .mixed(let count, let fraction):
      return "(\(count == 10_000 ? "b" : count == 100_000 ? "c" : "e")) "
        + "\(count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k"), \(Int(fraction * 100))% edits"
    case .shuffled(let count): return "(d) \(count / 1000)k fully shuffled"
    }
  }

  /// Builds the workload; `element(k)` makes the k-th distinct element, `updated` changes its
  /// content (nil when the element is its own identity: then updates become delete + insert).
  func make<Element>(
    _ rng: inout BenchmarkRandom,
    element: (Int) -> Element,
    updated: ((Element) -> Element)?
  ) -> DiffWorkload<Element> {
    switch self {
    case .differenceKit:
      let old = (0..<100_000).map(element)
      var survivors = old
      var deleted = Set<Int>()
      while deleted.count < 10_000 { deleted.insert(Int.random(in: 0..<old.count, using: &rng)) }
      survivors = old.indices.filter { !deleted.contains($0) }.map { old[$0] }
      // Inserted elements land at random places among the survivors (stable sort by key).
      var keyed = survivors.enumerated().map { (key: Double($0.offset), element: $0.element) }
      for k in 0..<10_000 {
        keyed.append((key: Double.random(in: 0..<Double(survivors.count), using: &rng), element: element(100_000 + k)))
      }
      keyed.sort { $0.key < $1.key }
      var new = keyed.map(\.element)
      // Shuffle 2,000: permute the contents of 2,000 random positions.
      var positions = Set<Int>()
      while positions.count < 2_000 { positions.insert(Int.random(in: 0..<new.count, using: &rng)) }
      let chosen = positions.sorted()
      let contents = chosen.map { new[$0] }.shuffled(using: &rng)
      for (position, value) in zip(chosen, contents) { new[position] = value }
      return DiffWorkload(old: old, new: new, moved: 2_000, scriptEstimate: 20_000 + 4_000)
    case .mixed(let count, let fraction):
      let old = (0..<count).map(element)
      let perKind = Int(Double(count) * fraction) / 4
      var picked = Array(0..<count)
      picked.shuffle(using: &rng)
      let deletes = Set(picked[0..<perKind])
      let updates = Set(picked[perKind..<(2 * perKind)])
      let moves = Set(picked[(2 * perKind)..<(3 * perKind)])
      var keyed: [(key: Double, element: Element)] = []
      keyed.reserveCapacity(count + perKind)
      for i in 0..<count where !deletes.contains(i) {
        var value = old[i]
        if updates.contains(i) {
          if let updated { value = updated(value) } else { value = element(count + perKind + i) }
        }
        let key = moves.contains(i) ? Double.random(in: 0..<Double(count), using: &rng) : Double(i)
        keyed.append((key: key, element: value))
      }
      for k in 0..<perKind {
        keyed.append((key: Double.random(in: 0..<Double(count), using: &rng), element: element(count + k)))
      }
      keyed.sort { $0.key < $1.key }
      let updateCost = updated == nil ? 2 * perKind : 0
      return DiffWorkload(
        old: old,
        new: keyed.map(\.element),
        moved: perKind,
        scriptEstimate: 2 * perKind + 2 * perKind + 2 * perKind + updateCost
      )
    case .shuffled(let count):
      let old = (0..<count).map(element)
      return DiffWorkload(old: old, new: old.shuffled(using: &rng), moved: count, scriptEstimate: 2 * count)
    }
  }
}

/// Nanoseconds per (n + m) · D unit of the standard library's `difference(from:)`.
func calibrateStdlibDifference(_ rng: inout BenchmarkRandom) -> Double {
  let workload = DiffWorkloadShape.mixed(count: 10_000, fraction: 0.10)
    .make(&rng, element: { $0 }, updated: nil)
  let time = medianNanoseconds(repetitions: 3) {
    blackHole(workload.new.difference(from: workload.old))
  }
  return time / Double((workload.old.count + workload.new.count) * workload.scriptEstimate)
}

func runDiffBenchmark<Element: Equatable, ID: Hashable>(
  _ name: String,
  _ workload: DiffWorkload<Element>,
  stdlibRate: Double,
  id: (Element) -> ID,
  diff: ([Element], [Element]) -> OrderedCollectionDiff<Int>
) {
  let old = workload.old
  let new = workload.new
  var moves = 0
  let (tether, fastest) = diffTimings {
    let result = diff(new, old)
    moves = result.moves.count
    blackHole(result)
  }
  let floor = medianNanoseconds {
    var table = [ID: Int](minimumCapacity: old.count + new.count)
    for (offset, element) in old.enumerated() { table[id(element)] = offset }
    for (offset, element) in new.enumerated() { table[id(element)] = offset }
    blackHole(table)
  }
  let estimate = stdlibRate * Double((old.count + new.count) * workload.scriptEstimate)
  var stdlibNote: String
  if ProcessInfo.processInfo.environment["TETHER_BENCHMARK_SKIP_STDLIB"] != nil {
    stdlibNote = "stdlib skipped (TETHER_BENCHMARK_SKIP_STDLIB)"
  } else if estimate > 20e9 {
    stdlibNote = "stdlib skipped (est. \(Int(estimate / 1e9)) s)"
  } else {
    let start = DispatchTime.now().uptimeNanoseconds
    blackHole(new.difference(from: old))
    let stdlib = Double(DispatchTime.now().uptimeNanoseconds - start)
    stdlibNote = "stdlib \(format(stdlib / 1e6)) ms (\(Int(stdlib / tether))x)"
  }
  report(
    name,
    tether / 1e6,
    unit: "ms",
    note: "(min \(format(fastest / 1e6))) floor \(format(floor / 1e6)) ms; \(stdlibNote); "
      + "moves \(moves) (workload moved \(workload.moved))"
  )
}

/// Myers (with and without move inference) where its O((n + m) · D) is affordable.
func runMyersBenchmarks(_ rng: inout BenchmarkRandom) {
  let workload = DiffWorkloadShape.mixed(count: 10_000, fraction: 0.10)
    .make(&rng, element: { BenchItem(id: $0, value: 0) }, updated: { BenchItem(id: $0.id, value: 1) })
  for inferMoves in [false, true] {
    var moves = 0
    let time = medianNanoseconds {
      let diff = workload.new.diff(from: workload.old, algorithm: .myers(inferMoves: inferMoves))
      moves = diff.moves.count
      blackHole(diff)
    }
    report("(b) 10k, 10% edits, Myers inferMoves: \(inferMoves)", time / 1e6, unit: "ms", note: "moves \(moves)")
  }
}

/// The median and the fastest of 9 runs, in nanoseconds (the fastest shows the cost without the
/// noise of other processes on a shared machine).
func diffTimings(_ body: () -> Void) -> (median: Double, fastest: Double) {
  var samples: [Double] = []
  for _ in 0..<9 {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  }
  samples.sort()
  return (samples[samples.count / 2], samples[0])
}

func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }

extension BenchmarkRandom {
  /// A UUID string made from the next 128 random bits.
  mutating func uuidString() -> String {
    let a = next()
    let b = next()
    let bytes = withUnsafeBytes(of: (a, b)) { Array($0) }
    let uuid = UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
        bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
    return uuid.uuidString
  }
}
