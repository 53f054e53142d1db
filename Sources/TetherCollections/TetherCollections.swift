// The TetherCollections module. See Package.swift for where it sits among Tether's layers.
