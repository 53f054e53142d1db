// swift-tools-version: 6.2
//
// Tether: reactive observable collections.
//
// Layers (each its own module, importable alone; `Tether` re-exports them all):
//   TetherSignals      signal runtime on Dispatch
//   TetherChangesets   changesets, diff <-> patch, diffing algorithms (knows nothing of signals)
//   TetherCollections  observable containers and collection operators
//   TetherDataSources  data-source protocols, binders, view protocols
//   TetherValidatingViews  views that check what binders do by UIKit's and AppKit's rules (for tests)
//   TetherTerminal     TerminalListView: a list in a terminal, above the prompt
//   TetherDiffuser     Diffuser, Fuser and DiffCollection bins (bins are also a sectioned data source)
//   TetherObservation  @Observable read-sides of properties and containers, for SwiftUI
//   TetherUIKit, TetherAppKit  UITableView/UICollectionView and NSTableView/NSOutlineView adapters
//                      (empty on Linux; type-checked there by the nested Checks/AppleAdapters)
//   TetherCombine      Combine bridges: signals as publishers, publishers as signals (the bridges
//                      are empty on Linux and type-checked there the same way; their delivery
//                      logic is platform-neutral and tested everywhere)
//   TetherSynchronization  the shared lock and atomics (package-internal; not a product)
//   CTetherAtomics     C11 atomics under TetherSynchronization's (package-internal; not a product)
// The library has no package dependencies; benchmarks live in the nested `Benchmarks/` package.

import PackageDescription

