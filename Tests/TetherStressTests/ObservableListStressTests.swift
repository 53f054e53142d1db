import Dispatch
import Foundation
import Tether
import TetherSynchronization
import TetherTestSupport
import XCTest

/// `MutableObservableList` under contention, meant for `--sanitize=thread`: threads mutate one
/// list while observers keep every snapshot and other threads read the kept snapshots. The
/// snapshots share nodes with the container's list, so this is where copy-on-write of shared
/// nodes would race if a shared node were ever written.
final class ObservableListStressTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<PersistentArray<Int>>

  func testConcurrentMutationsReachObserversInOneConsistentOrder() {
    let list = MutableObservableList(PersistentArray(0..<2_000))
    let main = EventRecorder<Changeset, Never>()
    main.observe(list)
    let onQueue = EventRecorder<Changeset, Never>()
    let queue = DispatchQueue(label: "ObservableListStressTests.receiver")
    let hop = onQueue.observe(list.receive(on: queue))
    let group = DispatchGroup()
    for thread in 0..<4 {
      DispatchQueue.global().async(group: group) {
        var rng = SeededRandomNumberGenerator(seed: UInt64(thread))
        for step in 0..<1_500 {
          Self.mutate(list, value: 10_000 + thread * 1_000_000 + step * 2, using: &rng)
        }
      }
    }
    XCTAssertEqual(group.wait(timeout: .now() + 120), .success, "the stress run finished in time")
    let final = list.collection
    main.assertNoViolations()
    XCTAssertEqual(main.elements.count, 1 + 4 * 1_500)
    Self.assertSequenceReplays(main.elements, endingAt: final, "main observer")
    // Every changeset was delivered once the senders returned, so each has been scheduled on the
    // queue by now; one more block on it runs after them all.
    queue.sync {}
    hop.dispose()
    XCTAssertEqual(onQueue.elements.count, main.elements.count)
    Self.assertSequenceReplays(onQueue.elements, endingAt: final, "receive(on:) observer")
  }

  func testReadersOfKeptSnapshotsRaceWithMutations() {
    let list = MutableObservableList(PersistentArray(0..<2_000))
    let latest = Shared<PersistentArray<Int>>(list.collection)
    let observation = list.observeNext { changeset in latest.withLock { $0 = changeset.collection } }
    let inconsistent = AtomicInt(0)
    let done = AtomicBool(false)
    let group = DispatchGroup()
    for reader in 0..<2 {
      // Threads of their own: spinning readers on Dispatch's pool (as wide as the machine has
      // cores) would keep the writers from ever starting.
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        var reads = 0
        while !done.load(ordering: .acquiring) || reads < 10 {
          let snapshot = latest.withLock { $0 }
          // A kept snapshot is a value: its count and its elements agree however the container
          // changes meanwhile, and it is still sorted by construction below.
          var seen = 0
          var previous = Int.min
          for element in snapshot {
            if element < previous { inconsistent.add(1, ordering: .relaxed) }
            previous = element
            seen += 1
          }
          if seen != snapshot.count { inconsistent.add(1, ordering: .relaxed) }
          if reader == 1, !snapshot.isEmpty, snapshot[snapshot.count / 2] < snapshot[0] {
            inconsistent.add(1, ordering: .relaxed)
          }
          reads += 1
        }
      }
    }
    let writers = DispatchGroup()
    for writer in 0..<2 {
      DispatchQueue.global().async(group: writers) {
        var rng = SeededRandomNumberGenerator(seed: UInt64(100 + writer))
        for _ in 0..<1_500 {
          // Keeps the list sorted: appends of growing values, removals anywhere, and
          // in-place writes that keep the order.
          switch Int.random(in: 0..<3, using: &rng) {
          case 0:
            list.batchUpdate { batch in batch.append((batch.collection.last ?? 0) + 1) }
          case 1:
            let pick = Int.random(in: 0..<1_000_000, using: &rng)
            list.batchUpdate { batch in
              if batch.count > 1 { batch.remove(at: pick % batch.count) }
            }
          default:
            list.batchUpdate { batch in
              if let first = batch.collection.first, batch.count > 1, batch[1] > first + 1 {
                batch[0] = first + 1
              }
            }
          }
        }
      }
    }
    XCTAssertEqual(writers.wait(timeout: .now() + 120), .success)
    done.store(true, ordering: .releasing)
    XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
    observation.dispose()
    XCTAssertEqual(inconsistent.load(ordering: .relaxed), 0, "a kept snapshot changed while it was read")
    XCTAssertTrue(latest.withLock { $0 } == list.collection, "the observer's last snapshot is the final list")
  }

  /// One random mutation that is valid whatever other threads did before it.
  private static func mutate(
    _ list: MutableObservableList<Int>, value: Int, using rng: inout SeededRandomNumberGenerator
  ) {
    let pick = Int.random(in: 0..<1_000_000, using: &rng)
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<35:
      list.append(value)
    case 35..<45:
      list.insert(contentsOf: [value, value + 1], at: 0)
    case 45..<70:
      list.batchUpdate { batch in
        if !batch.isEmpty { batch.remove(at: pick % batch.count) }
      }
    case 70..<85:
      list.batchUpdate { batch in
        if !batch.isEmpty { batch[pick % batch.count] = value }
      }
    case 85..<95:
      list.batchUpdate { batch in
        guard batch.count > 1 else { return }
        batch.move(from: pick % batch.count, to: (pick / 7) % batch.count)
      }
    default:
      let snapshot = list.collection
      var replacement = Array(snapshot.prefix(200))
      replacement.shuffle(using: &rng)
      replacement.append(value)
      list.replace(with: PersistentArray(replacement), performDiff: true)
    }
  }

  /// Each changeset's patch applied to the previous collection gives its collection, its diff
  /// applies as a batch update, and the sequence ends at `final`.
  private static func assertSequenceReplays(
    _ changesets: [Changeset],
    endingAt final: PersistentArray<Int>,
    _ context: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard let first = changesets.first else {
      XCTFail("\(context): no changesets", file: file, line: line)
      return
    }
    XCTAssertTrue(first.isReload, "\(context): starts with a reload", file: file, line: line)
    var state = Array(first.collection)
    for (index, changeset) in changesets.enumerated().dropFirst() {
      let new = Array(changeset.collection)
      if changeset.isReload {
        state = new
        continue
      }
      guard state.applying(changeset.patch) == new else {
        XCTFail("\(context): changeset \(index) does not replay from the previous one", file: file, line: line)
        return
      }
      guard batchApplying(changeset.diff, to: state, reading: new) == new else {
        XCTFail("\(context): changeset \(index)'s diff does not apply as a batch update", file: file, line: line)
        return
      }
      state = new
    }
    XCTAssertTrue(state == Array(final), "\(context): replay ends at the final state", file: file, line: line)
  }
}
