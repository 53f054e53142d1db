import TetherSignals
import TetherTestSupport
import XCTest

private struct Failure: Error, Equatable {
  let code: Int
}

private typealias State = LoadingState<Int, Failure>

final class LoadingSignalTests: XCTestCase {
  func testLoadingStateAccessors() {
    XCTAssertTrue(State.loading.isLoading)
    XCTAssertNil(State.loading.value)
    XCTAssertNil(State.loading.error)
    XCTAssertEqual(State.loaded(3).value, 3)
    XCTAssertFalse(State.loaded(3).isLoading)
    XCTAssertEqual(State.failed(Failure(code: 1)).error, Failure(code: 1))
    XCTAssertTrue(State.loaded(1).isSameStateAs(LoadingState<String, Failure>.loaded("a")))
    XCTAssertFalse(State.loaded(1).isSameStateAs(State.loading))
    XCTAssertTrue(ObservedLoadingState<Int, Failure>.reloading.isReloading)
    XCTAssertEqual(ObservedLoadingState<Int, Failure>.reloading.asLoadingState, .loading)
  }

  func testMakers() {
    let loading = EventRecorder<State, Never>()
    loading.observe(LoadingSignal<Int, Failure>.loading())
    XCTAssertEqual(loading.elements, [.loading])
    XCTAssertTrue(loading.isCompleted)
    let loaded = EventRecorder<State, Never>()
    loaded.observe(LoadingSignal<Int, Failure>.loaded(4))
    XCTAssertEqual(loaded.elements, [.loaded(4)])
    let failed = EventRecorder<State, Never>()
    failed.observe(LoadingSignal<Int, Failure>.failed(Failure(code: 2)))
    XCTAssertEqual(failed.elements, [.failed(Failure(code: 2))])
  }