let package = Package(
  name: "Tether",
  // Where Swift concurrency back-deploys. Newer APIs (Observation in TetherObservation, for one)
  // carry their own `@available`; README "Platforms" states the same (PackageManifestTests checks it).
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  products: [
    .library(name: "Tether", targets: ["Tether"]),
    .library(name: "TetherSignals", targets: ["TetherSignals"]),
    .library(name: "TetherChangesets", targets: ["TetherChangesets"]),
    .library(name: "TetherCollections", targets: ["TetherCollections"]),
    .library(name: "TetherDataSources", targets: ["TetherDataSources"]),
    .library(name: "TetherValidatingViews", targets: ["TetherValidatingViews"]),
    .library(name: "TetherTerminal", targets: ["TetherTerminal"]),
    .library(name: "TetherDiffuser", targets: ["TetherDiffuser"]),
    .library(name: "TetherObservation", targets: ["TetherObservation"]),
    .library(name: "TetherUIKit", targets: ["TetherUIKit"]),
    .library(name: "TetherAppKit", targets: ["TetherAppKit"]),
    .library(name: "TetherCombine", targets: ["TetherCombine"]),
    .library(name: "TetherTestSupport", targets: ["TetherTestSupport"]),
    .executable(name: "playground", targets: ["playground"]),
  ],
  targets: [
    // The one lock and the atomics every module uses (package-internal, not products): see
    // Locked.swift and Atomics/. The atomics are C11 ones (`Synchronization` needs macOS 15 / iOS 18).
    .target(name: "CTetherAtomics"),
    .target(name: "TetherSynchronization", dependencies: ["CTetherAtomics"]),
    .target(name: "TetherSignals", dependencies: ["TetherSynchronization"]),
    .target(name: "TetherChangesets", dependencies: ["TetherSynchronization"]),
    .target(
      name: "TetherCollections",
      dependencies: ["TetherSynchronization", "TetherSignals", "TetherChangesets"]
    ),
    .target(name: "TetherDataSources", dependencies: ["TetherSynchronization", "TetherSignals", "TetherChangesets"]),
    .target(
      name: "TetherValidatingViews",
      dependencies: ["TetherSynchronization", "TetherSignals", "TetherDataSources"]
    ),
    .target(
      name: "TetherTerminal",
      dependencies: ["TetherSynchronization", "TetherSignals", "TetherDataSources", "TetherValidatingViews"]
    ),
    .target(
      name: "TetherDiffuser",
      dependencies: [
        "TetherSynchronization", "TetherSignals", "TetherChangesets", "TetherCollections", "TetherDataSources",
      ]
    ),
    .target(
      name: "TetherObservation",
      dependencies: ["TetherSignals", "TetherChangesets", "TetherCollections"]
    ),
    .target(name: "TetherUIKit", dependencies: ["TetherSignals", "TetherDataSources"]),
    .target(name: "TetherAppKit", dependencies: ["TetherSignals", "TetherDataSources"]),
    .target(name: "TetherCombine", dependencies: ["TetherSignals"]),
    .target(
      name: "Tether",
      dependencies: [
        "TetherSignals", "TetherChangesets", "TetherCollections", "TetherDataSources", "TetherValidatingViews",
        "TetherTerminal", "TetherDiffuser", "TetherObservation", "TetherUIKit", "TetherAppKit", "TetherCombine",
      ]
    ),
    .target(name: "TetherTestSupport", dependencies: ["TetherSignals", "TetherChangesets"]),
    // Counts the retains an object receives on one thread, through the runtime's retain hooks:
    // lets ObserverLifetimeProbeTests prove that disposing never copies an observer (issue 27).
    .target(name: "CTetherRetainProbe", path: "Tests/RetainProbe"),

    // Playground pages are a library so tests can run each page and compare its transcript.
    .target(name: "TetherPlaygroundPages", dependencies: ["Tether"], path: "Playgrounds/Pages"),
    .executableTarget(name: "playground", dependencies: ["TetherPlaygroundPages"], path: "Playgrounds/Runner"),
    // Performs one misuse per run; CI builds it in release for ReleaseTrapMessageTests (not a product).
    .executableTarget(
      name: "tether-trap-probe",
      dependencies: ["TetherSynchronization", "TetherChangesets", "TetherCollections", "TetherSignals"],
      path: "Tests/TrapProbe"
    ),
    // An interactive program sharing the terminal with a TerminalListView; TerminalSharingTests
    // drives it in tmux (not a product).
    .executableTarget(
      name: "tether-terminal-probe",
      dependencies: ["TetherCollections", "TetherDataSources", "TetherTerminal"],
      path: "Tests/TerminalProbe"
    ),

    // TetherSynchronization's own API (the lock, the atomics, the intrusive list, the delivery
    // helpers) and its checked preconditions; run under TSan and ASan by .ci/run.
    .testTarget(name: "TetherSynchronizationTests", dependencies: ["TetherSynchronization", "TetherTestSupport"]),
    .testTarget(
      name: "TetherSignalsTests",
      dependencies: ["TetherSynchronization", "TetherSignals", "TetherTestSupport"]
    ),
    .testTarget(
      name: "TetherChangesetsTests",
      dependencies: ["TetherSynchronization", "TetherChangesets", "TetherTestSupport"]
    ),
    .testTarget(
      name: "TetherCollectionsTests",
      dependencies: ["TetherSynchronization", "TetherCollections", "TetherTestSupport"]
    ),
    .testTarget(
      name: "TetherDataSourcesTests",
      dependencies: [
        "TetherSynchronization", "TetherCollections", "TetherDataSources", "TetherValidatingViews", "TetherTerminal",
        "TetherTestSupport",
      ]
    ),
    .testTarget(
      name: "TetherDiffuserTests",
      dependencies: ["TetherSynchronization", "TetherDiffuser", "TetherValidatingViews", "TetherTestSupport"]
    ),
    .testTarget(
      name: "TetherObservationTests",
      dependencies: ["TetherSynchronization", "TetherObservation", "TetherTestSupport"]
    ),
    .testTarget(name: "TetherCombineTests", dependencies: ["TetherCombine", "TetherSignals"]),
    // Run on their own under `--sanitize=thread` by .ci/run.
    .testTarget(
      name: "TetherStressTests",
      dependencies: ["TetherSynchronization", "Tether", "TetherTestSupport", "CTetherRetainProbe"]
    ),
    // App-shaped code in Swift 6 mode: global subjects, Sendable stores, @MainActor view models;
    // RacyProgramTests compiles issue 27's racy program with the toolchain's swiftc.
    .testTarget(name: "Swift6ClientTests", dependencies: ["Tether"]),
    // Bond-era client code in Swift 5 language mode (Bond's own): a non-Sendable NSObject as the
    // target of a DynamicSubject, the shape of Bond's DynamicSubjectTests.
    .testTarget(
      name: "Swift5ClientTests",
      dependencies: ["Tether", "TetherTestSupport"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // Every code sample in README.md and the DocC catalog is a snippet here, compiled and run.
    .testTarget(name: "DocumentationTests", dependencies: ["TetherSynchronization", "Tether", "TetherTestSupport"]),
    // ReactiveKit and Bond call sites migrated as the fix-its say, and Migration.md's fix-it table
    // checked against the declarations that make them.
    .testTarget(name: "MigrationTests", dependencies: ["Tether", "TetherTestSupport"]),
    .testTarget(
      name: "PlaygroundTests",
      dependencies: ["TetherPlaygroundPages"],
      exclude: []
    ),
  ],
  swiftLanguageModes: [.v6]
)
