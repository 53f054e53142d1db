import TetherSignals
import TetherTestSupport
import XCTest

final class SmokeTests: XCTestCase {
  func testSubjectMapFilter() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject.map { $0 * 2 }.filter { $0 > 2 })
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.next(4), .completed])
  }
}
