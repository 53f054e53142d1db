import Foundation
import XCTest

/// Trap messages keep the index and the count in release builds, where the standard library's
/// `precondition` and `preconditionFailure` drop them: the `tether-trap-probe` executable, built
/// with `swift build -c release --product tether-trap-probe` (CI does it before the tests), must
/// die with each misuse's full message. Skipped when no release probe has been built; after
/// changing the library, rebuild it, or this test checks the old build.
final class ReleaseTrapMessageTests: XCTestCase {
  /// Scenario name (the probe's argument) and what its trap message must contain.
  static let scenarios: [(name: String, message: String)] = [
    ("array.remove", "Index 3 is out of range for a collection of 3 elements"),
    ("array2D.removeItem", "Index 9 is out of range for section 0 of 2 items"),
    ("tree.remove", "Index 4 is out of range for a node of 1 children"),
    ("patch.apply", "Index 5 is out of range for a collection of 2 elements"),
    ("signal.prefix", "prefix(maxLength:) requires a non-negative maxLength (got -1)"),
    ("array2D.subscript", "Section index 7 is out of range for a 2D array of 1 sections"),
    ("property.reentry", "Property.modify's body read or changed the same property"),
    ("set.reentry", "An observable container was read or changed from code it runs under its lock"),
    (
      "subject.waitInsideCallback",
      "waitUntilDelivered() called on the thread delivering this subject or property (from inside its callback)"
    ),
    (
      "container.waitInsideObserver",
      "waitUntilDelivered() called on the thread delivering this container (from inside its observer)"
    ),
    (
      "container.waitInsideNestedDelivery",
      "waitUntilDelivered() called on the thread delivering this container (from inside its observer)"
    ),
    // TetherSynchronization's every-build checks (SynchronizationTrapTests runs them in debug).
    ("list.appendTwice", "IntrusiveList.append: the node is already in a list (a node must not be in a list)"),
    ("list.removeUnlinked", "IntrusiveList.remove: the node is in no list (a node must be in the list it leaves)"),
    ("atomic.addOverflow", "AtomicInt.add overflowed: 9223372036854775807 + 1 does not fit in an Int"),
    ("lock.reentry", "A Tether lock was taken again by the thread holding it"),
  ]

  /// The release probe: `TETHER_TRAP_PROBE` if set, else the package's `.build/release` one.
  static var probe: URL {
    if let path = ProcessInfo.processInfo.environment["TETHER_TRAP_PROBE"] {
      return URL(fileURLWithPath: path)
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return package.appendingPathComponent(".build/release/tether-trap-probe")
  }

  func testReleaseBuildTrapsKeepTheirMessage() throws {
    let probe = Self.probe
    guard FileManager.default.isExecutableFile(atPath: probe.path) else {
      throw XCTSkip("no release probe at \(probe.path): swift build -c release --product tether-trap-probe")
    }
    for scenario in Self.scenarios {
      let process = Process()
      process.executableURL = probe
      process.arguments = [scenario.name]
      var environment = ProcessInfo.processInfo.environment
      environment["SWIFT_BACKTRACE"] = "enable=no"  // the message is all we need, and it is faster
      process.environment = environment
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertTrue(output.contains("configuration: release"), "the probe is not a release build:\n\(output)")
      XCTAssertTrue(output.contains("scenario \(scenario.name) started"), "\(scenario.name) ran:\n\(output)")
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(scenario.name) did not trap:\n\(output)")
      XCTAssertTrue(
        output.contains(scenario.message), "\(scenario.name): expected '\(scenario.message)' in:\n\(output)")
    }
  }
}
