import Dispatch
import Foundation
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Misuses of TetherSynchronization's types trap with a message that names them. Each scenario runs
/// in a child process (see `ChildProcessTrap`); the checks marked debug-only are compiled into debug
/// builds alone (they cost an allocation per list or sit on the delivery path), so their scenarios
/// run only when the tests are a debug build. ReleaseTrapMessageTests (TetherCollectionsTests)
/// checks that the every-build messages survive `-c release`.
final class SynchronizationTrapTests: XCTestCase {
  /// Scenario name and what its trap message must contain.
  static var scenarios: [(name: String, message: String)] {
    var scenarios = [
      ("list.appendTwice", "IntrusiveList.append: the node is already in a list (a node must not be in a list)"),
      ("list.appendToSecondList", "IntrusiveList.append: the node is already in a list"),
      ("list.removeUnlinked", "IntrusiveList.remove: the node is in no list (a node must be in the list it leaves)"),
      ("list.removeTwice", "IntrusiveList.remove: the node is in no list"),
      ("lock.reentry", "A Tether lock was taken again by the thread holding it"),
      ("lock.reentryNamedMisuse", "SynchronizationTrapTests: the state was touched from its own withLock"),
      ("atomic.addOverflow", "AtomicInt.add overflowed: 9223372036854775807 + 1 does not fit in an Int"),
      ("atomic.subtractOverflow", "AtomicInt.subtract overflowed: -9223372036854775808 - 1 does not fit in an Int"),
      ("precondition.message", "Fatal error: arithmetic is broken: 2"),
      ("delivery.nextWhileIdle", "SerialDeliveryCore.next: no thread is delivering"),
      ("delivery.nextWhileHandedOver", "SerialDeliveryCore.next: no thread is delivering"),
      ("delivery.resumeWithoutHandOff", "SerialDeliveryCore.resume: no handed-off delivery to resume"),
      ("delivery.enqueueWhileIdle", "SerialDeliveryCore.enqueue: no delivery in progress"),
      ("delivery.finishWhileIdle", "SerialDeliveryCore.finish: no delivery in progress to finish"),
      ("delivery.takeRunWhileIdle", "SerialDelivery.takeRun: no thread is delivering"),
      ("core.takeIntoRunWhileHandedOver", "SerialDeliveryCore.takeIntoRun: no thread is delivering"),
      ("core.passWhileIdle", "SerialDeliveryCore.pass: no thread is delivering, or no successor thread"),
      ("core.passToNoThread", "SerialDeliveryCore.pass: no thread is delivering, or no successor thread"),
      ("core.resumeWhileIdle", "SerialDeliveryCore.resume: no handed-off delivery to resume"),
      ("core.stopWhileHandedOver", "SerialDeliveryCore.stop: no thread is delivering"),
      ("core.restartWithItemsWaiting", "SerialDeliveryCore.restart: items are waiting"),
      ("core.takeTurnWithForeignItems", "SerialDeliveryCore.takeTurn: foreign items are waiting"),
      ("turns.endWithoutBegin", "DeliveryTurns.end: no turn in progress"),
    ]
    #if DEBUG
    scenarios += [
      ("list.removeFromOtherList", "IntrusiveList.remove: the node is in another list (a node must be in the list it"),
      (
        "list.droppedHoldingNodes",
        "An IntrusiveList went away holding 2 nodes: its owner must empty it (removeAll()) before it goes away"
      ),
      ("delivering.leaveWithoutEnter", "DeliveringThread.leave: no matching enter() on this thread"),
      ("delivering.leaveOnAnotherThread", "DeliveringThread.leave: no matching enter() on this thread"),
    ]
    #endif
    return scenarios
  }

  func testMisusesTrapNamingTheViolation() throws {
    for scenario in Self.scenarios {
      let outcome = try ChildProcessTrap.run(
        scenario.name, test: "TetherSynchronizationTests.SynchronizationTrapScenarios/testRunTheRequestedScenario")
      XCTAssertTrue(outcome.trapped, "\(scenario.name) did not trap:\n\(outcome.output)")
      XCTAssertTrue(
        outcome.output.contains("scenario \(scenario.name) started"), "\(scenario.name) ran:\n\(outcome.output)")
      XCTAssertFalse(outcome.output.contains("did not trap"), "\(scenario.name):\n\(outcome.output)")
      XCTAssertTrue(
        outcome.output.contains(scenario.message),
        "\(scenario.name): expected '\(scenario.message)' in:\n\(outcome.output)")
      if scenario.name == "precondition.message" {
        XCTAssertTrue(
          outcome.output.contains("TetherSynchronizationTests/SynchronizationTrapTests.swift:"),
          "the trap names the caller's file:\n\(outcome.output)")
      }
    }
  }

  /// A passing check costs no message: the message closure is not evaluated.
  func testAPassingPreconditionDoesNotBuildItsMessage() {
    var built = 0
    func message() -> String {
      built += 1
      return "unused"
    }
    tetherPrecondition(true, message())
    XCTAssertEqual(built, 0)
  }
}

