// Apple platforms only (UIKit or AppKit). Cannot be compiled on Linux.
#if canImport(UIKit) || canImport(AppKit)
/// The key of the associated object that keeps a view's data-source bridge alive (UIKit and
/// AppKit views hold their data sources weakly).
nonisolated(unsafe) var dataSourceBridgeKey: UInt8 = 0  // Unsafe: only its address is used, as a key.
#endif
