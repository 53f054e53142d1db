import TetherChangesets
import XCTest

extension XCTestCase {
  /// Replaces `TetherLogger.shared` with a logger that drops warnings until the current test ends,
  /// then puts the previous logger back.
  ///
  /// Call it from `setUp()` (or a test) that uses duplicate identifiers on purpose, so the
  /// library's warnings about them do not flood the test output. The logger is global: tests that
  /// call this must not run in parallel with tests that check warnings.
  public func silenceTetherWarnings() {
    let saved = TetherLogger.shared
    TetherLogger.shared = TetherLogger(warn: { _, _, _ in })
    addTeardownBlock { TetherLogger.shared = saved }
  }
}
