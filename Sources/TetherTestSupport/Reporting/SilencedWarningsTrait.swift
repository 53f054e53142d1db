import Foundation
import Testing
import TetherChangesets

/// A Swift Testing trait that drops the library's warnings while its tests run: the counterpart
/// of `silenceTetherWarnings()` for XCTest. Add it to a test or suite that uses duplicate
/// identifiers on purpose:
///
/// ```swift
/// @Suite(.silencedTetherWarnings) struct DuplicateIdentifierTests { ... }
/// ```
///
/// `TetherLogger.shared` is global: while any test with this trait runs, warnings are dropped for
/// every test of the process, so tests that check warnings must not run with them in parallel.
/// The previous logger is put back when the last such test ends.
public struct SilencedTetherWarningsTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite.
  public var isRecursive: Bool { true }

  /// Runs `function` with warnings dropped.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    WarningSilencer.shared.enter()
    defer { WarningSilencer.shared.leave() }
    try await function()
  }
}

extension Trait where Self == SilencedTetherWarningsTrait {
  /// Drops the library's warnings while the test runs (see ``SilencedTetherWarningsTrait``).
  public static var silencedTetherWarnings: Self { Self() }
}

/// Counts the tests that silence warnings, so overlapping ones put the right logger back.
private final class WarningSilencer: @unchecked Sendable {
  // Safe: `depth` and `saved` are only touched while holding `lock`.
  static let shared = WarningSilencer()
  private let lock = NSLock()
  private var depth = 0
  private var saved: TetherLogger?

  func enter() {
    lock.lock()
    defer { lock.unlock() }
    if depth == 0 {
      saved = TetherLogger.shared
      TetherLogger.shared = TetherLogger(warn: { _, _, _ in })
    }
    depth += 1
  }

  func leave() {
    lock.lock()
    defer { lock.unlock() }
    depth -= 1
    if depth == 0, let saved {
      TetherLogger.shared = saved
      self.saved = nil
    }
  }
}
