import Dispatch
import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Holds the first non-reload delivery until released, so that later changesets queue behind it.
private final class DeliveryGate: @unchecked Sendable {
  // Safe: `held` is only touched by the delivering thread; the semaphores are thread-safe.
  var held = false
  let started = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
}

/// Issue 24, item 3: a changeset waiting in an array container's delivery queue holds only its
/// change, so it does not make the next mutation copy the array, and the deliverer rebuilds each
/// waiting changeset's collection exactly as it was after that mutation.
final class QueuedChangesetCopyTests: XCTestCase {
  /// Mutations made while another thread's delivery is held up: each queued changeset must be
  /// delivered with the collection right after its own mutation, in order.
  func testQueuedChangesetsAreDeliveredWithTheCollectionAfterTheirMutation() {
    let array = MutableObservableArray(Array(0..<100))
    let gate = DeliveryGate()
    let delivered = Locked<[OrderedCollectionChangeset<[Int]>]>([])
    let observation = array.observeNext { changeset in
      delivered.withLock { $0.append(changeset) }
      guard !changeset.isReload, !gate.held else { return }
      gate.held = true
      gate.started.signal()
      gate.release.wait()
    }
    Thread { array.append(-1) }.start()
    gate.started.wait()
    var expected: [[Int]] = []
    var model = Array(0..<100) + [-1]
    // Every kind of change, including a batch and a replacement diffed into a patch.
    array.append(100)
    model.append(100)
    expected.append(model)
    array.insert(7, at: 3)
    model.insert(7, at: 3)
    expected.append(model)
    array.remove(at: 10)
    model.remove(at: 10)
    expected.append(model)
    array[5] = 55
    model[5] = 55
    expected.append(model)
    array.move(from: 0, to: 50)
    model.insert(model.remove(at: 0), at: 50)
    expected.append(model)
    array.batchUpdate { array in
      array.append(200)
      array.remove(at: 0)
      array.insert(300, at: 20)
    }
    model.append(200)
    model.remove(at: 0)
    model.insert(300, at: 20)
    expected.append(model)
    var replaced = model
    replaced.removeSubrange(30..<40)
    replaced.insert(contentsOf: [1_000, 1_001], at: 5)
    array.replace(with: replaced, performDiff: true)
    model = replaced
    expected.append(model)
    array.replace(with: [1, 2, 3], performDiff: false)  // a reload keeps its collection
    model = [1, 2, 3]
    expected.append(model)
    array.append(4)
    model.append(4)
    expected.append(model)
    gate.release.signal()
    array.waitUntilDelivered()
    observation.dispose()
    let changesets = delivered.withLock { $0 }
    XCTAssertEqual(changesets.map(\.collection), [Array(0..<100), Array(0..<100) + [-1]] + expected)
    assertConsistentSequence(changesets)
  }

  /// The deliverer takes the changesets queued behind the one it delivers in runs (several per
  /// lock acquisition): a run must deliver exactly what one item at a time did. Here 100 changesets
  /// wait (several runs), an observer disposed by another in the middle of a run receives nothing
  /// from then on and is released once the delivery is done, and an observer joining between them
  /// gets its reload at its place in the order, then the rest.
  func testARunOfQueuedChangesetsKeepsDisposalsAndJoinsInTheirPlace() {
    final class Marker: Sendable {}
    let array = MutableObservableArray<Int>()
    let gate = DeliveryGate()
    let holder = array.observeNext { changeset in
      guard !changeset.isReload, !gate.held else { return }
      gate.held = true
      gate.started.signal()
      gate.release.wait()
    }
    let first = Locked<[[Int]]>([])
    let disposed = Locked<[[Int]]>([])
    let joined = Locked<[[Int]]>([])
    let disposedObservation = Locked<(any Disposable)?>(nil)
    let recorder = array.observeNext { changeset in first.withLock { $0.append(changeset.collection) } }
    let disposer = array.observeNext { changeset in
      if changeset.collection.count == 40 { disposedObservation.withLock { $0 }?.dispose() }
    }
    weak var releasedMarker: Marker?
    do {
      let marker = Marker()
      releasedMarker = marker
      let observation = array.observeNext { changeset in
        withExtendedLifetime(marker) { disposed.withLock { $0.append(changeset.collection) } }
      }
      disposedObservation.withLock { $0 = observation }
    }
    Thread { array.append(-1) }.start()
    gate.started.wait()
    for value in 0..<50 { array.append(value) }
    let joiner = array.observeNext { changeset in joined.withLock { $0.append(changeset.collection) } }
    for value in 50..<100 { array.append(value) }
    gate.release.signal()
    array.waitUntilDelivered()
    let states = (0...101).map { count in Array(([-1] + Array(0..<100)).prefix(count)) }
    XCTAssertEqual(first.withLock { $0 }, states)
    XCTAssertEqual(disposed.withLock { $0 }, Array(states[...39]), "the disposed observer's last changeset")
    XCTAssertEqual(joined.withLock { $0 }, Array(states[51...]), "the joining observer's reload, then the rest")
    XCTAssertNil(releasedMarker, "the disposed observer was not released when the delivery ended")
    for observation in [holder, recorder, disposer, joiner] { observation.dispose() }
    disposedObservation.withLock { $0 = nil }
  }