/// The scenarios, run only in the child process that ``SynchronizationTrapTests`` starts.
final class SynchronizationTrapScenarios: XCTestCase {
  func testRunTheRequestedScenario() throws {
    guard let name = ChildProcessTrap.requestedScenario,
      SynchronizationTrapTests.scenarios.contains(where: { $0.name == name })
    else {
      throw XCTSkip("runs only as a child of SynchronizationTrapTests")
    }
    ChildProcessTrap.say("scenario \(name) started")
    var list = IntrusiveList<TestNode>()
    var other = IntrusiveList<TestNode>()
    let node = TestNode(1)
    switch name {
    case "list.appendTwice":
      list.append(node)
      list.append(node)
    case "list.appendToSecondList":
      list.append(node)
      other.append(node)
    case "list.removeUnlinked":
      list.append(TestNode(0))
      list.remove(node)
    case "list.removeTwice":
      list.append(node)
      list.remove(node)
      list.remove(node)
    case "list.removeFromOtherList":
      list.append(TestNode(0))
      list.append(node)
      other.append(TestNode(2))
      other.remove(node)
    case "list.droppedHoldingNodes":
      var doomed = IntrusiveList<TestNode>()
      doomed.append(TestNode(3))
      doomed.append(TestNode(4))
      doomed = IntrusiveList()
    case "lock.reentry":
      let lock = Locked(0)
      lock.withLock { _ in lock.withLock { $0 += 1 } }
    case "lock.reentryNamedMisuse":
      let lock = Locked(0, reentryMessage: "SynchronizationTrapTests: the state was touched from its own withLock")
      lock.withLock { _ in lock.withLock { $0 += 1 } }
    case "atomic.addOverflow":
      AtomicInt(Int.max).add(1, ordering: .relaxed)
    case "atomic.subtractOverflow":
      AtomicInt(Int.min).subtract(1, ordering: .relaxed)
    case "precondition.message":
      tetherPrecondition(1 + 1 == 3, "arithmetic is broken: \(1 + 1)")
    case "delivery.nextWhileIdle":
      var engine = SerialDelivery<Int>()
      _ = engine.next()
    case "delivery.nextWhileHandedOver":
      var engine = SerialDelivery<Int>()
      _ = engine.submit(0, thread: 1)
      _ = engine.submit(1, thread: 2)
      _ = engine.next(handOffAfter: 0)
      _ = engine.next(handOffAfter: 0)
    case "delivery.resumeWithoutHandOff":
      var engine = SerialDelivery<Int>()
      _ = engine.submit(0, thread: 1)
      engine.resume(thread: 2)
    case "delivery.enqueueWhileIdle":
      var engine = SerialDelivery<Int>()
      engine.enqueue(0, foreign: false)
    case "delivery.finishWhileIdle":
      var engine = SerialDelivery<Int>()
      _ = engine.finish()
    case "delivery.takeRunWhileIdle":
      var engine = SerialDelivery<Int>()
      var run: ContiguousArray<Int> = []
      _ = engine.takeRun(into: &run, limit: 1, while: { _ in true })
    case "core.takeIntoRunWhileHandedOver":
      var core = SerialDeliveryCore()
      _ = core.startDelivering(thread: 1)
      core.append(thread: 2)
      _ = core.next(handOffAfter: 0)
      _ = core.takeIntoRun()
    case "core.passWhileIdle":
      var core = SerialDeliveryCore()
      core.pass(to: 2)
    case "core.passToNoThread":
      var core = SerialDeliveryCore()
      _ = core.startDelivering(thread: 1)
      core.pass(to: 0)
    case "core.stopWhileHandedOver":
      var core = SerialDeliveryCore()
      _ = core.startDelivering(thread: 1)
      core.append(thread: 2)
      _ = core.next(handOffAfter: 0)
      core.stop()
    case "core.restartWithItemsWaiting":
      var core = SerialDeliveryCore()
      _ = core.startDelivering(thread: 1)
      core.append(thread: 2)
      core.restart(thread: 3)
    case "core.takeTurnWithForeignItems":
      var core = SerialDeliveryCore()
      _ = core.startDelivering(thread: 1)
      core.append(thread: 2)
      _ = core.takeTurn(thread: 1)
    case "turns.endWithoutBegin":
      let turns = DeliveryTurns()
      _ = turns.end()
    case "core.resumeWhileIdle":
      var core = SerialDeliveryCore()
      core.resume(thread: 1)
    case "delivering.leaveWithoutEnter":
      DeliveringThread.leave(DeliveringThread.depth)
    case "delivering.leaveOnAnotherThread":
      let cell = DeliveringThread.enter()
      let address = Int(bitPattern: cell)
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        DeliveringThread.leave(UnsafeMutablePointer<Int>(bitPattern: address)!)
        done.signal()
      }
      done.wait()
    default: XCTFail("unknown scenario \(name)")
    }
    ChildProcessTrap.say("scenario \(name) did not trap")
    _ = list.removeAll()
    _ = other.removeAll()
  }
}
