import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

final class PersistentArrayConformanceTests: XCTestCase {
  func testCodableIsAPlainJSONArrayAndRoundTrips() throws {
    for count in [0, 1, 64, 65, 3_000] {
      let list = PersistentArray((0..<count).map { "item \($0)" })
      let data = try JSONEncoder().encode(list)
      XCTAssertEqual(data, try JSONEncoder().encode(Array(list)))
      let decoded = try JSONDecoder().decode(PersistentArray<String>.self, from: data)
      XCTAssertEqual(decoded, list)
      decoded._checkInvariants()
    }
    XCTAssertThrowsError(try JSONDecoder().decode(PersistentArray<Int>.self, from: Data("{}".utf8)))
  }

  func testEqualListsHashEquallyWhateverTheirShape() {
    var rng = SeededRandomNumberGenerator(seed: 7)
    let values = (0..<1_000).map { _ in Int.random(in: 0..<50, using: &rng) }
    let built = PersistentArray(values)
    var appended = PersistentArray<Int>()
    for value in values { appended.append(value) }
    var prepended = PersistentArray<Int>()
    for value in values.reversed() { prepended.insert(value, at: 0) }
    for list in [appended, prepended] {
      XCTAssertEqual(list, built)
      XCTAssertEqual(list.hashValue, built.hashValue)
    }
    var changed = built
    changed[500] = 99
    XCTAssertNotEqual(changed, built)
    XCTAssertNotEqual(PersistentArray(values.dropLast()), built)
    XCTAssertEqual(Set([built, appended, prepended, changed]).count, 2)
    var arrayHasher = Hasher()
    arrayHasher.combine(values)
    var listHasher = Hasher()
    listHasher.combine(built)
    XCTAssertEqual(arrayHasher.finalize(), listHasher.finalize(), "hashes as Array does")
  }

  func testLiteralsDescriptionsAndConversions() {
    let list: PersistentArray = ["a", "b"]
    XCTAssertEqual(list.description, #"["a", "b"]"#)
    XCTAssertEqual(list.description, ["a", "b"].description)
    XCTAssertEqual(list.debugDescription, #"PersistentArray(["a", "b"])"#)
    XCTAssertEqual(PersistentArray<Int>().description, "[]")
    XCTAssertEqual(Array(PersistentArray(repeating: 3, count: 100)), Array(repeating: 3, count: 100))
    XCTAssertEqual(PersistentArray(list), list)
  }

  func testMoveAndSwapAt() {
    var list: PersistentArray = ["a", "b", "c", "d"]
    list.move(from: 0, to: 2)
    XCTAssertEqual(Array(list), ["b", "c", "a", "d"])
    list.move(from: 3, to: 0)
    XCTAssertEqual(Array(list), ["d", "b", "c", "a"])
    list.swapAt(0, 3)
    XCTAssertEqual(Array(list), ["a", "b", "c", "d"])
  }

  func testSendableWhenElementIs() {
    func requireSendable<T: Sendable>(_: T) {}
    requireSendable(PersistentArray([1, 2, 3]))
  }

  func testOutOfRangeIndicesTrapNamingTheIndexAndCount() throws {
    for scenario in PersistentArrayTrapScenarios.names {
      let outcome = try ChildProcessTrap.run(
        scenario, test: "TetherChangesetsTests.PersistentArrayTrapScenarios/testRunTheRequestedScenario")
      XCTAssertTrue(outcome.trapped, "\(scenario) did not trap:\n\(outcome.output)")
      let expected = PersistentArrayTrapScenarios.messages[scenario]!
      XCTAssertTrue(outcome.output.contains(expected), "\(scenario): expected \(expected) in:\n\(outcome.output)")
    }
  }
}

/// The misuses `testOutOfRangeIndicesTrapNamingTheIndexAndCount` runs in child processes.
final class PersistentArrayTrapScenarios: XCTestCase {
  static let messages = [
    "subscript": "Index 3 is out of range for a PersistentArray of 3 elements",
    "insert": "Insertion index 5 is out of range for a PersistentArray of 3 elements (valid: 0...3)",
    "remove": "Index -1 is out of range for a PersistentArray of 3 elements",
    "replace": "Range 2..<4 is out of range for a PersistentArray of 3 elements",
  ]
  static var names: [String] { messages.keys.sorted() }

  func testRunTheRequestedScenario() throws {
    guard let name = ChildProcessTrap.requestedScenario, Self.messages[name] != nil else {
      throw XCTSkip("runs only as a child of PersistentArrayConformanceTests")
    }
    var list: PersistentArray = [1, 2, 3]
    switch name {
    case "subscript": _ = list[3]
    case "insert": list.insert(4, at: 5)
    case "remove": list.remove(at: -1)
    case "replace": list.replaceSubrange(2..<4, with: [9])
    default: XCTFail("unknown scenario \(name)")
    }
    ChildProcessTrap.say("scenario \(name) did not trap")
  }
}
