// The TetherDiffuser module. See Package.swift for where it sits among Tether's layers.
