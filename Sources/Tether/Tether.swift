// The umbrella module: `import Tether` is all an app needs. `TetherAppKit` and `TetherUIKit` hold
// the Apple adapters and are empty on Linux; `TetherCombine`'s bridges exist where Combine does.
@_exported import TetherAppKit
@_exported import TetherChangesets
@_exported import TetherCollections
@_exported import TetherCombine
@_exported import TetherDataSources
@_exported import TetherDiffuser
@_exported import TetherObservation
@_exported import TetherSignals
@_exported import TetherTerminal
@_exported import TetherUIKit
@_exported import TetherValidatingViews
