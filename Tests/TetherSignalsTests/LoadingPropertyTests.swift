import Foundation
import TetherSignals
import TetherTestSupport
import XCTest

private struct Failure: Error, Equatable {
  let code: Int
}

private typealias State = LoadingState<String, Failure>

/// Counts the loads a producer started and hands out their subjects, so a test ends each load.
private final class Loads: @unchecked Sendable {
  // Safe: `subjects` is only touched while holding `lock`.
  private let lock = NSLock()
  private var subjects: [PassthroughSubject<State, Never>] = []

  var count: Int {
    lock.withLock { subjects.count }
  }

  func last() -> PassthroughSubject<State, Never> {
    lock.withLock { subjects.last! }
  }

  func start() -> LoadingSignal<String, Failure> {
    let subject = PassthroughSubject<State, Never>()
    lock.withLock { subjects.append(subject) }
    return subject.toSignal()
  }
}

final class LoadingPropertyTests: XCTestCase {
  func testTheFirstObservationLoadsTheValue() {
    let loads = Loads()
    let property = LoadingProperty { loads.start() }
    XCTAssertEqual(loads.count, 0, "nothing is loaded before the property is observed")
    let recorder = EventRecorder<State, Never>()
    recorder.observe(property)
    XCTAssertEqual(loads.count, 1)
    loads.last().send(.loaded("a"))
    XCTAssertEqual(recorder.elements, [.loading, .loaded("a")])
    XCTAssertEqual(property.value, "a")
    XCTAssertEqual(property.loadingState, .loaded("a"))

    let late = EventRecorder<State, Never>()
    late.observe(property)
    XCTAssertEqual(late.elements, [.loaded("a")], "a later observer sees the loaded value")
    XCTAssertEqual(loads.count, 1, "and starts no load")
  }

  func testObserversDuringTheFirstLoadShareIt() {
    let loads = Loads()
    let property = LoadingProperty { loads.start() }
    let first = EventRecorder<State, Never>()
    first.observe(property)
    let second = EventRecorder<State, Never>()
    second.observe(property)
    XCTAssertEqual(loads.count, 1)
    loads.last().send(lastElement: .failed(Failure(code: 1)))
    XCTAssertEqual(first.elements, [.loading, .failed(Failure(code: 1))])
    XCTAssertEqual(second.elements, [.loading, .failed(Failure(code: 1))])
  }

  func testASynchronousLoadIsSeenLoadingThenLoaded() {
    let property = LoadingProperty<String, Failure> { .loaded("now") }
    let recorder = EventRecorder<State, Never>()
    recorder.observe(property)
    XCTAssertEqual(recorder.elements, [.loading, .loaded("now")])
  }

  func testSilentReloadKeepsTheStateUntilTheNewValue() {
    let loads = Loads()
    let property = LoadingProperty { loads.start() }
    let recorder = EventRecorder<State, Never>()
    recorder.observe(property)
    loads.last().send(lastElement: .loaded("a"))

    let reload = EventRecorder<State, Never>()
    reload.observe(property.reload())
    XCTAssertEqual(loads.count, 2)
    loads.last().send(.failed(Failure(code: 1)))
    XCTAssertEqual(property.loadingState, .loaded("a"), "a silent reload does not show its failure")
    loads.last().send(lastElement: .loaded("b"))
    XCTAssertEqual(recorder.elements, [.loading, .loaded("a"), .loaded("b")])
    XCTAssertEqual(reload.elements, [.loading, .failed(Failure(code: 1)), .loaded("b")])
    XCTAssertTrue(reload.isCompleted)
  }

  func testLoudReloadGoesThroughLoadingAndFailed() {
    let loads = Loads()
    let property = LoadingProperty { loads.start() }
    let recorder = EventRecorder<State, Never>()
    recorder.observe(property)
    loads.last().send(lastElement: .loaded("a"))
    property.reload(silently: false).observe { _ in }.dispose(in: property.bag)
    loads.last().send(.failed(Failure(code: 2)))
    XCTAssertEqual(recorder.elements, [.loading, .loaded("a"), .loading, .failed(Failure(code: 2))])
  }

  func testSettingTheValue() {
    let property = LoadingProperty<String, Failure> { .loading() }
    let recorder = EventRecorder<State, Never>()
    recorder.observe(property)
    property.value = "set"
    property.value = nil
    XCTAssertEqual(recorder.elements, [.loading, .loaded("set"), .loading])
  }

  func testAFirstLoadThatNeverEndsDoesNotKeepThePropertyAlive() {
    var property: LoadingProperty<String, Failure>? = LoadingProperty { .never() }
    weak let weakProperty = property
    let recorder = EventRecorder<State, Never>()
    recorder.observe(property!)
    property = nil
    XCTAssertNil(weakProperty)
    XCTAssertTrue(recorder.isCompleted, "its observers are completed when it goes away")
  }

  func testReloadingHoldsElementsBackUntilThePropertyHasReloaded() {
    let loads = Loads()
    let property = LoadingProperty { loads.start() }
    let triggers = PassthroughSubject<Int, Failure>()
    let recorder = EventRecorder<Int, Failure>()
    recorder.observe(triggers.reloading(property))
    triggers.send(1)
    XCTAssertEqual(recorder.elements, [])
    loads.last().send(lastElement: .loaded("x"))
    XCTAssertEqual(recorder.elements, [1])
    XCTAssertEqual(property.value, "x")
  }
}
