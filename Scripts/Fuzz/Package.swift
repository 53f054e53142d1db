// swift-tools-version: 6.2
// Tether's libFuzzer targets: a nested package (like Benchmarks/) so the library's own graph stays
// free of them, built by SwiftPM against the library's real targets so that a new source file or C
// target can never be left out of the fuzzers' build (Scripts/fuzz.sh used to list files by hand).
//
// Build and run through Scripts/fuzz.sh, which passes `-sanitize=fuzzer,address` to every Swift
// module (the library's included, so libFuzzer sees their coverage); each target's main.swift hands
// its body to libFuzzer's driver.
import PackageDescription

let package = Package(
  name: "TetherFuzz",
  platforms: [.macOS(.v10_15)],
  dependencies: [.package(name: "Tether", path: "../..")],
  targets: [
    // libFuzzer's driver, called from each target's main.swift (see CFuzzerDriver.h).
    .target(name: "CFuzzerDriver"),
    .target(
      name: "FuzzSupport",
      dependencies: ["CFuzzerDriver", .product(name: "TetherChangesets", package: "Tether")]
    ),
    .executableTarget(
      name: "diff-fuzzer",
      dependencies: ["FuzzSupport", .product(name: "TetherChangesets", package: "Tether")],
      path: "Sources/DiffFuzzer"
    ),
    .executableTarget(
      name: "decode-fuzzer",
      dependencies: ["FuzzSupport", .product(name: "TetherChangesets", package: "Tether")],
      path: "Sources/DecodeFuzzer"
    ),
    .executableTarget(
      name: "patch-fuzzer",
      dependencies: ["FuzzSupport", .product(name: "TetherChangesets", package: "Tether")],
      path: "Sources/PatchFuzzer"
    ),
    .executableTarget(
      name: "binder-fuzzer",
      dependencies: [
        "FuzzSupport", .product(name: "TetherChangesets", package: "Tether"),
        .product(name: "TetherDataSources", package: "Tether"),
        .product(name: "TetherValidatingViews", package: "Tether"),
      ],
      path: "Sources/BinderFuzzer"
    ),
    .executableTarget(
      name: "persistent-fuzzer",
      dependencies: ["FuzzSupport", .product(name: "TetherChangesets", package: "Tether")],
      path: "Sources/PersistentFuzzer"
    ),
  ],
  swiftLanguageModes: [.v6]
)