  func testToLoadingSignalStartsLoadingThenLoadsEachElementAndTurnsTheFailureIntoAState() {
    let subject = PassthroughSubject<Int, Failure>()
    let recorder = EventRecorder<State, Never>()
    recorder.observe(subject.toLoadingSignal())
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(Failure(code: 7)))
    XCTAssertEqual(recorder.elements, [.loading, .loaded(1), .loaded(2), .failed(Failure(code: 7))])
    XCTAssertTrue(recorder.isCompleted, "the loading signal completes after the failed state")
  }

  func testValueKeepsOnlyLoadedValues() {
    let subject = PassthroughSubject<State, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject.value())
    subject.send(.loading)
    subject.send(.loaded(1))
    subject.send(.failed(Failure(code: 1)))
    subject.send(.loaded(2))
    XCTAssertEqual(recorder.elements, [1, 2])
  }

  func testMapValueAndMapLoadingError() {
    let subject = PassthroughSubject<State, Never>()
    let values = EventRecorder<LoadingState<String, Failure>, Never>()
    values.observe(subject.mapValue { "\($0)" })
    let errors = EventRecorder<LoadingState<Int, Failure>, Never>()
    errors.observe(subject.mapLoadingError { Failure(code: $0.code * 10) })
    subject.send(.loading)
    subject.send(.loaded(1))
    subject.send(.failed(Failure(code: 2)))
    XCTAssertEqual(values.elements, [.loading, .loaded("1"), .failed(Failure(code: 2))])
    XCTAssertEqual(errors.elements, [.loading, .loaded(1), .failed(Failure(code: 20))])
  }

  func testDematerializeLoadingStateFailsOnTheFirstFailedState() {
    let subject = PassthroughSubject<State, Never>()
    let recorder = EventRecorder<Int, Failure>()
    recorder.observe(subject.dematerializeLoadingState())
    subject.send(.loading)
    subject.send(.loaded(1))
    subject.send(.failed(Failure(code: 3)))
    subject.send(.loaded(2))
    XCTAssertEqual(recorder.elements, [1])
    XCTAssertEqual(recorder.error, Failure(code: 3))
    recorder.assertNoViolations()
  }

  func testDematerializeLoadingStateCompletesWithTheReceiver() {
    let subject = PassthroughSubject<State, Never>()
    let recorder = EventRecorder<Int, Failure>()
    recorder.observe(subject.dematerializeLoadingState())
    subject.send(.loaded(1))
    subject.send(completion: .finished)
    XCTAssertEqual(recorder.elements, [1])
    XCTAssertEqual(recorder.completion, .finished)
  }

  func testDeriveObservedLoadingStateTurnsLaterLoadsIntoReloads() {
    let subject = PassthroughSubject<State, Never>()
    let recorder = EventRecorder<ObservedLoadingState<Int, Failure>, Never>()
    recorder.observe(subject.deriveObservedLoadingState())
    subject.send(.loading)
    subject.send(.loading)
    subject.send(.loaded(1))
    subject.send(.loading)
    subject.send(.failed(Failure(code: 1)))
    subject.send(.loading)
    XCTAssertEqual(
      recorder.elements,
      [.loading, .loaded(1), .reloading, .failed(Failure(code: 1)), .loading],
      "a repeated loading state is emitted once; a load after a failure is a load again by default"
    )
  }

  func testDeriveObservedLoadingStateCanReloadAfterAFailure() {
    let subject = PassthroughSubject<State, Never>()
    let recorder = EventRecorder<ObservedLoadingState<Int, Failure>, Never>()
    recorder.observe(subject.deriveObservedLoadingState(loadsAgainOnFailure: false))
    subject.send(.failed(Failure(code: 1)))
    subject.send(.loading)
    XCTAssertEqual(recorder.elements, [.failed(Failure(code: 1)), .reloading])
  }

  func testDeriveObservedLoadingStateStartsAfreshForEachObservation() {
    let subject = ReplaySubject<State, Never>()
    subject.send(.loaded(1))
    subject.send(.loading)
    let derived = subject.deriveObservedLoadingState()
    let first = EventRecorder<ObservedLoadingState<Int, Failure>, Never>()
    first.observe(derived)
    let second = EventRecorder<ObservedLoadingState<Int, Failure>, Never>()
    second.observe(derived)
    XCTAssertEqual(first.elements, [.loaded(1), .reloading])
    XCTAssertEqual(second.elements, [.loaded(1), .reloading])
  }

  func testLiftValueAppliesOperatorsToTheLoadedValues() {
    let subject = PassthroughSubject<State, Never>()
    let recorder = EventRecorder<LoadingState<Int, Failure>, Never>()
    recorder.observe(subject.liftValue { $0.map { $0 * 2 }.dropFirst(1) })
    subject.send(.loading)
    subject.send(.loaded(1))
    subject.send(.loaded(2))
    subject.send(.failed(Failure(code: 5)))
    XCTAssertEqual(
      recorder.elements,
      [.loading, .loading, .loaded(4), .failed(Failure(code: 5))],
      "the lifted signal starts loading (as in ReactiveKit), then the receiver's states pass through"
    )
  }

  func testFlatMapValueSwitchesToTheLatestInnerLoadingSignal() {
    let subject = PassthroughSubject<State, Never>()
    let inner = [1: PassthroughSubject<LoadingState<String, Failure>, Never>(), 2: .init()]
    let recorder = EventRecorder<LoadingState<String, Failure>, Never>()
    recorder.observe(subject.flatMapValue { inner[$0]!.toSignal() })
    subject.send(.loaded(1))
    inner[1]!.send(.loaded("one"))
    subject.send(.loaded(2))
    inner[1]!.send(.loaded("stale"))
    inner[2]!.send(.loaded("two"))
    subject.send(.failed(Failure(code: 9)))
    XCTAssertEqual(recorder.elements, [.loaded("one"), .loaded("two"), .failed(Failure(code: 9))])
  }
}
