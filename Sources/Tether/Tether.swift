// The Apple adapters: empty modules on Linux, the UIKit and AppKit conformances elsewhere.
@_exported import TetherAppKit
// The umbrella module: `import Tether` is all an app needs.
@_exported import TetherChangesets
@_exported import TetherCollections
@_exported import TetherDataSources
@_exported import TetherDiffuser
@_exported import TetherObservation
@_exported import TetherSignals
@_exported import TetherUIKit
