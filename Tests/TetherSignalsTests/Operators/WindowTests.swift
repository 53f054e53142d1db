import TetherSignals
import TetherTestSupport
import XCTest

final class WindowTests: XCTestCase {
  func testEmitsEachFullWindowAsASignalAndDropsAnIncompleteLastOne() {
    let windows = record(SafeSignal(sequence: 1...5).window(ofSize: 2))
    XCTAssertEqual(windows.elements.count, 2)
    XCTAssertTrue(windows.isCompleted)
    XCTAssertEqual(
      windows.elements.map { record($0).events },
      [[.next(1), .next(2), .completed], [.next(3), .next(4), .completed]])
  }

  func testAWindowIsEmittedOnlyOnceFull() {
    let subject = PassthroughSubject<Int, OperatorError>()
    let windows = record(subject.window(ofSize: 2))
    subject.send(1)
    XCTAssertTrue(windows.elements.isEmpty)
    subject.send(2)
    XCTAssertEqual(windows.elements.count, 1)
    subject.send(3)
    subject.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(windows.error, OperatorError(1))
    XCTAssertEqual(windows.elements.count, 1)
  }
}
