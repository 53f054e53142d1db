import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

final class ShareTests: XCTestCase {
  func testShareObservesTheSourceOnceForAllObservers() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.share()
    let first = record(shared)
    let second = record(shared)
    XCTAssertEqual(probe.observations, 1)
    probe.send(1)
    XCTAssertEqual(first.elements, [1])
    XCTAssertEqual(second.elements, [1])
  }

  func testShareRunsASideEffectingProducerOnce() {
    let runs = AtomicInt(0)
    let source = PassthroughSubject<Int, Never>()
    let shared = source.handleEvents(receiveSubscription: { runs.add(1, ordering: .relaxed) }).map { $0 * 2 }.share()
    let first = record(shared)
    let second = record(shared)
    source.send(2)
    XCTAssertEqual(runs.load(ordering: .relaxed), 1)
    XCTAssertEqual(first.elements, [4])
    XCTAssertEqual(second.elements, [4])
  }

  func testShareReplayReplaysTheLatestElementsToLateObservers() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.shareReplay(limit: 2)
    let first = record(shared)
    for value in 1...3 { probe.send(value) }
    let late = record(shared)
    probe.send(4)
    XCTAssertEqual(first.elements, [1, 2, 3, 4])
    XCTAssertEqual(late.elements, [2, 3, 4])
    XCTAssertEqual(probe.observations, 1)
  }

  func testDisconnectsWhenTheLastObserverLeavesAndReconnectsForTheNext() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.shareReplay(limit: 1)
    let first = shared.observe { _ in }
    let second = shared.observe { _ in }
    first.dispose()
    XCTAssertTrue(probe.isObserved)
    probe.send(1)
    second.dispose()
    XCTAssertFalse(probe.isObserved)
    let third = record(shared)
    XCTAssertEqual(probe.observations, 2)
    probe.send(2)
    XCTAssertEqual(third.elements, [1, 2], "the replayed element, then the new observation's")
  }

  func testAnEndedSourceIsNotObservedAgain() {
    let probe = Probe<Int, OperatorError>()
    let shared = probe.signal.shareReplay(limit: 1)
    let first = record(shared)
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(first.events, [.next(1), .failed(OperatorError(1))])
    let late = record(shared)
    XCTAssertEqual(late.events, [.next(1), .failed(OperatorError(1))])
    XCTAssertEqual(probe.observations, 1)
    let lateToShare = record(SafeSignal(sequence: [1, 2]).share().prepend(0))
    XCTAssertEqual(lateToShare.events, [.next(0), .next(1), .next(2), .completed])
  }

  func testShareOfASynchronousSourceGivesLateObserversOnlyTheEnd() {
    let shared = SafeSignal(sequence: [1, 2]).share()
    XCTAssertEqual(record(shared).events, [.next(1), .next(2), .completed])
    XCTAssertEqual(record(shared).events, [.completed])
    let replayed = SafeSignal(sequence: [1, 2]).shareReplay()
    XCTAssertEqual(record(replayed).elements, [1, 2])
    XCTAssertEqual(record(replayed).events, [.next(1), .next(2), .completed])
  }
}
