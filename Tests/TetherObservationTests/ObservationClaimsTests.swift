import Foundation
import Observation
import TetherChangesets
import TetherCollections
import TetherObservation
import TetherSignals
import XCTest

/// Sentences of SwiftUIAndObservation.md that no other test pinned down.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservationClaimsTests: XCTestCase {
  // SwiftUIAndObservation.md: "The observation of the source ends when the observed object is deinitialized."
  func testTheSourcesObservationEndsWhenTheObservedObjectIsDeinitialized() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let list = MutableObservableArray(["milk"])
      let volume = Property(3)
      weak var weakCollection: ObservedCollection<OrderedCollectionChangeset<[String]>>?
      weak var weakProperty: ObservedProperty<Int>?
      do {
        let collection = list.observed()
        let property = volume.observed()
        weakCollection = collection
        weakProperty = property
        XCTAssertTrue(list.description.contains("observers: 1"), list.description)
        XCTAssertTrue(volume.description.contains("observers: 1"), volume.description)
      }
      XCTAssertNil(weakCollection)
      XCTAssertNil(weakProperty)
      XCTAssertTrue(list.description.contains("observers: 0"), list.description)
      XCTAssertTrue(volume.description.contains("observers: 0"), volume.description)
    }
  }
}
