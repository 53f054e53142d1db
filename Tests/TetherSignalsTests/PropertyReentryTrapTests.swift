import Foundation
import TetherSignals
import TetherTestSupport
import XCTest

/// A `Property.modify` body touching its own property traps with a message naming the misuse,
/// instead of deadlocking on the property's lock. Each scenario runs in a child process (see
/// `ChildProcessTrap`).
final class PropertyReentryTrapTests: XCTestCase {
  static let message = "Property.modify's body read or changed the same property (re-entrant access would deadlock)"

  func testModifyBodyTouchingItsPropertyTrapsNamingTheMisuse() throws {
    for scenario in PropertyReentryScenarios.names {
      let outcome = try ChildProcessTrap.run(
        scenario, test: "TetherSignalsTests.PropertyReentryScenarios/testRunTheRequestedScenario")
      XCTAssertTrue(outcome.trapped, "\(scenario) did not trap:\n\(outcome.output)")
      XCTAssertTrue(outcome.output.contains(Self.message), "\(scenario): expected the message in:\n\(outcome.output)")
      XCTAssertTrue(outcome.output.contains("scenario \(scenario) started"), "\(scenario) ran:\n\(outcome.output)")
    }
  }
}

/// The scenarios, run only in the child process that ``PropertyReentryTrapTests`` starts.
final class PropertyReentryScenarios: XCTestCase {
  static let names = [
    "modify.readsValue", "modify.setsValue", "silentModify.readsValue", "modify.observes", "modify.modifies",
  ]

  func testRunTheRequestedScenario() throws {
    guard let name = ChildProcessTrap.requestedScenario, Self.names.contains(name) else {
      throw XCTSkip("runs only as a child of PropertyReentryTrapTests")
    }
    ChildProcessTrap.say("scenario \(name) started")
    let property = Property(1)
    switch name {
    case "modify.readsValue": property.modify { $0 = property.value + 1 }
    case "modify.setsValue": property.modify { _ in property.value = 2 }
    case "silentModify.readsValue": property.silentModify { $0 = property.value + 1 }
    case "modify.observes": property.modify { _ in _ = property.observeNext { _ in } }
    case "modify.modifies": property.modify { _ in property.modify { $0 += 1 } }
    default: XCTFail("unknown scenario \(name)")
    }
    ChildProcessTrap.say("scenario \(name) did not trap")
  }
}
