// swift-tools-version: 6.2
//
// Type-checks Tether's UIKit and AppKit adapters on Linux.
//
// The targets `UIKit`, `AppKit` and `ObjectiveC` are stubs: they declare, from Apple's
// documentation, exactly the classes, methods, argument labels, types, isolation and availability
// the adapters use, with empty bodies. `CheckedTetherUIKit` and `CheckedTetherAppKit` compile the
// real adapter sources (Sources/TetherUIKit and Sources/TetherAppKit, through symlinks) against
// them, so a renamed or mistyped UIKit or AppKit call fails `Scripts/check-apple-adapters.sh`.
// Nothing here runs; see the README's "Platforms" section for what this proves and what it cannot.
// Like the library, this package depends on nothing but Tether itself.

import PackageDescription

let package = Package(
  name: "AppleAdapterChecks",
  dependencies: [.package(name: "Tether", path: "../..")],
  targets: [
    .target(name: "ObjectiveC", path: "Stubs/ObjectiveC"),
    .target(name: "UIKit", dependencies: ["ObjectiveC"], path: "Stubs/UIKit"),
    .target(name: "AppKit", dependencies: ["ObjectiveC"], path: "Stubs/AppKit"),
    .target(
      name: "CheckedTetherUIKit",
      dependencies: [
        "UIKit", "ObjectiveC",
        .product(name: "TetherSignals", package: "Tether"),
        .product(name: "TetherDataSources", package: "Tether"),
      ],
      path: "Adapters/TetherUIKit"
    ),
    .target(
      name: "CheckedTetherAppKit",
      dependencies: [
        "AppKit", "ObjectiveC",
        .product(name: "TetherSignals", package: "Tether"),
        .product(name: "TetherDataSources", package: "Tether"),
      ],
      path: "Adapters/TetherAppKit"
    ),
  ],
  swiftLanguageModes: [.v6]
)
