import TetherChangesets
import TetherCollections
import TetherSignals
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

/// Keeps a disposable where the observer can reach it (as a view controller's property would).
private final class DisposableHolder: @unchecked Sendable {
  // Safe: only touched on the test's thread (the observers run on it: nothing else delivers).
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

  func testAnObservationDisposedDuringTheCompletionOfAnotherIsReleased() {
    // The completion takes every observer out of the list at once; one disposed while it is being
    // delivered (by an earlier observer's completion callback here, by another thread in an app)
    // is skipped, and was then ended by nobody: its observer lived as long as its disposable.
    let holder = DisposableHolder()
    var array: MutableObservableArray<Int>? = MutableObservableArray([1])
    let first = array!.observe { event in
      if case .completed = event { holder.disposable?.dispose() }
    }
    do {
      let marker = Marker()
      holder.marker = marker
      holder.disposable = array!.observe { _ in withExtendedLifetime(marker) {} }
    }
    array = nil  // a container completes its observers when it deinitializes
    XCTAssertNil(holder.marker, "released by the deliverer of the completion, the disposable still held")
    XCTAssertNotNil(holder.disposable)
    withExtendedLifetime(first) {}
  }

  func testAnObservationJoiningAfterTheCompletionAndDisposedByItsReloadIsReleased() {
    // Only a core can be observed once completed (a container completes when it deinitializes):
    // an observer joining from inside the completion gets a reload and the completion; disposed
    // by its reload, it was skipped by the completion and ended by nobody.
    let core = ContainerCore<OrderedCollectionChangeset<[Int]>>([1])
    let holder = DisposableHolder()
    let first = core.observe { event in
      guard case .completed = event else { return }
      let marker = Marker()
      holder.marker = marker
      holder.disposable = core.observe { _ in
        withExtendedLifetime(marker) {}
        holder.disposable?.dispose()
      }
    }
    core.complete()
    XCTAssertNil(holder.marker, "released by the deliverer of its reload, the disposable still held")
    XCTAssertNotNil(holder.disposable)
    withExtendedLifetime(first) {}
  }
}
