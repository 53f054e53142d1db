// The umbrella module: `import Tether` is all an app needs. `TetherAppKit` and `TetherUIKit` hold
// the Apple adapters and are empty on Linux.
@_exported import TetherAppKit
@_exported import TetherChangesets
@_exported import TetherCollections
@_exported import TetherDataSources
@_exported import TetherDiffuser
@_exported import TetherObservation
@_exported import TetherSignals
@_exported import TetherUIKit
