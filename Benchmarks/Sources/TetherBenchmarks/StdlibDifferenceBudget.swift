import Dispatch
import Foundation

// The diffing suite compares Tether with the standard library's `difference(from:)`, Myers'
// algorithm: O((n + m) · D) time for D inserted and deleted elements. Its cost per unit also grows
// with the input once the work leaves the caches (one full shuffle of 100,000 elements takes about
// 270 s), so no estimate from a small calibration is safe on its own. Each run is therefore
//   1. predicted from the same workload shape at 1/64, 1/32, ... of its size, doubling until one run
//      takes 100 ms; the last time is extrapolated to the full size with the growth seen between the
//      last two sizes, and at least quadratically (D grows with the size in every workload here).
//      A run predicted over the per-run budget, or over what is left of the suite's total, is skipped;
//   2. made in a child process (this executable with `--stdlib-difference`), which ends itself once
//      the diff has run for the per-run budget; the parent kills it if it still runs a minute later.
// So no run can take minutes, whatever the prediction says, and the suite's standard-library runs
// stop once they have used the total budget. TETHER_BENCHMARK_STDLIB_BUDGET=SECONDS sets the
// per-run budget (12 s; the total is 40 s, or four times the per-run budget if that is more); TETHER_BENCHMARK_SKIP_STDLIB=1 skips them all.

/// The standard library's `difference(from:)` on a diffing workload: measured, or skipped and why.
enum StdlibDifferenceResult {
  case measured(nanoseconds: Double)
  case skipped(String)
}

/// The time the standard library's runs of the diffing suite may take, and what they have used.
struct StdlibDifferenceBudget: CustomStringConvertible {
  /// Seconds one run may take.
  let perRun: Double
  /// Seconds all runs (with their predictions and child processes) may take together.
  let total: Double
  private(set) var spent: Double = 0
  private let isDisabled: Bool

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    isDisabled = environment["TETHER_BENCHMARK_SKIP_STDLIB"] != nil
    perRun = environment["TETHER_BENCHMARK_STDLIB_BUDGET"].flatMap(Double.init).map { max($0, 0.1) } ?? 12
    total = max(40, 4 * perRun)
  }

  var description: String {
    isDisabled
      ? "stdlib difference(from:) skipped: TETHER_BENCHMARK_SKIP_STDLIB is set"
      : "stdlib difference(from:): once per workload, skipped when predicted over \(seconds(perRun)) s, "
        + "stopped at \(seconds(perRun)) s, \(seconds(total)) s in all"
  }

  /// Predicts, and if it fits makes, the standard library's run on workload `index` of `kind`.
  mutating func run(workload index: Int, kind: DiffElementKind, shape: DiffWorkloadShape) -> StdlibDifferenceResult {
    if isDisabled { return .skipped("TETHER_BENCHMARK_SKIP_STDLIB") }
    let allowed = min(perRun, total - spent)
    guard allowed > 0 else { return .skipped("the suite's \(seconds(total)) s budget is used up") }
    let start = DispatchTime.now().uptimeNanoseconds
    let predicted = predictStdlibDifference(shape, kind: kind, seed: diffWorkloadSeed(index, kind))
    spent += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard predicted <= allowed else {
      return .skipped("predicted \(seconds(predicted)) s, over the \(seconds(allowed)) s budget")
    }
    let childStart = DispatchTime.now().uptimeNanoseconds
    let outcome = runStdlibDifferenceChild(workload: index, kind: kind, budget: allowed)
    spent += Double(DispatchTime.now().uptimeNanoseconds - childStart) / 1e9
    return outcome
  }
}

private func seconds(_ value: Double) -> String {
  value >= 10 ? String(Int(value.rounded())) : String(format: "%.1f", value)
}

