import Foundation
import TetherCollections
import TetherTestSupport
import XCTest

/// Code a container runs under its lock (an element's `hash(into:)` or `==`) touching that
/// container traps with a message naming the misuse, instead of deadlocking on the lock. Each
/// scenario runs in a child process (see `ChildProcessTrap`).
final class ReentrantAccessTrapTests: XCTestCase {
  static let message = "An observable container was read or changed from code it runs under its lock"

  func testElementCodeTouchingItsContainerTrapsNamingTheMisuse() throws {
    for scenario in ReentrantAccessScenarios.names {
      let outcome = try ChildProcessTrap.run(
        scenario, test: "TetherCollectionsTests.ReentrantAccessScenarios/testRunTheRequestedScenario")
      XCTAssertTrue(outcome.trapped, "\(scenario) did not trap:\n\(outcome.output)")
      XCTAssertTrue(outcome.output.contains(Self.message), "\(scenario): expected the message in:\n\(outcome.output)")
      XCTAssertTrue(outcome.output.contains("re-entrant access would deadlock"), outcome.output)
      XCTAssertTrue(outcome.output.contains("scenario \(scenario) started"), "\(scenario) ran:\n\(outcome.output)")
    }
  }
}

/// An element whose `hash(into:)` and `==` run `ReentrantProbe.hook` once it is set.
struct ReentrantProbe: Hashable, Sendable {
  /// What element code does to the container under test; set just before the misuse.
  nonisolated(unsafe) static var hook: (() -> Void)?

  let id: Int

  func hash(into hasher: inout Hasher) {
    Self.hook?()
    hasher.combine(0)  // every probe collides, so inserting one compares it with `==`
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    hook?()
    return lhs.id == rhs.id
  }
}

/// The scenarios, run only in the child process that ``ReentrantAccessTrapTests`` starts.
final class ReentrantAccessScenarios: XCTestCase {
  static let names = ["set.insert.hash", "set.contains.hash", "set.remove.equal", "dictionary.subscript.hash"]

  func testRunTheRequestedScenario() throws {
    guard let name = ChildProcessTrap.requestedScenario, Self.names.contains(name) else {
      throw XCTSkip("runs only as a child of ReentrantAccessTrapTests")
    }
    ChildProcessTrap.say("scenario \(name) started")
    let set = MutableObservableSet<ReentrantProbe>([ReentrantProbe(id: 1)])
    let dictionary = MutableObservableDictionary<ReentrantProbe, String>([ReentrantProbe(id: 1): "one"])
    switch name {
    case "set.insert.hash":
      ReentrantProbe.hook = { _ = set.count }
      set.insert(ReentrantProbe(id: 2))
    case "set.contains.hash":
      ReentrantProbe.hook = { set.insert(ReentrantProbe(id: 3)) }
      _ = set.contains(ReentrantProbe(id: 1))
    case "set.remove.equal":
      var hashed = false
      ReentrantProbe.hook = {
        // Only `==` (called after hashing found the bucket) touches the set.
        if hashed { _ = set.isEmpty } else { hashed = true }
      }
      set.remove(ReentrantProbe(id: 1))
    case "dictionary.subscript.hash":
      ReentrantProbe.hook = { _ = dictionary.count }
      dictionary[ReentrantProbe(id: 2)] = "two"
    default:
      XCTFail("unknown scenario \(name)")
    }
    ChildProcessTrap.say("scenario \(name) did not trap")
  }
}
