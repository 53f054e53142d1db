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
// For each: Tether's Heckel diff (median and fastest of 9), the floor (inserting every identifier
// of both sides into a `Dictionary`, median and fastest of 9) and Tether's time as a multiple of
// it (of the medians, and of the fastest runs), the standard library's
// `difference(from:)` on the same input (once, within a time budget: see `StdlibDifferenceBudget`),
// and the moves reported against the elements the workload really moved (the reported moves are
// minimal, so never more). Set TETHER_BENCHMARK_SKIP_STDLIB=1 to skip the standard library's runs.

var diffingSuite: BenchmarkSuite {
  BenchmarkSuite(name: "diffing", run: runDiffingBenchmarks)
}

/// The workloads, in the order they run; a workload is rebuilt from its position (see
/// `diffWorkloadSeed`), which is how the child process of a standard-library run gets the same input.
let diffWorkloadShapes: [DiffWorkloadShape] = [
  .differenceKit(count: 100_000), .mixed(count: 10_000, fraction: 0.10), .mixed(count: 100_000, fraction: 0.10),
  .shuffled(count: 100_000), .mixed(count: 1_000_000, fraction: 0.01),
]

func runDiffingBenchmarks() {
  var budget = StdlibDifferenceBudget()
  print("  (\(budget.description))")
  for (index, shape) in diffWorkloadShapes.enumerated() {
    let items = makeItemWorkload(shape, seed: diffWorkloadSeed(index, .items))
    runDiffBenchmark(
      "\(shape.label), Int-id struct", items, stdlib: budget.run(workload: index, kind: .items, shape: shape),
      id: { $0.id }
    ) { $0.diff(from: $1) }
    let strings = makeStringWorkload(shape, seed: diffWorkloadSeed(index, .strings))
    runDiffBenchmark(
      "\(shape.label), UUID strings", strings, stdlib: budget.run(workload: index, kind: .strings, shape: shape),
      id: { $0 }
    ) { $0.diff(from: $1) }
  }
  var rng = BenchmarkRandom(seed: 0x7E7E_4E2)
  runMyersBenchmarks(&rng)
}

/// An element with an identity and a content.
struct BenchItem: Identifiable, Equatable {
  let id: Int
  var value: Int
}

/// The two element types every workload runs on.
enum DiffElementKind: String {
  case items = "int"
  case strings = "uuid"
}

/// The seed of workload `index` on `kind`.
func diffWorkloadSeed(_ index: Int, _ kind: DiffElementKind) -> UInt64 {
  0x7E7E_4E2 &+ UInt64(index) &* 0x1_0000 &+ (kind == .items ? 0 : 1)
}

func makeItemWorkload(_ shape: DiffWorkloadShape, seed: UInt64) -> DiffWorkload<BenchItem> {
  var rng = BenchmarkRandom(seed: seed)
  return shape.make(&rng, element: { BenchItem(id: $0, value: 0) }, updated: { BenchItem(id: $0.id, value: 1) })
}

func makeStringWorkload(_ shape: DiffWorkloadShape, seed: UInt64) -> DiffWorkload<String> {
  var rng = BenchmarkRandom(seed: seed)
  var uuidRandom = BenchmarkRandom(seed: rng.next())
  return shape.make(&rng, element: { _ in uuidRandom.uuidString() }, updated: nil)
}

/// An old/new pair and what the workload did to get from one to the other.
struct DiffWorkload<Element> {
  var old: [Element]
  var new: [Element]
  /// Elements the workload moved (their relative order changed on purpose).
  var moved: Int
}

enum DiffWorkloadShape {
  /// Delete a tenth, insert a tenth, shuffle the contents of a fiftieth of the positions.
  case differenceKit(count: Int)
  case mixed(count: Int, fraction: Double)
  case shuffled(count: Int)

  var label: String {
    switch self {
    case .differenceKit(let count):
      return "(a) \(count / 1000)k: del \(count / 10_000)k, ins \(count / 10_000)k, shuffle \(count / 50_000)k"
    case .mixed(let count, let fraction):
      return "(\(count == 10_000 ? "b" : count == 100_000 ? "c" : "e")) "
        + "\(count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k"), \(Int(fraction * 100))% edits"
    case .shuffled(let count): return "(d) \(count / 1000)k fully shuffled"
    }
  }

  var count: Int {
    switch self {
    case .differenceKit(let count), .mixed(let count, _), .shuffled(let count): return count
    }
  }

  /// The same shape on `count` elements (for predicting the standard library's time).
  func scaled(to count: Int) -> DiffWorkloadShape {
    switch self {
    case .differenceKit: return .differenceKit(count: count)
    case .mixed(_, let fraction): return .mixed(count: count, fraction: fraction)
    case .shuffled: return .shuffled(count: count)
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
    case .differenceKit(let count):
      let old = (0..<count).map(element)
      var deleted = Set<Int>()
      while deleted.count < count / 10 { deleted.insert(Int.random(in: 0..<old.count, using: &rng)) }
      let survivors = old.indices.filter { !deleted.contains($0) }.map { old[$0] }
      // Inserted elements land at random places among the survivors (stable sort by key).
      var keyed = survivors.enumerated().map { (key: Double($0.offset), element: $0.element) }
      for k in 0..<(count / 10) {
        keyed.append((key: Double.random(in: 0..<Double(survivors.count), using: &rng), element: element(count + k)))
      }
      keyed.sort { $0.key < $1.key }
      var new = keyed.map(\.element)
      // Shuffle a fiftieth: permute the contents of that many random positions.
      var positions = Set<Int>()
      while positions.count < count / 50 { positions.insert(Int.random(in: 0..<new.count, using: &rng)) }
      let chosen = positions.sorted()
      let contents = chosen.map { new[$0] }.shuffled(using: &rng)
      for (position, value) in zip(chosen, contents) { new[position] = value }
      return DiffWorkload(old: old, new: new, moved: count / 50)
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
      return DiffWorkload(old: old, new: keyed.map(\.element), moved: perKind)
    case .shuffled(let count):
      let old = (0..<count).map(element)
      return DiffWorkload(old: old, new: old.shuffled(using: &rng), moved: count)
    }
  }
}

func runDiffBenchmark<Element: Equatable, ID: Hashable>(
  _ name: String,
  _ workload: DiffWorkload<Element>,
  stdlib: StdlibDifferenceResult,
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
  let (floor, fastestFloor) = diffTimings {
    var table = [ID: Int](minimumCapacity: old.count + new.count)
    for (offset, element) in old.enumerated() { table[id(element)] = offset }
    for (offset, element) in new.enumerated() { table[id(element)] = offset }
    blackHole(table)
  }
  let stdlibNote: String
  switch stdlib {
  case .measured(let nanoseconds):
    stdlibNote = "stdlib \(format(nanoseconds / 1e6)) ms (\(Int(nanoseconds / tether))x)"
  case .skipped(let reason):
    stdlibNote = "stdlib skipped (\(reason))"
  }
  report(
    name,
    tether / 1e6,
    unit: "ms",
    note: "(min \(format(fastest / 1e6))); floor \(format(floor / 1e6)) ms (min \(format(fastestFloor / 1e6))); "
      + "Tether/floor \(String(format: "%.2f", tether / floor)) (min \(String(format: "%.2f", fastest / fastestFloor))); "
      + "\(stdlibNote); moves \(moves) (workload moved \(workload.moved))"
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
