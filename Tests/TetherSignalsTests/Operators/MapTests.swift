import TetherSignals
import TetherTestSupport
import XCTest

final class MapTests: XCTestCase {
  func testMapTransformsEachElementAndForwardsCompletion() {
    let recorder = record(SafeSignal(sequence: [1, 2, 3]).map { $0 * 10 })
    XCTAssertEqual(recorder.events, [.next(10), .next(20), .next(30), .completed])
  }

  func testMapForwardsFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.map { "\($0)" })
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertEqual(recorder.events, [.next("1"), .failed(OperatorError(1))])
  }

  func testMapWorksOnSubjectsAndProperties() {
    let subject = PassthroughSubject<Int, Never>()
    let fromSubject = record(subject.map { $0 + 1 })
    subject.send(1)
    XCTAssertEqual(fromSubject.elements, [2])

    let property = Property(5)
    let fromProperty = record(property.map { $0 * 2 })
    property.value = 6
    XCTAssertEqual(fromProperty.elements, [10, 12])
  }

  func testDisposingMapStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(probe.signal.map { $0 })
    XCTAssertTrue(probe.isObserved)
    observation.dispose()
    XCTAssertFalse(probe.isObserved)
    probe.send(1)
    XCTAssertEqual(recorder.events, [])
  }
}
