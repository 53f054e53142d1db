import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherSynchronization
import XCTest

/// Out-of-range arguments trap before anything changes: each scenario runs in a child process (the
/// test binary itself, filtered to ``CollectionTrapScenarios``), which must die with a message that
/// names the index and the count, and without emitting a changeset first.
final class CollectionTrapTests: XCTestCase {
  /// Scenario name and what its trap message must contain.
  static let scenarios: [(name: String, message: String)] = [
    ("array.remove", "Index 5 is out of range for a collection of 3 elements"),
    ("array.subscript", "Index 3 is out of range for a collection of 3 elements"),
    ("array.insert", "Insertion index 4 is out of range for a collection of 3 elements (valid: 0...3)"),
    ("array.removeSubrange", "Range 1..<9 is out of range for a collection of 3 elements"),
    ("array.move", "Index 3 is out of range for a collection of 3 elements"),
    ("array.moveMany", "Target index 2 is out of range for moving 2 of the 3 elements (valid: 0...1)"),
    ("array.apply", "patch operation 1 (delete): index 2 is out of range for a collection of 2 elements"),
    ("array2D.removeItem", "Index 9 is out of range for section 0 of 2 items"),
    ("array2D.removeSection", "Section index 3 is out of range for a 2D array of 1 sections"),
    ("tree.remove", "Index 4 is out of range for a node of 1 children (depth 0 of index path [4])"),
    // ObservableCollections.md and Trees.md: a batch that goes wrong half-way "traps before anything
    // changes, so nothing is emitted" for the mutations it made before the bad one either.
    ("array.batchUpdate", "Index 9 is out of range for a collection of 4 elements"),
    ("tree.batchUpdate", "Index 4 is out of range for a node of 2 children (depth 0 of index path [4])"),
  ]

  func testOutOfRangeArgumentsTrapNamingTheIndexAndTheCount() throws {
    #if os(Linux)
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    for scenario in Self.scenarios {
      let process = Process()
      process.executableURL = binary
      process.arguments = ["TetherCollectionsTests.CollectionTrapScenarios/testRunTheRequestedScenario"]
      var environment = ProcessInfo.processInfo.environment
      environment[CollectionTrapScenarios.variable] = scenario.name
      environment["SWIFT_BACKTRACE"] = "enable=no"  // the message is all we need, and it is faster
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertTrue(
        process.terminationReason == .uncaughtSignal || process.terminationStatus != 0,
        "\(scenario.name) did not trap:\n\(text)")
      XCTAssertTrue(text.contains(scenario.message), "\(scenario.name): expected '\(scenario.message)' in:\n\(text)")
      XCTAssertTrue(text.contains("scenario \(scenario.name) started"), "\(scenario.name) ran:\n\(text)")
      XCTAssertFalse(text.contains("EMITTED"), "\(scenario.name) emitted a changeset before trapping:\n\(text)")
    }
    #else
    throw XCTSkip("death tests spawn the test binary from /proc/self/exe (Linux)")
    #endif
  }
}

/// The scenarios, run only in the child process that ``CollectionTrapTests`` starts.
final class CollectionTrapScenarios: XCTestCase {
  static let variable = "TETHER_TRAP_SCENARIO"

  func testRunTheRequestedScenario() throws {
    guard let name = ProcessInfo.processInfo.environment[Self.variable] else {
      throw XCTSkip("runs only as a child of CollectionTrapTests")
    }
    // Anything emitted after the initial reload would be a changeset for the bad mutation.
    func watch<S: SignalProtocol>(_ container: S) -> any Disposable where S.Error == Never {
      let received = AtomicInt(0)
      return container.observeNext { _ in
        if received.add(1, ordering: .relaxed).oldValue > 0 { Self.say("EMITTED") }
      }
    }
    Self.say("scenario \(name) started")
    let array = MutableObservableArray(["a", "b", "c"])
    let grid = MutableObservableArray2D(Array2D<String, Int>(sectionsWithItems: [("A", [1, 2])]))
    let tree = MutableObservableTreeArray([TreeNode("root")])
    let observations = [watch(array), watch(grid), watch(tree)]
    switch name {
    case "array.remove": array.remove(at: 5)
    case "array.subscript": array[3] = "d"
    case "array.insert": array.insert("d", at: 4)
    case "array.removeSubrange": array.removeSubrange(1..<9)
    case "array.move": array.move(from: 0, to: 3)
    case "array.moveMany": array.move(from: [0, 1], to: 2)
    case "array.apply": array.apply([.delete(at: 0), .delete(at: 2)])
    case "array2D.removeItem": grid.removeItem(at: [0, 9])
    case "array2D.removeSection": grid.removeSection(at: 3)
    case "tree.remove": tree.remove(at: [4])
    case "array.batchUpdate":
      array.batchUpdate { batch in
        batch.append("d")
        batch.remove(at: 9)
      }
    case "tree.batchUpdate":
      tree.batchUpdate { batch in
        batch.append(TreeNode("leaf"))
        _ = batch.remove(at: [4])
      }
    default: XCTFail("unknown scenario \(name)")
    }
    Self.say("scenario \(name) did not trap")
    observations.forEach { $0.dispose() }
  }

  private static func say(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
