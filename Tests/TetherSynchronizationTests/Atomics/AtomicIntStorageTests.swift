import Dispatch
import TetherSynchronization
import XCTest

/// ``AtomicIntStorage``: the atomic word kept in place in a `ManagedBuffer` header, reached through
/// the pointer the buffer lends, as Tether's subscriptions keep their disposed flags.
final class AtomicIntStorageTests: XCTestCase {
  /// An allocation whose header is the atomic word (held by a class: `ManagedBuffer` itself cannot
  /// be `Sendable`).
  final class Cell: @unchecked Sendable {
    // Safe: the header is only read and written through the atomic operations.
    let buffer: ManagedBuffer<AtomicIntStorage, UInt8>

    init(_ value: Int) {
      buffer = .create(minimumCapacity: 0) { _ in AtomicIntStorage(value) }
    }

    var word: UnsafeMutablePointer<AtomicIntStorage> {
      buffer.withUnsafeMutablePointerToHeader { $0 }
    }
  }

  func testLoadStoreAndExchangeInPlace() {
    let cell = Cell(6)
    XCTAssertEqual(cell.word.atomicLoad(ordering: .relaxed), 6)
    cell.word.atomicStore(-2, ordering: .releasing)
    XCTAssertEqual(cell.word.atomicLoad(ordering: .acquiring), -2)
    XCTAssertEqual(cell.word.atomicExchange(1, ordering: .acquiringAndReleasing), -2)
    XCTAssertEqual(cell.word.atomicLoad(ordering: .sequentiallyConsistent), 1)
  }

  func testEveryOrdering() {
    let cell = Cell(0)
    for ordering in [AtomicStoreOrdering.relaxed, .releasing, .sequentiallyConsistent] {
      cell.word.atomicStore(7, ordering: ordering)
      XCTAssertEqual(cell.word.atomicLoad(ordering: .relaxed), 7, "\(ordering)")
    }
    for ordering in [AtomicLoadOrdering.relaxed, .acquiring, .sequentiallyConsistent] {
      XCTAssertEqual(cell.word.atomicLoad(ordering: ordering), 7, "\(ordering)")
    }
    let updates: [AtomicUpdateOrdering] = [
      .relaxed, .acquiring, .releasing, .acquiringAndReleasing, .sequentiallyConsistent,
    ]
    for (index, ordering) in updates.enumerated() {
      XCTAssertEqual(cell.word.atomicExchange(index, ordering: ordering), index == 0 ? 7 : index - 1, "\(ordering)")
    }
  }

  /// As for ``AtomicInt``: every value put in by an exchange comes out of exactly one other.
  func testConcurrentExchangesHandEachValueOnToExactlyOneThread() {
    let cell = Cell(-1)
    let threads = 4
    let iterations = 5_000
    let returned = Locked([Int]())
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      var mine: [Int] = []
      for step in 0..<iterations {
        mine.append(cell.word.atomicExchange(step * threads + thread, ordering: .acquiringAndReleasing))
      }
      returned.withLock { $0.append(contentsOf: mine) }
    }
    var all = returned.withLock { $0 }
    all.append(cell.word.atomicLoad(ordering: .relaxed))
    XCTAssertEqual(all.sorted(), Array(-1..<(threads * iterations)))
  }

  /// The disposed-flag pattern: of threads racing to exchange 0 for 1, exactly one sees the 0.
  func testExactlyOneThreadClaimsTheFlag() {
    for round in 0..<200 {
      let cell = Cell(0)
      let claims = AtomicInt(0)
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        if cell.word.atomicExchange(1, ordering: .acquiringAndReleasing) == 0 { claims.add(1, ordering: .relaxed) }
      }
      XCTAssertEqual(claims.load(ordering: .relaxed), 1, "round \(round)")
    }
  }
}
