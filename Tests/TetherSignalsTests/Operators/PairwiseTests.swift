import TetherSignals
import TetherTestSupport
import XCTest

final class PairwiseTests: XCTestCase {
  func testPairsEachElementWithItsPredecessorFromTheSecondOn() {
    let pairs = record(SafeSignal(sequence: [1, 2, 3]).pairwise().map { [$0.0, $0.1] })
    XCTAssertEqual(pairs.events, [.next([1, 2]), .next([2, 3]), .completed])
    XCTAssertEqual(record(SafeSignal(just: 1).pairwise().map { $0.0 }).events, [.completed])
  }

  func testFailsWhenTheReceiverFails() {
    let subject = PassthroughSubject<Int, OperatorError>()
    let pairs = record(subject.pairwise().map { $0.0 + $0.1 })
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(pairs.events, [.next(3), .failed(OperatorError(1))])
  }
}
