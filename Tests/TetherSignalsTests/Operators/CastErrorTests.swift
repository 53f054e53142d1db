import TetherSignals
import TetherTestSupport
import XCTest

final class CastErrorTests: XCTestCase {
  func testASafeSignalTypedAsFailingPassesEverythingOnAndMergesWithAFailingOne() {
    let safe = PassthroughSubject<Int, Never>()
    let failing = Probe<Int, OperatorError>()
    let cast = record(safe.castError() as Signal<Int, OperatorError>)
    let merged = record(safe.castError().merge(with: failing.signal))
    safe.send(1)
    failing.send(2)
    safe.send(completion: .finished)
    failing.fail(OperatorError(3))
    XCTAssertEqual(cast.events, [.next(1), .completed])
    XCTAssertEqual(merged.events, [.next(1), .next(2), .failed(OperatorError(3))])
  }
}
