import Dispatch
import TetherDiffuser
import TetherSignals
import TetherSynchronization
import XCTest

/// Sentences of DiffuserAndFuser.md that no other test pinned down.
final class FuserClaimsTests: XCTestCase {
  // DiffuserAndFuser.md: "No thread waits for the handler to run someone else's event: a sender that finds a delivery in progress queues its event and returns, and the thread already delivering drains the queue."
  func testASenderThatFindsADeliveryInProgressQueuesItsEventAndReturns() {
    let source = ManualSource<Int>()
    let received = Received<(value: Int, onDeliverer: Bool)>()
    let handlerEntered = DispatchSemaphore(value: 0)
    let releaseHandler = DispatchSemaphore(value: 0)
    let delivererFinished = DispatchSemaphore(value: 0)
    let delivererThread = Locked<String?>(nil)
    let connection = Fuser(.from(source)).connect { value in
      let name = "\(Thread.current)"
      received.append((value, delivererThread.withLock { $0 } == name))
      if value == 1 {
        handlerEntered.signal()
        releaseHandler.wait()
      }
    }
    DispatchQueue.global().async {
      delivererThread.withLock { $0 = "\(Thread.current)" }
      source.emit(1)
      delivererFinished.signal()
    }
    XCTAssertEqual(handlerEntered.wait(timeout: .now() + 10), .success)
    // The handler is busy with event 1 on the other thread: these sends return without waiting
    // for it (were they to wait, the timeout would fail the test instead of hanging it).
    let sendersReturned = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      source.emit(2)
      source.emit(3)
      sendersReturned.signal()
    }
    XCTAssertEqual(sendersReturned.wait(timeout: .now() + 10), .success, "a sender waited for the busy handler")
    XCTAssertEqual(received.all.map(\.value), [1], "queued, not delivered while the handler is busy")
    releaseHandler.signal()
    XCTAssertEqual(delivererFinished.wait(timeout: .now() + 10), .success)
    let all = received.all
    XCTAssertEqual(all.map(\.value), [1, 2, 3])
    XCTAssertEqual(all.map(\.onDeliverer), [true, true, true], "the thread already delivering drained the queue")
    connection.dispose()
  }
}
