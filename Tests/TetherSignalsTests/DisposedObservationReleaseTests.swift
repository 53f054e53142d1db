import TetherSignals
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

/// Disposing an observation releases its observer at once, also while its disposable is still held
/// (kept in a property, say), as ReactiveKit's and Combine's do: otherwise an observer capturing
/// the object that keeps the disposable forms a cycle that disposing does not break.
final class DisposedObservationReleaseTests: XCTestCase {
  private func assertDisposingReleasesTheObserver(
    _ name: String,
    line: UInt = #line,
    observe: (@escaping @Sendable (Int) -> Void) -> any Disposable,
    send: () -> Void = {}
  ) {
    weak var weakMarker: Marker?
    let disposable: any Disposable
    do {
      let marker = Marker()
      weakMarker = marker
      disposable = observe { _ in withExtendedLifetime(marker) {} }
    }
    send()
    XCTAssertNotNil(weakMarker, "\(name): held while observing", line: line)
    disposable.dispose()
    XCTAssertNil(weakMarker, "\(name): released once disposed, the disposable still held", line: line)
    withExtendedLifetime(disposable) {}
  }

  func testDisposingReleasesTheObserverWhileTheDisposableIsHeld() {
    let subject = PassthroughSubject<Int, Never>()
    assertDisposingReleasesTheObserver("subject", observe: { subject.observeNext(with: $0) }, send: { subject.send(1) })
    let replay = ReplaySubject<Int, Never>(bufferSize: 2)
    replay.send(1)
    assertDisposingReleasesTheObserver("replay subject", observe: { replay.observeNext(with: $0) })
    let property = Property(0)
    assertDisposingReleasesTheObserver("property", observe: { property.observeNext(with: $0) }) {
      property.value = 1
    }
    assertDisposingReleasesTheObserver(
      "map and filter",
      observe: { observer in
        subject.map { $0 + 1 }.filter { $0 > 0 }.observeNext(with: observer)
      })
  }

  func testDisposingFromInsideTheCallbackReleasesTheObserverOnceTheDeliveryEnds() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakMarker: Marker?
    let holder = DisposableHolder()
    do {
      let marker = Marker()
      weakMarker = marker
      holder.disposable = subject.observeNext { _ in
        withExtendedLifetime(marker) {}
        holder.disposable?.dispose()
      }
    }
    subject.send(1)
    XCTAssertNil(weakMarker, "released by the deliverer after the event, the disposable still held")
    XCTAssertNotNil(holder.disposable)
  }
}

extension DisposedObservationReleaseTests {
  func testAnObservationDisposedBeforeItJoinedIsReleased() {
    // Observing from inside a callback queues the join behind the event being delivered.
    let subject = PassthroughSubject<Int, Never>()
    let holder = DisposableHolder()
    let outer = subject.observeNext { value in
      guard value == 1 else { return }
      let marker = Marker()
      holder.marker = marker
      let inner = subject.observeNext { _ in withExtendedLifetime(marker) {} }
      inner.dispose()
      holder.disposable = inner
    }
    subject.send(1)
    XCTAssertNil(holder.marker, "released once its join was processed, the disposable still held")
    XCTAssertNotNil(holder.disposable)
    outer.dispose()
  }
}

extension DisposedObservationReleaseTests {
  func testAnObservationDisposedDuringTheCompletionOfAnotherIsReleased() {
    // The completion takes every observer out of the list at once; one disposed while it is being
    // delivered (by an earlier observer's completion callback here, by another thread in an app)
    // is skipped, and was then ended by nobody: its observer lived as long as its disposable.
    let subject = PassthroughSubject<Int, Never>()
    let holder = DisposableHolder()
    let first = subject.observe { event in
      if case .completed = event { holder.disposable?.dispose() }
    }
    do {
      let marker = Marker()
      holder.marker = marker
      holder.disposable = subject.observe { _ in withExtendedLifetime(marker) {} }
    }
    subject.send(completion: .finished)
    XCTAssertNil(holder.marker, "released by the deliverer of the completion, the disposable still held")
    XCTAssertNotNil(holder.disposable)
    withExtendedLifetime(first) {}
  }
}

/// Keeps a disposable where the observer can reach it (as a view controller's property would).
private final class DisposableHolder: @unchecked Sendable {
  // Safe: written once before any event is sent, then only read, on the test's thread.
  var disposable: (any Disposable)?
  weak var marker: Marker?
}