/// Seconds the standard library should need for `shape`, extrapolated from the same shape at sizes
/// small enough to be safe (each at most a few times the last, which took under 100 ms).
func predictStdlibDifference(_ shape: DiffWorkloadShape, kind: DiffElementKind, seed: UInt64) -> Double {
  var size = max(shape.count / 64, 1_000)
  var samples: [(size: Int, nanoseconds: Double)] = []
  while size <= shape.count / 2 {
    let scaled = shape.scaled(to: size)
    let nanoseconds: Double
    switch kind {
    case .items: nanoseconds = timeStdlibDifference(makeItemWorkload(scaled, seed: seed))
    case .strings: nanoseconds = timeStdlibDifference(makeStringWorkload(scaled, seed: seed))
    }
    samples.append((size, nanoseconds))
    if nanoseconds >= 100e6 { break }
    size *= 2
  }
  guard let last = samples.last else { return 0 }
  var exponent = 2.0
  if samples.count >= 2 {
    let before = samples[samples.count - 2]
    exponent = max(
      exponent, log2(last.nanoseconds / before.nanoseconds) / log2(Double(last.size) / Double(before.size)))
  }
  return last.nanoseconds * pow(Double(shape.count) / Double(last.size), exponent) / 1e9
}

private func timeStdlibDifference<Element: Equatable>(_ workload: DiffWorkload<Element>) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  blackHole(workload.new.difference(from: workload.old))
  return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// The first argument that makes the executable a standard-library run's child process.
let stdlibDifferenceChildFlag = "--stdlib-difference"

/// Runs this executable as a child that diffs workload `index` of `kind` with the standard library,
/// and returns the time it printed, or why there is none.
private func runStdlibDifferenceChild(
  workload index: Int, kind: DiffElementKind, budget: Double
) -> StdlibDifferenceResult {
  let process = Process()
  process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = [stdlibDifferenceChildFlag, String(index), kind.rawValue, String(budget)]
  let output = Pipe()
  process.standardOutput = output
  let finished = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in finished.signal() }
  do {
    try process.run()
  } catch {
    return .skipped("could not start the child process: \(error)")
  }
  // The child stops its own diff at the budget; this is the backstop (building the workload takes seconds).
  if finished.wait(timeout: .now() + budget + 60) == .timedOut {
    process.terminate()
    process.waitUntilExit()
    return .skipped("killed after \(seconds(budget + 60)) s")
  }
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  if process.terminationReason == .exit && process.terminationStatus == 0,
    let nanoseconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
  {
    return .measured(nanoseconds: nanoseconds)
  }
  if process.terminationReason == .exit && process.terminationStatus == stdlibDifferenceOverBudgetStatus {
    return .skipped("stopped at the \(seconds(budget)) s budget")
  }
  return .skipped("the child process failed (status \(process.terminationStatus))")
}

/// The child's exit status when its diff ran out of time.
private let stdlibDifferenceOverBudgetStatus: Int32 = 3

/// The child process: `--stdlib-difference INDEX KIND BUDGET` builds workload INDEX of KIND (`int` or
/// `uuid`), diffs it once with the standard library, prints the nanoseconds it took and exits; it
/// exits with status 3 as soon as the diff has run for BUDGET seconds.
func runStdlibDifferenceChild(arguments: [String]) -> Never {
  guard arguments.count == 3, let index = Int(arguments[0]), diffWorkloadShapes.indices.contains(index),
    let kind = DiffElementKind(rawValue: arguments[1]), let budget = Double(arguments[2])
  else {
    FileHandle.standardError.write(Data("usage: \(stdlibDifferenceChildFlag) INDEX int|uuid SECONDS\n".utf8))
    exit(2)
  }
  let shape = diffWorkloadShapes[index]
  let nanoseconds: Double
  switch kind {
  case .items: nanoseconds = timeWithDeadline(makeItemWorkload(shape, seed: diffWorkloadSeed(index, kind)), budget)
  case .strings: nanoseconds = timeWithDeadline(makeStringWorkload(shape, seed: diffWorkloadSeed(index, kind)), budget)
  }
  print(Int(nanoseconds))
  exit(0)
}

/// Times the standard library's diff of `workload`, ending the process once it has run `budget` seconds.
private func timeWithDeadline<Element: Equatable>(_ workload: DiffWorkload<Element>, _ budget: Double) -> Double {
  // `_exit`: leave at once, from the timer's thread, while the diff still runs on this one.
  DispatchQueue.global().asyncAfter(deadline: .now() + budget) { _exit(stdlibDifferenceOverBudgetStatus) }
  return timeStdlibDifference(workload)
}
