import TetherSignals
import TetherTestSupport
import XCTest

private struct Failure: Error, Equatable {
  let code: Int
}

private typealias State = LoadingState<Int, Failure>

final class ReplayLoadingValueSubjectTests: XCTestCase {
  private func replay(_ subject: ReplayLoadingValueSubject<Int, Failure, Never>) -> [State] {
    let recorder = EventRecorder<State, Never>()
    recorder.observe(subject).dispose()
    return recorder.elements
  }

  func testReplaysNothingBeforeTheFirstState() {
    let subject = ReplayLoadingValueSubject<Int, Failure, Never>()
    XCTAssertEqual(replay(subject), [])
  }

  func testReplaysLoadingOnlyDuringTheFirstLoad() {
    let subject = ReplayLoadingValueSubject<Int, Failure, Never>()
    subject.send(.loading)
    subject.send(.loading)
    XCTAssertEqual(replay(subject), [.loading])
    subject.send(.loaded(1))
    subject.send(.loading)
    XCTAssertEqual(replay(subject), [.loaded(1)], "a later load is not replayed: the value is")
  }

  func testReplaysTheLastLoadedValuesUpToTheBufferSize() {
    let subject = ReplayLoadingValueSubject<Int, Failure, Never>(bufferSize: 2)
    for value in 1...4 { subject.send(.loaded(value)) }
    XCTAssertEqual(replay(subject), [.loaded(3), .loaded(4)])
  }

  func testAFailureReplacesTheReplayedValues() {
    let subject = ReplayLoadingValueSubject<Int, Failure, Never>()
    subject.send(.loaded(1))
    subject.send(.failed(Failure(code: 1)))
    XCTAssertEqual(replay(subject), [.failed(Failure(code: 1))])
    subject.send(.loaded(2))
    XCTAssertEqual(replay(subject), [.failed(Failure(code: 1)), .loaded(2)])
  }

  func testLiveObserversSeeEveryState() {
    let subject = ReplayLoadingValueSubject<Int, Failure, Never>()
    let recorder = EventRecorder<State, Never>()
    recorder.observe(subject)
    subject.send(.loading)
    subject.send(.loaded(1))
    subject.send(.loading)
    subject.send(.loaded(2))
    XCTAssertEqual(recorder.elements, [.loading, .loaded(1), .loading, .loaded(2)])
  }

  func testReplaysTheTerminalEvent() {
    let subject = ReplayLoadingValueSubject<Int, Failure, Failure>()
    subject.send(.loaded(1))
    subject.send(completion: .failure(Failure(code: 9)))
    subject.send(.loaded(2))
    let recorder = EventRecorder<State, Failure>()
    recorder.observe(subject)
    XCTAssertEqual(recorder.elements, [.loaded(1)])
    XCTAssertEqual(recorder.error, Failure(code: 9))
    recorder.assertNoViolations()
  }
}
