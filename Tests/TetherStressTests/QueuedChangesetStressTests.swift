import Dispatch
import Foundation
import Tether
import TetherTestSupport
import XCTest

/// Issue 24, item 3: changesets of an array container wait in the container's delivery queue and
/// on the main queue, in a binding's main-queue hop and in `receive(on:)` without their collection,
/// and are rebuilt when delivered. Four threads mutate one array while one observer records on the
/// delivering threads and others on the main queue, through a binding and behind `receive(on:)`:
/// all must receive the same collections, in the same order, ending at the array's final state.
final class QueuedChangesetStressTests: XCTestCase {
  func testChangesetsRebuiltAtDeliveryMatchOnEveryPath() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let array = MutableObservableArray(Array(0..<50))
    let direct = Shared<[[Int]]>([])
    let onMain = Shared<[[Int]]>([])
    let directObservation = array.observeNext { changeset in direct.withLock { $0.append(changeset.collection) } }
    let mainObservation = array.observeNextOnMain { changeset in onMain.withLock { $0.append(changeset.collection) } }
    let bound = Shared<[[Int]]>([])
    let binding = array.bind(to: bound, context: .immediateOnMain) { bound, changeset in
      bound.withLock { $0.append(changeset.collection) }
    }
    let hopQueue = DispatchQueue(label: "QueuedChangesetStressTests.receive-on")
    let hopped = Shared<[[Int]]>([])
    let hopObservation = array.receive(on: hopQueue).observeNext { changeset in
      hopped.withLock { $0.append(changeset.collection) }
    }
    let threads = 4
    let perThread = 1_500
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for step in 0..<perThread {
        let value = 1_000 + thread * 1_000_000 + step
        switch step % 6 {
        case 0, 1, 2: array.append(value)
        case 3: array.insert(value, at: 0)
        case 4:
          array.batchUpdate { batch in
            if batch.count > 1 { batch.move(from: value % batch.count, to: 0) }
            batch.append(value)
          }
        default:
          array.batchUpdate { batch in
            if batch.count > 80 { batch.removeSubrange(10..<40) } else if !batch.isEmpty { batch[0] = value }
          }
        }
      }
    }
    array.waitUntilDelivered()
    hopQueue.sync {}
    drainMainQueue()
    directObservation.dispose()
    mainObservation.dispose()
    binding.dispose()
    hopObservation.dispose()
    let final = array.collection
    let directCollections = direct.withLock { $0 }
    let mainCollections = onMain.withLock { $0 }
    XCTAssertEqual(directCollections.count, 1 + threads * perThread)
    XCTAssertEqual(directCollections.last, final)
    XCTAssertTrue(mainCollections == directCollections, "the main queue rebuilt a different sequence")
    XCTAssertTrue(bound.withLock { $0 } == directCollections, "the binding's hop rebuilt a different sequence")
    XCTAssertTrue(hopped.withLock { $0 } == directCollections, "receive(on:) rebuilt a different sequence")
  }
}
