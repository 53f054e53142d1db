// swift-tools-version: 6.2
// Tether's benchmarks: a nested package so the library's own dependency graph stays empty.
// Run: swift run -c release --package-path Benchmarks tether-benchmarks [SUITE ...]
import PackageDescription

let package = Package(
  name: "TetherBenchmarks",
  // Higher than Tether's own minimums on purpose: the harness (not the library) counts with the
  // standard library's `Synchronization.Atomic`, and it only runs on developer machines and CI.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "Tether", path: "..")],
  targets: [
    // Counts allocations (interposes malloc on Linux) for the allocation and memory rows.
    .target(name: "MallocCounter"),
    .executableTarget(
      name: "tether-benchmarks",
      dependencies: [.product(name: "Tether", package: "Tether"), "MallocCounter"],
      path: "Sources/TetherBenchmarks"
    ),
  ],
  swiftLanguageModes: [.v6]
)
