import TetherCollections
import TetherSignals
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

/// Keeps a disposable where the observer can reach it (as a view controller's property would).
private final class DisposableHolder: @unchecked Sendable {
  // Safe: written once before any mutation, then only read, on the test's thread.
  var disposable: (any Disposable)?
  weak var marker: Marker?
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

  func testAnObservationDisposedBeforeItJoinedIsReleased() {
    // Observing from inside an observer queues the join behind the changeset being delivered.
    let array = MutableObservableArray([1, 2])
    let holder = DisposableHolder()
    let outer = array.observeNext { changeset in
      guard changeset.collection.count == 3 else { return }
      let marker = Marker()
      holder.marker = marker
      let inner = array.observeNext { _ in withExtendedLifetime(marker) {} }
      inner.dispose()
      holder.disposable = inner
    }
    array.append(3)
    array.append(4)  // the deliverer releases what it removed at its next visit to the lock
    XCTAssertNil(holder.marker, "released once its join was processed, the disposable still held")
    XCTAssertNotNil(holder.disposable)
    outer.dispose()
  }
}
