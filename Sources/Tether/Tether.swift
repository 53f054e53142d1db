// The umbrella module: `import Tether` is all an app needs.
@_exported import TetherChangesets
@_exported import TetherCollections
@_exported import TetherDataSources
@_exported import TetherDiffuser
@_exported import TetherObservation
@_exported import TetherSignals
