import Foundation
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

private final class Target: Sendable {
  let values = Locked<[Int]>([])
}

private final class Model: @unchecked Sendable {
  // Safe: written only by the synchronous `.immediate` delivery on the test's thread.
  var value = 0
}

/// Bindings, `sink` and `assign` keep their observer only while the source can still send: once
/// the source went away without ending, the disposable (or cancellable) an app keeps must not
/// hold the observer and what it captures.
final class BindingLifetimeTests: XCTestCase {
  typealias Subject = PassthroughSubject<Int, Never>

  func testBindingInAContextReleasesItsSetterWhenTheSourceGoesAway() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    for (name, context) in [("immediate", ExecutionContext.immediate), ("main", .main)] {
      let target = Target()
      weak var weakMarker: Marker?
      var binding: (any Disposable)?
      do {
        let marker = Marker()
        weakMarker = marker
        let subject = Subject()
        binding = subject.bind(to: target, context: context) { target, value in
          withExtendedLifetime(marker) { target.values.withLock { $0.append(value) } }
        }
        subject.send(1)
      }
      drainMainQueue()
      XCTAssertEqual(target.values.withLock { $0 }, [1], name)
      XCTAssertNil(weakMarker, "\(name): the setter is released while the binding is held")
      binding?.dispose()
    }
  }

  func testBindingToAKeyPathHoldsNeitherTheTargetNorTheSource() {
    weak var weakModel: Model?
    weak var weakSubject: Subject?
    var binding: (any Disposable)?
    do {
      let model = Model()
      weakModel = model
      let subject = Subject()
      weakSubject = subject
      binding = subject.bind(to: model, keyPath: \.value, context: .immediate)
      subject.send(1)
      XCTAssertEqual(model.value, 1)
    }
    XCTAssertNil(weakSubject, "the binding does not hold its source")
    XCTAssertNil(weakModel, "the binding holds its target weakly")
    binding?.dispose()
  }

  func testSinkReleasesItsClosuresWhenTheSourceGoesAway() {
    weak var weakMarker: Marker?
    var cancellable: AnyCancellable?
    do {
      let marker = Marker()
      weakMarker = marker
      let subject = Subject()
      cancellable = subject.sink(
        receiveCompletion: { _ in withExtendedLifetime(marker) {} },
        receiveValue: { _ in withExtendedLifetime(marker) {} })
      subject.send(1)
    }
    XCTAssertNil(weakMarker, "the closures are released while the cancellable is held")
    cancellable?.cancel()
  }

  /// Like Combine's, `assign(to:on:)` holds its object strongly while the source can send; once the
  /// source is gone, the cancellable no longer does.
  func testAssignReleasesItsObjectWhenTheSourceGoesAway() {
    weak var weakModel: Model?
    var cancellable: AnyCancellable?
    do {
      let model = Model()
      weakModel = model
      let subject = Subject()
      cancellable = subject.assign(to: \.value, on: model)
      subject.send(1)
      XCTAssertEqual(model.value, 1)
    }
    XCTAssertNil(weakModel, "the object is released while the cancellable is held")
    cancellable?.cancel()
  }

  func testObservingAReplayLoadingValueSubjectReleasesTheObserverWhenTheSubjectGoesAway() {
    weak var weakMarker: Marker?
    var observation: (any Disposable)?
    do {
      let marker = Marker()
      weakMarker = marker
      let subject = ReplayLoadingValueSubject<Int, TestError, Never>()
      subject.send(.loaded(1))
      observation = subject.observe { _ in withExtendedLifetime(marker) {} }
      subject.send(.loaded(2))
    }
    XCTAssertNil(weakMarker, "the observer is released while the observation is held")
    observation?.dispose()
  }

  func testBindingToABondReleasesItsSetterWhenTheSourceGoesAway() {
    let gauge = Gauge()
    weak var weakMarker: Marker?
    var binding: (any Disposable)?
    do {
      let marker = Marker()
      weakMarker = marker
      let subject = Subject()
      binding = subject.bind(
        to: gauge.reactive.bond(context: .immediate) { gauge, value in
          withExtendedLifetime(marker) { gauge.values.withLock { $0.append(value) } }
        })
      subject.send(1)
    }
    XCTAssertEqual(gauge.values.withLock { $0 }, [1])
    XCTAssertNil(weakMarker, "the setter is released while the binding is held")
    binding?.dispose()
  }

  func testObservingALoadingPropertyReleasesTheObserverWhenThePropertyGoesAway() {
    weak var weakMarker: Marker?
    var observation: (any Disposable)?
    do {
      let marker = Marker()
      weakMarker = marker
      let property = LoadingProperty<Int, TestError> { .loaded(1) }
      observation = property.observe { _ in withExtendedLifetime(marker) {} }
    }
    XCTAssertNil(weakMarker, "the observer is released while the observation is held")
    observation?.dispose()
  }
}

private struct TestError: Error {}

private final class Gauge: ReactiveExtensionsProvider, Sendable {
  let values = Locked<[Int]>([])
}
