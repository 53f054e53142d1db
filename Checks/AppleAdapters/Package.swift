// swift-tools-version: 6.2
//
// Type-checks Tether's UIKit and AppKit adapters and its Combine bridges on Linux.
//
// The targets `UIKit`, `AppKit`, `ObjectiveC` and `Combine` are stubs: they declare, from Apple's
// documentation, exactly the classes, protocols, methods, argument labels, types, isolation and
// availability the adapters use, with empty bodies. `CheckedTetherUIKit`, `CheckedTetherAppKit`
// and `CheckedTetherCombine` compile the real sources (Sources/TetherUIKit, Sources/TetherAppKit
// and Sources/TetherCombine, through symlinks) against them, so a renamed or mistyped UIKit,
// AppKit or Combine call fails `Scripts/check-apple-adapters.sh`.
// Nothing here runs; see the README's "Platforms" section for what this proves and what it cannot.
// Like the library, this package depends on nothing but Tether itself.

import PackageDescription

let package = Package(
  name: "AppleAdapterChecks",
  // Tether's own minimums, so that on an Apple host the adapters' uses of the stubs' `@available`
  // APIs are checked against the oldest systems Tether supports (Linux ignores availability).
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  dependencies: [.package(name: "Tether", path: "../..")],
  targets: [
    .target(name: "ObjectiveC", path: "Stubs/ObjectiveC"),
    .target(name: "UIKit", dependencies: ["ObjectiveC"], path: "Stubs/UIKit"),
    .target(name: "AppKit", dependencies: ["ObjectiveC"], path: "Stubs/AppKit"),
    .target(name: "Combine", path: "Stubs/Combine"),
    .target(
      name: "CheckedTetherUIKit",
      dependencies: [
        "UIKit", "ObjectiveC",
        .product(name: "TetherSignals", package: "Tether"),
        .product(name: "TetherDataSources", package: "Tether"),
      ],
      path: "Adapters/TetherUIKit",
      // The stubs have no Objective-C runtime: `@objc` action methods are compiled without it.
      swiftSettings: [.define("TETHER_APPLE_STUBS")]
    ),
    .target(
      name: "CheckedTetherAppKit",
      dependencies: [
        "AppKit", "ObjectiveC",
        .product(name: "TetherSignals", package: "Tether"),
        .product(name: "TetherDataSources", package: "Tether"),
      ],
      path: "Adapters/TetherAppKit",
      swiftSettings: [.define("TETHER_APPLE_STUBS")]
    ),
    // Bond's README examples against the stubs and the checked adapters, with only the imports
    // changed (see the file's header), and every UIKit binding of issue 26 used once.
    .target(
      name: "BondReadmeExamples",
      dependencies: [
        "UIKit", "CheckedTetherUIKit",
        .product(name: "TetherSignals", package: "Tether"),
        .product(name: "TetherCollections", package: "Tether"),
        .product(name: "TetherDataSources", package: "Tether"),
      ],
      path: "BondReadme",
      // The README's `print(text)` of an optional text warns, as it does in a Bond app; the
      // snippet stays verbatim.
      swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
    ),
    // The AppKit bindings of issue 26, each used once against the stubs.
    .target(
      name: "AppKitBindings",
      dependencies: ["AppKit", "CheckedTetherAppKit", .product(name: "TetherSignals", package: "Tether")],
      path: "AppKitBindings"
    ),
    .target(
      name: "CheckedTetherCombine",
      dependencies: ["Combine", .product(name: "TetherSignals", package: "Tether")],
      path: "Adapters/TetherCombine"
    ),
    // An app importing both Tether and Combine: the typealiases of "Combine side by side" settle
    // every shared name (Scripts/check-apple-adapters.sh drops each in turn: the build must fail).
    .target(
      name: "CombineSideBySide",
      dependencies: ["Combine", "CheckedTetherCombine", .product(name: "TetherSignals", package: "Tether")],
      path: "CombineSideBySide"
    ),
  ],
  swiftLanguageModes: [.v6]
)
