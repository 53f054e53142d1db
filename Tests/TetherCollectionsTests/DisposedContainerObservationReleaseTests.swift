import TetherCollections
import TetherSignals
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

/// Keeps a disposable where the observer can reach it (as a view controller's property would).
private final class DisposableHolder: @unchecked Sendable {
  // Safe: written once before any mutation, then only read, on the test's thread.
  var disposable: (any Disposable)?
}

/// Disposing a container observation releases its observer at once, also while its disposable is
/// still held, as a subject's does.
final class DisposedContainerObservationReleaseTests: XCTestCase {
  func testDisposingReleasesTheObserverWhileTheDisposableIsHeld() {
    let array = MutableObservableArray([1, 2])
    weak var weakMarker: Marker?
    let disposable: any Disposable
    do {
      let marker = Marker()
      weakMarker = marker
      disposable = array.observeNext { _ in withExtendedLifetime(marker) {} }
    }
    array.append(3)
    XCTAssertNotNil(weakMarker)
    disposable.dispose()
    XCTAssertNil(weakMarker, "released once disposed, the disposable still held")
    withExtendedLifetime(disposable) {}
  }

  func testDisposingFromInsideTheObserverReleasesItOnceTheDeliveryEnds() {
    let array = MutableObservableArray([1, 2])
    weak var weakMarker: Marker?
    let holder = DisposableHolder()
    do {
      let marker = Marker()
      weakMarker = marker
      holder.disposable = array.observeNext { changeset in
        withExtendedLifetime(marker) {}
        if changeset.collection.count == 3 { holder.disposable?.dispose() }
      }
    }
    array.append(3)
    XCTAssertNil(weakMarker, "released by the deliverer after the changeset, the disposable still held")
    XCTAssertNotNil(holder.disposable)
  }
}
