import Dispatch
import TetherSignals
import XCTest

private struct Refused: Error, Equatable {}

final class WaitAndCollectTests: XCTestCase {
  func testASynchronousSignalsEventsAreCollectedWithItsCompletionLast() {
    let events = SafeSignal(sequence: [1, 2, 3]).waitAndCollectEvents()
    XCTAssertEqual(events, [.next(1), .next(2), .next(3), .completed])
  }

  func testAFailureEndsTheWaitAndIsTheLastEvent() {
    let signal = Signal<Int, Refused> { observer in
      observer.receive(1)
      observer.receive(completion: .failure(Refused()))
      return BlockDisposable {}
    }
    XCTAssertEqual(signal.waitAndCollectEvents(), [.next(1), .failed(Refused())])
    XCTAssertEqual(signal.waitAndCollectElements(), [1])
  }

  func testTheWaitLastsUntilASignalEndingOnAnotherThreadEnds() {
    // The producer sends from another queue after the caller has started waiting; the elements
    // arrive there, and the caller gets them all once the completion does.
    let queue = DispatchQueue(label: "producer")
    let signal = Signal<Int, Never> { observer in
      queue.async {
        for element in 0..<1_000 { observer.receive(element) }
        observer.receive(completion: .finished)
      }
      return BlockDisposable {}
    }
    XCTAssertEqual(signal.waitAndCollectElements(), Array(0..<1_000))
  }

  func testAnEmptySignalGivesOnlyItsCompletion() {
    XCTAssertEqual(Signal<Int, Never>.completed().waitAndCollectEvents(), [.completed])
    XCTAssertEqual(Signal<Int, Never>.completed().waitAndCollectElements(), [])
  }
}
