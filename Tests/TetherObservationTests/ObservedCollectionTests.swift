import Foundation
import Observation
import TetherChangesets
import TetherCollections
import TetherObservation
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

// Observation's minimums, like TetherObservation's API.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservedCollectionTests: XCTestCase {
  func testFollowsTheContainerAndKeepsTheLastChangeset() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let list = MutableObservableArray(["milk"])
      let observed = list.observed()
      XCTAssertEqual(observed.collection, ["milk"])
      XCTAssertTrue(observed.lastChangeset.isReload)
      list.append("eggs")
      XCTAssertEqual(observed.collection, ["milk", "eggs"])
      XCTAssertEqual(observed.lastChangeset.diff.inserts, [1])
      XCTAssertEqual(observed.changesetCount, 2, "the first reload and one append")
    }
  }

  func testEveryChangesetReplaysOntoThePreviousCollection() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      var random = SeededRandomNumberGenerator(seed: 7)
      let list = MutableObservableArray([Int]())
      let observed = list.observed()
      for _ in 0..<200 {
        let before = observed.collection
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          list.insert(Int.random(in: 0..<100, using: &random), at: Int.random(in: 0...before.count, using: &random))
        case 1 where !before.isEmpty: list.remove(at: Int.random(in: 0..<before.count, using: &random))
        default: list.append(Int.random(in: 0..<100, using: &random))
        }
        var replayed = before
        replayed.apply(observed.lastChangeset.patch)
        XCTAssertEqual(replayed, observed.collection)
        XCTAssertEqual(observed.collection, list.collection)
      }
    }
  }

  func testFollowsAListAndKeepsItsSnapshotsForFree() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      var random = SeededRandomNumberGenerator(seed: 11)
      let list = MutableObservableList(PersistentArray(0..<1_000))
      let observed = list.observed()
      var kept: [(PersistentArray<Int>, [Int])] = []
      for _ in 0..<200 {
        let before = observed.collection
        if Bool.random(using: &random) {
          list.insert(-1, at: Int.random(in: 0...before.count, using: &random))
        } else {
          list.remove(at: Int.random(in: 0..<before.count, using: &random))
        }
        var replayed = Array(before)
        replayed.apply(observed.lastChangeset.patch)
        XCTAssertEqual(replayed, Array(observed.collection))
        XCTAssertEqual(observed.collection, list.collection)
        kept.append((observed.collection, Array(observed.collection)))
      }
      for (snapshot, copy) in kept { XCTAssertEqual(Array(snapshot), copy) }
    }
  }

  func testReadingTheCollectionIsTrackedByObservation() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let tags = MutableObservableSet<String>(["a"])
      let observed = tags.observed()
      let changes = Locked(0)
      withObservationTracking {
        _ = observed.collection
      } onChange: {
        changes.withLock { $0 += 1 }
      }
      tags.insert("b")
      XCTAssertEqual(changes.withLock { $0 }, 1)
      XCTAssertEqual(observed.collection, ["a", "b"])
    }
  }

  /// Changesets on their way to the main queue when the container goes away still arrive (the
  /// container's completion, sent on the main thread as it deinitializes, delivers them in order).
  func testChangesetsQueuedBeforeTheContainerWentAwayStillArrive() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      weak var weakList: MutableObservableArray<Int>?
      let observed: ObservedCollection<OrderedCollectionChangeset<[Int]>>
      do {
        let list = MutableObservableArray([1])
        weakList = list
        observed = list.observed()
        withMainDeliveryQueued { list.append(2) }
        XCTAssertEqual(observed.collection, [1], "the changeset waits for the main queue")
      }
      XCTAssertNil(weakList, "the observed collection does not hold its container")
      drainMainQueue()
      XCTAssertEqual(observed.collection, [1, 2])
    }
  }

  @MainActor
  func testMutationsFromAnotherThreadArriveOnTheMainActor() async {
    let list = MutableObservableArray([Int]())
    let observed = list.observed()
    await Task.detached {
      for value in 0..<100 { list.append(value) }
    }.value
    let drained = expectation(description: "main queue drained")
    DispatchQueue.main.async { drained.fulfill() }
    await fulfillment(of: [drained], timeout: 10)
    XCTAssertEqual(observed.collection, Array(0..<100))
    XCTAssertEqual(observed.changesetCount, 101)
  }
}
