import Dispatch
import TetherSynchronization
import XCTest

/// ``Locked``: results and errors pass through, one thread at a time runs under the lock, and the
/// lock knows its holder. Re-entry traps: see `SynchronizationTrapTests`.
final class LockedTests: XCTestCase {
  struct Failure: Error, Equatable {
    let code: Int
  }

  func testWithLockReturnsTheResultAndKeepsChanges() {
    let lock = Locked([1, 2])
    let count = lock.withLock { state -> Int in
      state.append(3)
      return state.count
    }
    XCTAssertEqual(count, 3)
    XCTAssertEqual(lock.withLock { $0 }, [1, 2, 3])
  }

  func testATypedErrorPassesThroughAndTheLockIsReleased() {
    let lock = Locked(0)
    do {
      try lock.withLock { (state: inout Int) throws(Failure) in
        state = 5
        throw Failure(code: 9)
      }
      XCTFail("no error")
    } catch {
      XCTAssertEqual(error, Failure(code: 9))
    }
    XCTAssertFalse(lock.isHeldByCurrentThread, "the throw released the lock")
    XCTAssertEqual(lock.withLock { $0 }, 5, "changes made before the throw stay")
  }

  func testIsHeldByCurrentThreadOnlyInsideWithLock() {
    let lock = Locked(0)
    XCTAssertFalse(lock.isHeldByCurrentThread)
    lock.withLock { _ in XCTAssertTrue(lock.isHeldByCurrentThread) }
    XCTAssertFalse(lock.isHeldByCurrentThread)
  }

  func testNestedDistinctLocksAreFine() {
    let outer = Locked(1)
    let inner = Locked(2)
    let sum = outer.withLock { a in
      inner.withLock { b in
        XCTAssertTrue(outer.isHeldByCurrentThread)
        XCTAssertTrue(inner.isHeldByCurrentThread)
        return a + b
      }
    }
    XCTAssertEqual(sum, 3)
  }

  /// While one thread holds the lock, another thread is not its holder, and blocks in `withLock`
  /// until the holder leaves (it cannot have run its body before: the holder checks it last).
  func testAnotherThreadIsNotTheHolderAndWaitsForIt() {
    let lock = Shared(Locked([String]()))
    let holding = DispatchSemaphore(value: 0)
    let checked = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      lock.value.withLock { log in
        holding.signal()
        checked.wait()
        log.append("holder")
      }
    }
    holding.wait()
    XCTAssertFalse(lock.value.isHeldByCurrentThread, "another thread holds it")
    DispatchQueue.global().async {
      lock.value.withLock { $0.append("waiter") }
      finished.signal()
    }
    checked.signal()
    finished.wait()
    XCTAssertEqual(lock.value.withLock { $0 }, ["holder", "waiter"])
  }

  /// Plain (non-atomic) read-modify-writes under the lock lose no update, and no two threads are
  /// ever inside at once.
  func testMutualExclusionUnderThreads() {
    let threads = 4
    let iterations = 5_000
    let lock = Locked(0)
    let inside = AtomicInt(0)
    let overlaps = AtomicInt(0)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<iterations {
        lock.withLock { counter in
          if inside.add(1, ordering: .relaxed).oldValue != 0 { overlaps.add(1, ordering: .relaxed) }
          XCTAssertTrue(lock.isHeldByCurrentThread)
          counter += 1
          inside.subtract(1, ordering: .relaxed)
        }
        XCTAssertFalse(lock.isHeldByCurrentThread)
      }
    }
    XCTAssertEqual(lock.withLock { $0 }, threads * iterations)
    XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
  }

  func testTheStateIsReleasedWithTheLock() {
    final class Marker {}
    weak var weakMarker: Marker?
    do {
      let marker = Marker()
      weakMarker = marker
      let lock = Locked([marker])
      lock.withLock { XCTAssertEqual($0.count, 1) }
    }
    XCTAssertNil(weakMarker)
  }

  func testCurrentThreadIdentifierIsStableNonZeroAndPerThread() {
    let here = currentThreadIdentifier()
    XCTAssertNotEqual(here, 0)
    XCTAssertEqual(currentThreadIdentifier(), here)
    // Two threads alive at once (each waits for the other) have different identifiers.
    let identifiers = Shared(Locked([Int]()))
    let arrived = DispatchGroup()
    let bothArrived = DispatchSemaphore(value: 0)
    let leave = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for _ in 0..<2 {
      arrived.enter()
      done.enter()
      DispatchQueue.global().async {
        identifiers.value.withLock { $0.append(currentThreadIdentifier()) }
        arrived.leave()
        leave.wait()
        done.leave()
      }
    }
    arrived.notify(queue: .global()) { bothArrived.signal() }
    bothArrived.wait()
    leave.signal()
    leave.signal()
    done.wait()
    let both = identifiers.value.withLock { $0 }
    XCTAssertEqual(both.count, 2)
    XCTAssertEqual(Set(both).count, 2, "threads alive at once have distinct identifiers")
    XCTAssertFalse(both.contains(0))
  }
}
