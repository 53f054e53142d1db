import TetherSignals
import TetherTestSupport
import XCTest

final class SinkTests: XCTestCase {
  func testReceivesElementsThenTheCompletion() {
    let events = EventRecorder<String, Never>()
    let subject = PassthroughSubject<Int, OperatorError>()
    let cancellable = subject.sink(
      receiveCompletion: { events.record(.next("\($0)")) },
      receiveValue: { events.record(.next("\($0)")) })
    subject.send(1)
    subject.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(events.elements, ["1", "failure(E1)"])
    _ = cancellable
    let finished = SafeSignal(just: 2).sink(
      receiveCompletion: { events.record(.next("\($0)")) },
      receiveValue: { events.record(.next("\($0)")) })
    XCTAssertEqual(events.elements, ["1", "failure(E1)", "2", "finished"])
    _ = finished
  }

  func testDroppingTheCancellableEndsTheObservation() {
    let values = EventRecorder<Int, Never>()
    let subject = PassthroughSubject<Int, Never>()
    var cancellable: AnyCancellable? = subject.sink { values.record(.next($0)) }
    subject.send(1)
    XCTAssertNotNil(cancellable)
    cancellable = nil
    subject.send(2)
    XCTAssertEqual(values.elements, [1])
  }
}
