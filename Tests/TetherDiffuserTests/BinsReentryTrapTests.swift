import Foundation
import TetherDiffuser
import TetherTestSupport
import XCTest

/// A bins filter, sort order or identity function touching its own `ObservableDiffCollection`
/// traps with a message naming the misuse, instead of deadlocking on the collection's lock. Each
/// scenario runs in a child process (see `ChildProcessTrap`).
final class BinsReentryTrapTests: XCTestCase {
  static let message =
    "An ObservableDiffCollection was read or changed from its own filter, sort order, identity function or element =="

  func testUserCodeTouchingItsBinsTrapsNamingTheMisuse() throws {
    for scenario in BinsReentryScenarios.names {
      let outcome = try ChildProcessTrap.run(
        scenario, test: "TetherDiffuserTests.BinsReentryScenarios/testRunTheRequestedScenario")
      XCTAssertTrue(outcome.trapped, "\(scenario) did not trap:\n\(outcome.output)")
      XCTAssertTrue(outcome.output.contains(Self.message), "\(scenario): expected the message in:\n\(outcome.output)")
      XCTAssertTrue(outcome.output.contains("re-entrant access would deadlock"), outcome.output)
      XCTAssertTrue(outcome.output.contains("scenario \(scenario) started"), "\(scenario) ran:\n\(outcome.output)")
    }
  }
}

/// The bins the scenarios' user code touches, set before each misuse.
private nonisolated(unsafe) var reentrantBins: ObservableDiffCollection<BinItem, Int>?
/// Which user code touches `reentrantBins`: "filter", "order" or "id".
private nonisolated(unsafe) var reentrantCode = ""

/// The scenarios, run only in the child process that ``BinsReentryTrapTests`` starts.
final class BinsReentryScenarios: XCTestCase {
  static let names = ["filter.readsCollection", "order.readsElement", "id.updates"]

  func testRunTheRequestedScenario() throws {
    guard let name = ChildProcessTrap.requestedScenario, Self.names.contains(name) else {
      throw XCTSkip("runs only as a child of BinsReentryTrapTests")
    }
    ChildProcessTrap.say("scenario \(name) started")
    let filter = DiffCollectionFilter<BinItem>(name: "all") { _ in
      if reentrantCode == "filter" { _ = reentrantBins?.collection }
      return true
    }
    let bins = ObservableDiffCollection<BinItem, Int>(
      filters: [filter],
      id: { item in
        if reentrantCode == "id" { reentrantBins?.delete(id: 1) }
        return item.id
      },
      sortedBy: { lhs, rhs in
        if reentrantCode == "order" { _ = reentrantBins?.element(withID: 1) }
        return lhs.value < rhs.value
      }
    )
    bins.update(element: BinItem(id: 1, value: 1))
    reentrantBins = bins
    reentrantCode = String(name.prefix { $0 != "." })
    bins.update(element: BinItem(id: 2, value: 2))
    ChildProcessTrap.say("scenario \(name) did not trap")
  }
}
