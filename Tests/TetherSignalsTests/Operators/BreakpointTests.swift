import Foundation
import TetherSignals
import TetherTestSupport
import XCTest

final class BreakpointTests: XCTestCase {
  func testForwardsEverythingWhileTheClosuresReturnFalse() {
    let asked = EventRecorder<String, Never>()
    let subject = PassthroughSubject<Int, OperatorError>()
    let recorder = record(
      subject.breakpoint(
        receiveSubscription: {
          asked.record(.next("subscription"))
          return false
        },
        receiveOutput: { element in
          asked.record(.next("output \(element)"))
          return false
        },
        receiveCompletion: { completion in
          asked.record(.next("completion \(completion)"))
          return false
        }))
    subject.send(1)
    subject.send(completion: .failure(OperatorError(2)))
    XCTAssertEqual(recorder.events, [.next(1), .failed(OperatorError(2))])
    XCTAssertEqual(asked.elements, ["subscription", "output 1", "completion failure(E2)"])
  }

  func testBreakpointOnErrorForwardsElementsAndCompletion() {
    let recorder = record(Signal<Int, OperatorError>(sequence: [1, 2]).breakpointOnError())
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
  }

  /// Without a debugger, `SIGTRAP` ends the process, as with ReactiveKit and Combine.
  func testRaisesSIGTRAPWhenAClosureReturnsTrue() throws {
    for scenario in BreakpointScenarios.names {
      let outcome = try ChildProcessTrap.run(
        scenario, test: "TetherSignalsTests.BreakpointScenarios/testRunTheRequestedScenario")
      XCTAssertTrue(outcome.trapped, "\(scenario) did not stop:\n\(outcome.output)")
      XCTAssertTrue(outcome.output.contains("received 1"), "\(scenario) forwarded what came before:\n\(outcome.output)")
      XCTAssertFalse(outcome.output.contains("received 2"), "\(scenario) stopped before forwarding:\n\(outcome.output)")
    }
  }
}

/// The scenarios, run only in the child process that ``BreakpointTests`` starts.
final class BreakpointScenarios: XCTestCase {
  static let names = ["output", "onError"]

  func testRunTheRequestedScenario() throws {
    guard let name = ChildProcessTrap.requestedScenario, Self.names.contains(name) else {
      throw XCTSkip("runs only as a child of BreakpointTests")
    }
    let subject = PassthroughSubject<Int, OperatorError>()
    let signal =
      name == "output" ? subject.breakpoint(receiveOutput: { $0 == 2 }) : subject.breakpointOnError()
    let observation = signal.observe { event in
      if case .next(let element) = event { ChildProcessTrap.say("received \(element)") }
    }
    subject.send(1)
    if name == "output" { subject.send(2) } else { subject.send(completion: .failure(OperatorError(2))) }
    ChildProcessTrap.say("received 2: no trap")
    observation.dispose()
  }
}
