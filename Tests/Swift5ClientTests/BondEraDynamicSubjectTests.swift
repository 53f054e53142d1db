import Foundation
import Tether
import TetherTestSupport
import XCTest

// Compiled in Swift 5 language mode, as Bond 7 and its users' code are: a plain `NSObject`
// subclass (not `Sendable`) is the target of a `DynamicSubject`, which Swift 6 mode rejects and
// Swift 5 mode accepts, as it accepted it with Bond. Bond's own `DynamicSubjectTests` (with its
// `Helpers.swift`) pass on Linux with only `import ReactiveKit` changed to `import Tether`; these
// tests keep the same shape of client code compiling and working in CI.

/// A model object of a Bond-era app: mutable, not `Sendable`.
private final class Thermostat: NSObject {
  var degrees = 20
  var applied: [Int] = []
  let changes = PassthroughSubject<Void, Never>()
}

final class BondEraDynamicSubjectTests: XCTestCase {
  private func subject(of thermostat: Thermostat) -> DynamicSubject<Int> {
    DynamicSubject(
      target: thermostat,
      signal: thermostat.changes.toSignal(),
      context: .immediate,
      get: { (target) -> Int in target.degrees },
      set: { (target, new) in
        target.degrees = new
        target.applied.append(new)
      }
    )
  }

  func testANonSendableTargetIsReadOnEveryChangeAndSetByBindings() {
    let thermostat = Thermostat()
    let degrees = subject(of: thermostat)
    let received = EventRecorder<Int, Never>()
    let observation = received.observe(degrees)

    thermostat.degrees = 21
    thermostat.changes.send(())
    degrees.on(.next(22))
    SafeSignal(sequence: [23, 24]).bind(to: degrees)

    XCTAssertEqual(received.elements, [20, 21, 22, 23, 24])
    XCTAssertEqual(thermostat.applied, [22, 23, 24])
    XCTAssertEqual(thermostat.degrees, 24)
    observation.dispose()
  }

  func testBindingsEndAndObservationsCompleteWhenTheTargetGoesAway() {
    var thermostat: Thermostat? = Thermostat()
    weak let weakThermostat = thermostat
    let degrees = subject(of: thermostat!)
    let source = PassthroughSubject<Int, Never>()
    let binding = source.bind(to: degrees)
    let events = EventRecorder<Int, Never>()
    let observation = events.observe(degrees)

    source.send(30)
    XCTAssertEqual(thermostat?.applied, [30])
    XCTAssertFalse(binding.isDisposed)

    thermostat = nil
    source.send(31)

    XCTAssertNil(weakThermostat)
    XCTAssertTrue(binding.isDisposed)
    XCTAssertEqual(events.events, [.next(20), .next(30), .completed])
    observation.dispose()
  }
}
