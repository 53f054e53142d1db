import Dispatch
import TetherSynchronization
import XCTest

/// ``DeferredRemovals``: the pending flag, taking each recorded observer exactly once, and
/// releasing them once taken.
final class DeferredRemovalsTests: XCTestCase {
  final class Observer: Sendable {
    let id: Int

    init(_ id: Int) { self.id = id }
  }

  func testNothingIsPendingAtFirst() {
    let removals = DeferredRemovals<Observer>()
    XCTAssertFalse(removals.mayBePending)
    XCTAssertTrue(removals.take().isEmpty)
  }

  func testTakeReturnsTheRecordedObserversInOrderOnce() {
    let removals = DeferredRemovals<Observer>()
    let observers = (0..<3).map(Observer.init)
    for observer in observers { removals.append(observer) }
    XCTAssertTrue(removals.mayBePending)
    XCTAssertEqual(removals.take().map(\.id), [0, 1, 2])
    XCTAssertFalse(removals.mayBePending)
    XCTAssertTrue(removals.take().isEmpty, "taken once")
    removals.append(observers[1])
    XCTAssertTrue(removals.mayBePending)
    XCTAssertEqual(removals.take().map(\.id), [1])
  }

  func testTakenObserversAreNoLongerRetained() {
    let removals = DeferredRemovals<Observer>()
    weak var weakObserver: Observer?
    do {
      let observer = Observer(1)
      weakObserver = observer
      removals.append(observer)
    }
    XCTAssertNotNil(weakObserver, "recorded observers are kept until taken")
    do {
      let taken = removals.take()
      XCTAssertEqual(taken.count, 1)
    }
    XCTAssertNil(weakObserver)
  }

  func testRecordedObserversAreReleasedWithTheRemovals() {
    weak var weakObserver: Observer?
    do {
      let removals = DeferredRemovals<Observer>()
      let observer = Observer(1)
      weakObserver = observer
      removals.append(observer)
    }
    XCTAssertNil(weakObserver)
  }

  /// Threads record while another takes, checking the flag first as engines do: once every
  /// recorder has returned, the flag is up if anything is left, and every observer was taken
  /// exactly once.
  func testConcurrentAppendsAndTakesTakeEachObserverOnce() {
    let threads = 3
    let perThread = 2_000
    let removals = Shared(DeferredRemovals<Observer>())
    let taken = Shared(Locked([Int]()))
    let recordersDone = Shared(AtomicBool(false))
    let takerDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      var mine: [Int] = []
      while !recordersDone.value.load(ordering: .acquiring) {
        if removals.value.mayBePending { mine.append(contentsOf: removals.value.take().map(\.id)) }
      }
      taken.value.withLock { $0.append(contentsOf: mine) }
      takerDone.signal()
    }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for step in 0..<perThread { removals.value.append(Observer(step * threads + thread)) }
    }
    recordersDone.value.store(true, ordering: .releasing)
    takerDone.wait()
    var all = taken.value.withLock { $0 }
    if removals.value.mayBePending { all.append(contentsOf: removals.value.take().map(\.id)) }
    XCTAssertEqual(all.sorted(), Array(0..<(threads * perThread)))
    XCTAssertFalse(removals.value.mayBePending)
    XCTAssertTrue(removals.value.take().isEmpty)
  }
}
