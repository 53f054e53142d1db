import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// Operators whose upstream delivers from several threads, one changeset at a time: each
/// observation's state moves between threads and stays consistent. (Run under
/// `--sanitize=thread` to check the hand-over.)
final class CollectionOperatorThreadingTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>

  /// Four threads edit one array, each edit sent under a lock so that changesets stay in order;
  /// deliveries therefore come from all four threads. Three operators, two observers each (one of
  /// them joining late), all replay and end at the reference.
  func testDeliveriesFromSeveralThreadsKeepEveryObservationConsistent() {
    let source = LockedSource()
    let filtered = source.subject.filterCollection { $0.isMultiple(of: 3) }
    let sorted = source.subject.sortedCollection()
    let mapped = source.subject.mapCollection { $0 * 2 }
    let early = [filtered, sorted, mapped].map { signal in
      let recorder = EventRecorder<Changeset, Never>()
      recorder.observe(signal)
      return recorder
    }
    source.start(with: Array(0..<50))
    let lateRecorders = LateRecorders()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      var rng = SeededRandomNumberGenerator(seed: UInt64(thread))
      for step in 0..<150 {
        if thread == 0 && step == 40 { lateRecorders.subscribe([filtered, sorted, mapped]) }
        source.edit(using: &rng)
      }
    }
    let final = source.current
    let references: [([Int]) -> [Int]] = [
      { $0.filter { $0.isMultiple(of: 3) } }, { $0.sorted() }, { $0.map { $0 * 2 } },
    ]
    for (index, recorders) in [early, lateRecorders.recorders].enumerated() {
      XCTAssertEqual(recorders.count, 3)
      for (recorder, reference) in zip(recorders, references) {
        recorder.assertNoViolations()
        let outputs = recorder.elements
        XCTAssertEqual(outputs.first?.isReload, true, "observer group \(index)")
        for (step, (previous, next)) in zip(outputs, outputs.dropFirst()).enumerated() {
          assertReplays(next, from: previous.collection, "observer group \(index), step \(step + 1)")
        }
        XCTAssertEqual(outputs.last?.collection, reference(final), "observer group \(index)")
      }
    }
  }
}

/// An array edited from several threads; each edit and its send happen under one lock, so the
/// subject receives changesets in order, each from whichever thread made it.
private final class LockedSource: @unchecked Sendable {
  // Safe: `array` is only touched under `lock`.
  let subject = PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>()
  private let lock = NSLock()
  private var array: [Int] = []

  var current: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return array
  }

  func start(with elements: [Int]) {
    lock.lock()
    defer { lock.unlock() }
    array = elements
    subject.send(.reload(elements))
  }

  func edit(using rng: inout SeededRandomNumberGenerator) {
    lock.lock()
    defer { lock.unlock() }
    let patch = randomPatch(on: array, count: Int.random(in: 1...3, using: &rng), alphabet: 100, using: &rng)
    array.apply(patch)
    subject.send(OrderedCollectionChangeset(collection: array, patch: patch))
  }
}

/// Observers that subscribe while the edits are running.
private final class LateRecorders: @unchecked Sendable {
  // Safe: `stored` is only touched under `lock`.
  private let lock = NSLock()
  private var stored: [EventRecorder<OrderedCollectionChangeset<[Int]>, Never>] = []

  func subscribe(_ signals: [Signal<OrderedCollectionChangeset<[Int]>, Never>]) {
    let recorders = signals.map { signal in
      let recorder = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
      recorder.observe(signal)
      return recorder
    }
    lock.lock()
    stored = recorders
    lock.unlock()
  }

  var recorders: [EventRecorder<OrderedCollectionChangeset<[Int]>, Never>] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
