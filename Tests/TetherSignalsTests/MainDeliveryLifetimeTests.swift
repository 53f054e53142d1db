import Foundation
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

private final class Label: Sendable {
  let values = Locked<[Int]>([])
}

/// The main-thread observations (`observeNextOnMain`, `observeOnMain`, bindings to main-actor
/// targets and in the `.immediateOnMain` context) keep their observer only while something can
/// still send to it or a value is still on its way to the main queue: once the source went away
/// without ending, the disposable an app keeps in a bag must not hold the observer and what it
/// captures.
final class MainDeliveryLifetimeTests: XCTestCase {
  typealias Subject = PassthroughSubject<Int, Never>

  /// Each way to observe on the main thread, with an observer that records into `values` and
  /// captures `marker`.
  private var observations: [(name: String, observe: (Subject, Marker, Label) -> any Disposable)] {
    [
      (
        "observeNextOnMain",
        { subject, marker, label in
          subject.observeNextOnMain { value in
            withExtendedLifetime(marker) { label.values.withLock { $0.append(value) } }
          }
        }
      ),
      (
        "observeOnMain",
        { subject, marker, label in
          subject.observeOnMain { event in
            guard case .next(let value) = event else { return }
            withExtendedLifetime(marker) { label.values.withLock { $0.append(value) } }
          }
        }
      ),
      (
        "bind(to:setter:)",
        { subject, marker, label in
          subject.bind(to: label) { label, value in
            withExtendedLifetime(marker) { label.values.withLock { $0.append(value) } }
          }
        }
      ),
      (
        "bind(to:context: .immediateOnMain)",
        { subject, marker, label in
          subject.bind(to: label, context: .immediateOnMain) { label, value in
            withExtendedLifetime(marker) { label.values.withLock { $0.append(value) } }
          }
        }
      ),
    ]
  }

  func testTheObserverIsReleasedWhenTheSourceGoesAwayWhileTheDisposableIsHeld() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    for (name, observe) in observations {
      let label = Label()
      weak var weakMarker: Marker?
      var disposable: (any Disposable)?
      do {
        let marker = Marker()
        weakMarker = marker
        let subject = Subject()
        disposable = observe(subject, marker, label)
        subject.send(1)
      }
      XCTAssertEqual(label.values.withLock { $0 }, [1], "\(name): delivered at once on the main thread")
      XCTAssertNil(weakMarker, "\(name): the observer is released while the disposable is held")
      disposable?.dispose()
    }
  }

  /// Values already queued for the main queue when the source goes away are still delivered, and
  /// the observer is released once the last of them has been.
  func testValuesQueuedBeforeTheSourceWentAwayAreStillDelivered() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    for (name, observe) in observations {
      for keepingTheDisposable in [true, false] {
        let label = Label()
        weak var weakMarker: Marker?
        var disposable: (any Disposable)?
        do {
          let marker = Marker()
          weakMarker = marker
          let subject = Subject()
          let observation = observe(subject, marker, label)
          if keepingTheDisposable { disposable = observation }
          withMainDeliveryQueued {
            subject.send(1)
            subject.send(2)
          }
        }
        let context = "\(name), keeping the disposable: \(keepingTheDisposable)"
        XCTAssertEqual(label.values.withLock { $0 }, [], "\(context): the values wait for the main queue")
        XCTAssertNotNil(weakMarker, "\(context): the queued values keep the observer")
        drainMainQueue()
        XCTAssertEqual(label.values.withLock { $0 }, [1, 2], "\(context): the queued values are delivered")
        XCTAssertNil(weakMarker, "\(context): the observer is released after the last one")
        disposable?.dispose()
      }
    }
  }

  /// Disposing still drops what is queued, and releases the observer once the queued actions ran.
  func testDisposingDropsQueuedValuesAndReleasesTheObserver() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    for (name, observe) in observations {
      let label = Label()
      weak var weakMarker: Marker?
      let subject = Subject()
      do {
        let marker = Marker()
        weakMarker = marker
        let observation = observe(subject, marker, label)
        withMainDeliveryQueued { subject.send(1) }
        observation.dispose()
      }
      drainMainQueue()
      XCTAssertEqual(label.values.withLock { $0 }, [], "\(name): disposing dropped the queued value")
      XCTAssertNil(weakMarker, "\(name): the observer is released")
      withExtendedLifetime(subject) {}
    }
  }
}
