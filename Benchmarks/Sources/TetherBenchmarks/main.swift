// Each suite lives in its own file as a `BenchmarkSuite`; list it here, one per line.
let suites: [BenchmarkSuite] = [
  runtimeBenchmarks,
  changesetBenchmarks,
  binsBenchmarks,
  diffingSuite,
  epoxyDiffingSuite,
  treesBenchmarks,
  treeInputBenchmarks,
  operatorBenchmarks,
  collectionBenchmarks,
  dataSourcesBenchmarks,
  collectionOperatorBenchmarks,
  patchApplyBenchmarks,
  endToEndBenchmarks,
  snapshotsBenchmarks,
]

let requested = Array(CommandLine.arguments.dropFirst())
// The diffing suite runs the standard library's diffs in child processes of this executable.
if requested.first == stdlibDifferenceChildFlag { runStdlibDifferenceChild(arguments: Array(requested.dropFirst())) }
if requested.contains("--list") {
  for suite in suites { print(suite.name) }
} else {
  for suite in suites where requested.isEmpty || requested.contains(suite.name) {
    print("== \(suite.name) ==")
    suite.run()
  }
}
