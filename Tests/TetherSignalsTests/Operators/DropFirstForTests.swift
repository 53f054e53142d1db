import TetherSignals
import TetherTestSupport
import XCTest

final class DropFirstForTests: XCTestCase {
  func testDropsTheElementsOfTheFirstSecondsOfEachObservation() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, OperatorError>()
    let dropped = subject.dropFirst(for: 2, on: scheduler)
    let first = record(dropped)
    subject.send(1)
    scheduler.advance(by: 1)
    subject.send(2)
    scheduler.advance(by: 1)
    subject.send(3)  // exactly at the end of the period: still dropped, as in ReactiveKit
    let second = record(dropped)
    scheduler.advance(by: 0.5)
    subject.send(4)
    scheduler.advance(by: 2)
    subject.send(5)
    subject.send(completion: .finished)
    XCTAssertEqual(first.events, [.next(4), .next(5), .completed])
    XCTAssertEqual(second.events, [.next(5), .completed], "the period starts at each observation")
  }

  func testEndsDuringThePeriodWhenTheReceiverEnds() {
    let scheduler = VirtualTimeScheduler()
    let failing = PassthroughSubject<Int, OperatorError>()
    let recorder = record(failing.dropFirst(for: 5, on: scheduler))
    failing.send(1)
    failing.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
    let completed = record(Signal<Int, Never>(sequence: [1, 2]).dropFirst(for: 5, on: scheduler))
    XCTAssertEqual(completed.events, [.completed])
  }

  func testAZeroPeriodDropsOnlyWhatArrivesAtTheSameInstant() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = record(subject.dropFirst(for: 0, on: scheduler))
    subject.send(1)
    scheduler.advance(by: 0.001)
    subject.send(2)
    XCTAssertEqual(recorder.elements, [2])
  }

  @available(*, deprecated, message: "checks ReactiveKit's deprecated spelling")
  func testSkipIntervalIsReactiveKitsSpellingOnTheWallClock() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = record(subject.skip(interval: 3600))
    subject.send(1)
    subject.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.completed], "an hour has not passed")
  }
}
