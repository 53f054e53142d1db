import Dispatch
import TetherChangesets
import TetherSynchronization
import XCTest

final class DiffingLoggerTests: XCTestCase {
  func testCustomLoggerReceivesReports() {
    let reports = Locked<[String]>([])
    let previous = TetherLogger.shared
    defer { TetherLogger.shared = previous }
    TetherLogger.shared = TetherLogger(
      assert: { condition, message, _, line in
        if !condition() { reports.withLock { $0.append("assert \(message()) \(line)") } }
      },
      assertionFailure: { message, _, _ in reports.withLock { $0.append("failure \(message())") } },
      warn: { message, fileID, _ in reports.withLock { $0.append("warn \(message()) \(fileID)") } }
    )
    TetherLogger.shared.assert(true, "fine")
    TetherLogger.shared.assert(false, "broken", line: 7)
    TetherLogger.shared.assertionFailure("impossible")
    TetherLogger.shared.warn("careful")
    XCTAssertEqual(
      reports.withLock { $0 },
      ["assert broken 7", "failure impossible", "warn careful TetherChangesetsTests/DiffingLoggerTests.swift"]
    )
  }

  /// Messages are built lazily: a logger that ignores them never pays for them.
  func testMessagesAreLazy() {
    let previous = TetherLogger.shared
    defer { TetherLogger.shared = previous }
    TetherLogger.shared = TetherLogger(warn: { _, _, _ in })
    let built = Locked(false)
    TetherLogger.shared.warn(
      {
        built.withLock { $0 = true }
        return "expensive"
      }())
    XCTAssertFalse(built.withLock { $0 })
  }

  /// Replacing and reading the shared logger from many threads at once is safe (run under TSan by
  /// the stress configuration as well).
  func testSharedLoggerIsThreadSafe() {
    let previous = TetherLogger.shared
    defer { TetherLogger.shared = previous }
    let warnings = AtomicInt(0)
    DispatchQueue.concurrentPerform(iterations: 200) { iteration in
      if iteration % 2 == 0 {
        TetherLogger.shared = TetherLogger(warn: { _, _, _ in warnings.add(1, ordering: .relaxed) })
      } else {
        TetherLogger.shared.warn("concurrent")
      }
    }
    XCTAssertLessThanOrEqual(warnings.load(ordering: .relaxed), 100)
  }
}
