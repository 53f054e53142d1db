// Each suite lives in its own file as a `BenchmarkSuite`; list it here, one per line.
let suites: [BenchmarkSuite] = [
  runtimeBenchmarks,
  changesetBenchmarks,
  binsBenchmarks,
  diffingSuite,
  epoxyDiffingSuite,
  treesBenchmarks,
  operatorBenchmarks,
  collectionBenchmarks,
  dataSourcesBenchmarks,
  collectionOperatorBenchmarks,
  patchApplyBenchmarks,
]

let requested = Array(CommandLine.arguments.dropFirst())
if requested.contains("--list") {
  for suite in suites { print(suite.name) }
} else {
  for suite in suites where requested.isEmpty || requested.contains(suite.name) {
    print("== \(suite.name) ==")
    suite.run()
  }
}