  /// Without detaching, every append made while the previous changeset waits in the queue copies
  /// the array into a new buffer; with it, the array keeps its buffer (but for growth).
  func testAMutationWhileChangesetsWaitDoesNotCopyTheArray() {
    var initial = Array(0..<1_000)
    initial.reserveCapacity(4_000)
    let array = MutableObservableArray(initial)
    initial = []
    let gate = DeliveryGate()
    let observation = array.observeNext { changeset in
      guard !changeset.isReload, !gate.held else { return }
      gate.held = true
      gate.started.signal()
      gate.release.wait()
    }
    Thread { array.append(-1) }.start()
    gate.started.wait()
    var buffers = Set<UInt>()
    for value in 0..<200 {
      array.append(value)
      // The read copy shares the buffer only until the end of this statement.
      buffers.insert(array.collection.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
    }
    gate.release.signal()
    array.waitUntilDelivered()
    observation.dispose()
    // One copy away from the delivery in flight (which shares the buffer), then a few
    // reallocations for growth at most; a copy per queued changeset would make 200.
    XCTAssertLessThanOrEqual(buffers.count, 4, "queued changesets made appends copy the array")
    XCTAssertEqual(array.collection.count, 1_201)
  }

  /// The deliverer rebuilds each waiting changeset's collection in place: 200 changesets that
  /// waited behind a held delivery reach an observer that keeps nothing in one buffer that moves
  /// at most a few times (the first copy away from the producers' array, growth), not once per
  /// changeset. A second reference to the collection the deliverer rebuilds on (say, a copy left in
  /// the value that carried it out of the lock) would make every rebuild copy.
  ///
  /// Counted as changes of address from one changeset to the next, not as distinct addresses: a
  /// copy per rebuild frees the previous buffer, so the allocator hands the same two addresses out
  /// in turn.
  func testTheDelivererRebuildsWaitingChangesetsWithoutCopying() {
    var initial = Array(0..<1_000)
    initial.reserveCapacity(4_000)
    let array = MutableObservableArray(initial)
    initial = []
    let gate = DeliveryGate()
    let addresses = Locked<[UInt]>([])
    let observation = array.observeNext { changeset in
      guard !changeset.isReload else { return }
      guard gate.held else {
        gate.held = true
        gate.started.signal()
        gate.release.wait()
        return
      }
      let buffer = changeset.collection.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      addresses.withLock { $0.append(buffer) }
    }
    Thread { array.append(-1) }.start()
    gate.started.wait()
    for value in 0..<200 { array.append(value) }
    gate.release.signal()
    array.waitUntilDelivered()
    observation.dispose()
    let delivered = addresses.withLock { $0 }
    XCTAssertEqual(delivered.count, 200)
    let moves = zip(delivered, delivered.dropFirst()).filter { $0 != $1 }.count
    XCTAssertLessThanOrEqual(moves, 3, "the deliverer copied the array to rebuild queued changesets")
  }

  /// An array's changesets detach and rebuild through code specialized for the element type
  /// (`_detachedWhileQueued`, `_rebuiltAfterQueue`): for seeded random changes of every kind, the
  /// detached changeset keeps both forms and no elements, and rebuilding it on the collection
  /// before the change gives the original changeset back. Other collections have no such path
  /// (their container uses its detaching closures, or queues changesets whole); reloads are never
  /// detached.
  func testAnArraysChangesetDetachesAndRebuildsToItself() {
    withSeeds(0..<200) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<40, using: &rng), alphabet: 50, using: &rng)
      let patch = randomPatch(on: old, count: Int.random(in: 0..<12, using: &rng), using: &rng)
      let new = old.applying(patch)
      let changeset = OrderedCollectionChangeset(collection: new, patch: patch)
      guard let detached = changeset._detachedWhileQueued() else {
        return XCTFail("seed \(seed): an array's changeset was not detached")
      }
      XCTAssertTrue(detached.collection.isEmpty, "seed \(seed)")
      XCTAssertEqual(detached.patch, changeset.patch, "seed \(seed)")
      XCTAssertEqual(detached.diff, changeset.diff, "seed \(seed)")
      var position = old
      guard let rebuilt = OrderedCollectionChangeset<[Int]>._rebuiltAfterQueue(detached, onto: &position) else {
        return XCTFail("seed \(seed): an array's changeset was not rebuilt")
      }
      XCTAssertEqual(position, new, "seed \(seed)")
      XCTAssertEqual(rebuilt.collection, new, "seed \(seed)")
      XCTAssertEqual(rebuilt.patch, patch, "seed \(seed)")
      XCTAssertEqual(rebuilt.diff, changeset.diff, "seed \(seed)")
      XCTAssertFalse(rebuilt.isReload, "seed \(seed)")
    }
    XCTAssertNil(OrderedCollectionChangeset<[Int]>.reload([1, 2])._detachedWhileQueued())
    let contiguous = OrderedCollectionChangeset<ContiguousArray<Int>>(collection: [1], patch: [.insert(1, at: 0)])
    XCTAssertNil(contiguous._detachedWhileQueued())
    var contiguousPosition: ContiguousArray<Int> = []
    XCTAssertNil(
      OrderedCollectionChangeset<ContiguousArray<Int>>._rebuiltAfterQueue(contiguous, onto: &contiguousPosition))
    let list = OrderedCollectionChangeset<PersistentArray<Int>>(collection: [1], patch: [.insert(1, at: 0)])
    XCTAssertNil(list._detachedWhileQueued())
  }

  /// A `ContiguousArray` container still detaches its queued changesets (through the closures):
  /// its changesets waiting behind a held delivery are each delivered with their own collection.
  func testAContiguousArrayContainersQueuedChangesetsAreRebuiltByItsClosures() {
    let array = MutableObservableCollection<ContiguousArray<Int>>([0])
    let gate = DeliveryGate()
    let delivered = Locked<[ContiguousArray<Int>]>([])
    let observation = array.observeNext { changeset in
      delivered.withLock { $0.append(changeset.collection) }
      guard !changeset.isReload, !gate.held else { return }
      gate.held = true
      gate.started.signal()
      gate.release.wait()
    }
    Thread { array.append(1) }.start()
    gate.started.wait()
    XCTAssertNotNil(array.erasedHopDetaching, "a ContiguousArray container detaches its queued changesets")
    for value in 2..<6 { array.append(value) }
    array.remove(at: 0)
    gate.release.signal()
    array.waitUntilDelivered()
    observation.dispose()
    XCTAssertEqual(
      delivered.withLock { $0 },
      [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5]])
  }

  /// A background producer far ahead of the main thread: the changesets waiting for the main queue
  /// hold only their change, so the producer's appends keep the array's buffer, and the main
  /// thread rebuilds each collection exactly as it was after that append.
  func testChangesetsWaitingForTheMainQueueDoNotMakeAppendsCopy() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let array = MutableObservableArray(BackgroundMutationScript.initialArray())
    let delivered = Locked<[OrderedCollectionChangeset<[Int]>]>([])
    let observation = array.observeNextOnMain { changeset in delivered.withLock { $0.append(changeset) } }
    let buffers = BackgroundMutationScript.runOnBackgroundThread(
      insert: { array.insert($0, at: $1) }, append: { array.append($0) }, remove: { array.remove(at: $0) },
      bufferAddress: { array.collection.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
    // Every changeset but the reload is still waiting for the main queue.
    XCTAssertEqual(delivered.withLock { $0.count }, 1)
    drainMainQueue()
    observation.dispose()
    let changesets = delivered.withLock { $0 }
    XCTAssertEqual(changesets.count, 1 + 300 + 60)
    // The same mutations on a plain array: every collection after each of them, in order.
    XCTAssertEqual(changesets.map(\.collection), BackgroundMutationScript.expectedCollections())
    assertConsistentSequence(changesets)
    // One copy away from the main-queue observation's reload (which shares the first buffer), then
    // growth; a copy per waiting changeset would make hundreds.
    XCTAssertLessThanOrEqual(buffers.count, 4, "waiting changesets made the producer copy the array")
  }
}
