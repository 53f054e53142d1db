import Foundation
import Observation
import TetherObservation
import TetherSignals
import TetherSynchronization
import XCTest

// Observation's minimums, like TetherObservation's API.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservedPropertyTests: XCTestCase {
  func testStartsWithTheCurrentValueAndFollowsTheProperty() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let volume = Property(3)
      let observed = volume.observed()
      XCTAssertEqual(observed.value, 3)
      volume.value = 7
      XCTAssertEqual(observed.value, 7, "a value set on the main thread arrives at once")
    }
  }

  func testReadingTheValueIsTrackedByObservation() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let volume = Property(3)
      let observed = volume.observed()
      let changes = Locked(0)
      withObservationTracking {
        _ = observed.value
      } onChange: {
        changes.withLock { $0 += 1 }
      }
      XCTAssertEqual(changes.withLock { $0 }, 0)
      volume.value = 4
      XCTAssertEqual(changes.withLock { $0 }, 1, "a tracked reader hears the change")
    }
  }

  func testSettingTheValueSetsTheProperty() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let name = Property("ada")
      let observed = name.observed()
      observed.value = "grace"
      XCTAssertEqual(name.value, "grace")
      XCTAssertEqual(observed.value, "grace")
    }
  }

  func testAReadOnlyPropertyIsFollowed() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let source = Property(1)
      let observed = AnyProperty(property: source).observed()
      source.value = 2
      XCTAssertEqual(observed.value, 2)
    }
  }

  @MainActor
  func testValuesFromAnotherThreadArriveOnTheMainActor() async {
    let counter = Property(0)
    let observed = counter.observed()
    await Task.detached {
      for value in 1...50 { counter.value = value }
    }.value
    let drained = expectation(description: "main queue drained")
    DispatchQueue.main.async { drained.fulfill() }
    await fulfillment(of: [drained], timeout: 10)
    XCTAssertEqual(observed.value, 50)
  }

  func testTheObservationEndsWithTheObject() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let volume = Property(3)
      weak var weakObserved: ObservedProperty<Int>?
      do {
        let observed = volume.observed()
        weakObserved = observed
        XCTAssertEqual(observed.value, 3)
      }
      XCTAssertNil(weakObserved, "nothing but its owner keeps the observed object alive")
      volume.value = 4
    }
  }
}
