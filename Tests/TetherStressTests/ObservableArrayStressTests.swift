import Dispatch
import Foundation
import Tether
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Four threads mutate one observable array thousands of times each while observers record, join,
/// leave and mutate re-entrantly. Every observer's changesets must form one consistent sequence:
/// each replays from the previous one's collection, and the last one is the array's final state.
final class ObservableArrayStressTests: XCTestCase {
  private let threads = 4
  private let mutationsPerThread = 2_000

  func testConcurrentMutationsReachObserversInOneConsistentOrder() {
    let array = MutableObservableArray(Array(0..<20))
    let main = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    main.observe(array)
    // Appends from inside an observer now and then: applied after the current delivery. Values
    // stay unique so that replacements diff without duplicate identities.
    let reentrantValues = AtomicInt(0)
    let reentrant = array.observeNext { changeset in
      if !changeset.isReload && changeset.collection.count % 97 == 3 {
        array.append(-1 - reentrantValues.add(1, ordering: .relaxed).newValue)
      }
    }
    let lateJoiners = Locked<[EventRecorder<OrderedCollectionChangeset<[Int]>, Never>]>([])

    let group = DispatchGroup()
    let perThread = mutationsPerThread
    for thread in 0..<threads {
      DispatchQueue.global().async(group: group) {
        var rng = SeededRandomNumberGenerator(seed: UInt64(thread))
        for step in 0..<perThread {
          // Offset past the initial 0..<20 so every value is unique.
          Self.mutate(array, value: 1_000 + thread * 1_000_000 + step * 2, using: &rng)
          if step % 500 == 250 {
            let recorder = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
            recorder.observe(array)
            lateJoiners.withLock { $0.append(recorder) }
          }
          if step % 500 == 400 { lateJoiners.withLock { $0.first }?.dispose() }
        }
      }
    }
    XCTAssertEqual(group.wait(timeout: .now() + 120), .success, "the stress run finished in time")
    reentrant.dispose()

    let final = array.collection
    let changesets = main.elements
    main.assertNoViolations()
    XCTAssertGreaterThan(changesets.count, threads * mutationsPerThread)
    Self.assertSequenceReplays(changesets, endingAt: final, "main observer")
    for (index, recorder) in lateJoiners.withLock({ $0 }).enumerated() {
      recorder.assertNoViolations()
      // Joiner 0 is the one disposed while the run goes on. A joiner's first reload waits its turn
      // behind the changesets already queued, so a joiner disposed that early may have received
      // nothing at all ("no delivery starts after dispose() returns"); everything it did receive
      // must still replay.
      if index == 0 && recorder.elements.isEmpty { continue }
      Self.assertSequenceReplays(recorder.elements, endingAt: index == 0 ? nil : final, "late joiner \(index)")
    }
  }

  /// One random mutation that is valid whatever other threads did before it: conditional ones run
  /// in a batch, which sees the current state atomically.
  private static func mutate(
    _ array: MutableObservableArray<Int>, value: Int, using rng: inout SeededRandomNumberGenerator
  ) {
    let roll = Int.random(in: 0..<100, using: &rng)
    let pick = Int.random(in: 0..<1_000, using: &rng)
    switch roll {
    case 0..<30:
      array.append(value)
    case 30..<35:
      array.insert(contentsOf: [value, value + 1], at: 0)
    case 35..<65:
      array.batchUpdate { batch in
        if !batch.isEmpty { batch.remove(at: pick % batch.count) }
      }
    case 65..<75:
      array.batchUpdate { batch in
        if !batch.isEmpty { batch[pick % batch.count] = value }
      }
    case 75..<85:
      array.batchUpdate { batch in
        guard batch.count > 1 else { return }
        batch.move(from: pick % batch.count, to: (pick / 7) % batch.count)
        batch.append(value)
        batch.removeFirst()
      }
    case 85..<90:
      let snapshot = array.collection
      let replacement = Array(snapshot.shuffled(using: &rng).prefix(40)) + [value]
      // Replacements diff outside the lock, racing with each other and with every other kind of
      // mutation, so their retry path is exercised.
      array.replace(with: replacement, performDiff: true)
    case 90..<93:
      array.sort()
    case 93..<94:
      array.removeAll()
    default:
      array.batchUpdate { batch in
        if batch.count > 60 { batch.removeSubrange(0..<(batch.count - 30)) }
      }
    }
  }

  /// Replays a recorded sequence: it starts with a reload, each changeset's patch applied to the
  /// previous collection gives its collection (and its diff is valid), and it ends at `final`.
  private static func assertSequenceReplays(
    _ changesets: [OrderedCollectionChangeset<[Int]>],
    endingAt final: [Int]?,
    _ context: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard let first = changesets.first else {
      XCTFail("\(context): no changesets", file: file, line: line)
      return
    }
    XCTAssertTrue(first.isReload, "\(context): starts with a reload", file: file, line: line)
    var state = first.collection
    for (index, changeset) in changesets.enumerated().dropFirst() {
      if changeset.isReload {
        state = changeset.collection
        continue
      }
      let replayed = state.applying(changeset.patch)
      guard replayed == changeset.collection else {
        XCTFail("\(context): changeset \(index) does not replay from the previous one", file: file, line: line)
        return
      }
      do {
        try changeset.diff.validate(oldCount: state.count, newCount: changeset.collection.count)
      } catch {
        XCTFail("\(context): changeset \(index) has an invalid diff: \(error)", file: file, line: line)
        return
      }
      XCTAssertEqual(
        batchApplying(changeset.diff, to: state, reading: changeset.collection),
        changeset.collection,
        "\(context): changeset \(index)'s diff as a batch update",
        file: file,
        line: line
      )
      state = changeset.collection
    }
    if let final {
      XCTAssertEqual(state, final, "\(context): replay ends at the final state", file: file, line: line)
    }
  }
}
