import Dispatch
import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// A main-actor binding target that keeps every changeset it is given.
@MainActor
private final class ChangesetSink {
  var changesets: [OrderedCollectionChangeset<[Int]>] = []
}

/// A binding target for any thread that keeps every changeset it is given.
private final class LockedSink: Sendable {
  let changesets = Locked<[OrderedCollectionChangeset<[Int]>]>([])
}

/// The address of the array's buffer.
private func bufferAddress(_ array: MutableObservableArray<Int>) -> UInt {
  array.collection.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
}

/// One random mutation of `array`, made on `model` too; returns how many changesets it sends.
private func mutateRandomly<G: RandomNumberGenerator>(
  _ array: MutableObservableArray<Int>,
  _ model: inout [Int],
  _ expected: inout [[Int]],
  using rng: inout G
) {
  let value = Int.random(in: 0..<1_000, using: &rng)
  switch Int.random(in: 0..<9, using: &rng) {
  case 0, 1:
    array.append(value)
    model.append(value)
  case 2:
    let index = Int.random(in: 0...model.count, using: &rng)
    array.insert(value, at: index)
    model.insert(value, at: index)
  case 3 where !model.isEmpty:
    let index = Int.random(in: 0..<model.count, using: &rng)
    array.remove(at: index)
    model.remove(at: index)
  case 4 where !model.isEmpty:
    let index = Int.random(in: 0..<model.count, using: &rng)
    array[index] = value
    model[index] = value
  case 5 where model.count > 1:
    let from = Int.random(in: 0..<model.count, using: &rng)
    let to = Int.random(in: 0..<model.count, using: &rng)
    array.move(from: from, to: to)
    model.insert(model.remove(at: from), at: to)
  case 6:
    array.batchUpdate { array in
      array.append(value)
      if array.collection.count > 2 { array.remove(at: 1) }
      array.insert(value + 1, at: 0)
    }
    model.append(value)
    if model.count > 2 { model.remove(at: 1) }
    model.insert(value + 1, at: 0)
  case 7:
    var replaced = model
    if !replaced.isEmpty { replaced.remove(at: Int.random(in: 0..<replaced.count, using: &rng)) }
    replaced.insert(value, at: Int.random(in: 0...replaced.count, using: &rng))
    array.replace(with: replaced, performDiff: true)
    model = replaced
  default:
    // A reload crosses with its collection and restarts the rebuilding.
    let reloaded = (0..<Int.random(in: 0..<20, using: &rng)).map { _ in Int.random(in: 0..<1_000, using: &rng) }
    array.replace(with: reloaded, performDiff: false)
    model = reloaded
  }
  expected.append(model)
}

/// The binding half of `testChangesetsWaitingForAMainQueueBindingDoNotMakeMutationsCopy`, on the
/// main actor.
@MainActor
private func checkMainQueueBindings() {
  let array = MutableObservableArray(BackgroundMutationScript.initialArray())
  let setterSink = ChangesetSink()
  let bondSink = ChangesetSink()
  let contextSink = LockedSink()
  let bag = DisposeBag()
  array.bind(to: setterSink) { sink, changeset in sink.changesets.append(changeset) }.dispose(in: bag)
  array.bind(to: Bond(target: bondSink) { sink, changeset in sink.changesets.append(changeset) }).dispose(in: bag)
  array.bind(to: contextSink, context: .immediateOnMain) { sink, changeset in
    sink.changesets.withLock { $0.append(changeset) }
  }.dispose(in: bag)
  let buffers = BackgroundMutationScript.runOnBackgroundThread(
    insert: { array.insert($0, at: $1) }, append: { array.append($0) }, remove: { array.remove(at: $0) },
    bufferAddress: { bufferAddress(array) })
  // Every changeset but the reload is still waiting for the main queue.
  XCTAssertEqual(setterSink.changesets.count, 1)
  drainMainQueue()
  bag.dispose()
  let expected = BackgroundMutationScript.expectedCollections()
  for changesets in [setterSink.changesets, bondSink.changesets, contextSink.changesets.withLock { $0 }] {
    XCTAssertEqual(changesets.map(\.collection), expected)
    assertConsistentSequence(changesets)
  }
  // One copy away from each binding's reload (which shares the first buffer), then growth; a
  // copy per waiting changeset would make hundreds.
  XCTAssertLessThanOrEqual(buffers.count, 6, "waiting changesets made the producer copy the array")
}

/// Issue 24, item 3: a changeset of an array container waiting in a binding's main-queue hop or in
/// `receive(on:)` holds only its change, so a producer running ahead of the consumer does not copy
/// the array at every mutation, and the consumer still receives every changeset, in order, with
/// its collection exactly as it was after that mutation.
final class HopDetachingTests: XCTestCase {
  /// 300 mutations from a background thread while the main queue is held back (this test runs on
  /// it), observed through `bind(to:setter:)` and through a `Bond`.
  func testChangesetsWaitingForAMainQueueBindingDoNotMakeMutationsCopy() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated { checkMainQueueBindings() }
  }

  /// 300 mutations while `receive(on:)`'s queue is held back by a blocked action.
  func testChangesetsWaitingInReceiveOnDoNotMakeMutationsCopy() {
    var initial = Array(0..<1_000)
    initial.reserveCapacity(4_000)
    let array = MutableObservableArray(initial)
    initial = []
    let queue = DispatchQueue(label: "receive-on")
    let delivered = Locked<[OrderedCollectionChangeset<[Int]>]>([])
    let observation = array.receive(on: queue).observeNext { changeset in delivered.withLock { $0.append(changeset) } }
    let release = DispatchSemaphore(value: 0)
    queue.async { release.wait() }
    var buffers = Set<UInt>()
    var model = Array(0..<1_000)
    var expected = [model]
    for value in 0..<300 {
      array.append(value)
      model.append(value)
      expected.append(model)
      if value.isMultiple(of: 4) {
        array.remove(at: value % 13)
        model.remove(at: value % 13)
        expected.append(model)
      }
      buffers.insert(bufferAddress(array))
    }
    release.signal()
    queue.sync {}
    observation.dispose()
    let changesets = delivered.withLock { $0 }
    XCTAssertEqual(changesets.map(\.collection), expected)
    assertConsistentSequence(changesets)
    XCTAssertLessThanOrEqual(buffers.count, 4, "changesets waiting in receive(on:) made mutations copy the array")
  }

  /// Seeded random mutations (every kind, reloads included) made while the queue of
  /// `receive(on:)`, of a second `receive(on:)` after it, and of `observeNextOnMain` after that,
  /// are held back: every hop delivers every changeset in order, each one replaying the previous
  /// collection into exactly the collection after its mutation.
  func testRandomMutationsThroughChainedHopsAreDeliveredExactly() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    withSeeds(0..<20) { seed, rng in
      let array = MutableObservableArray((0..<50).map { $0 * 3 })
      let first = DispatchQueue(label: "first")
      let second = DispatchQueue(label: "second")
      let hopped = Locked<[OrderedCollectionChangeset<[Int]>]>([])
      let onMain = Locked<[OrderedCollectionChangeset<[Int]>]>([])
      let bag = DisposeBag()
      array.receive(on: first).observeNext { changeset in hopped.withLock { $0.append(changeset) } }.dispose(in: bag)
      array.receive(on: first).receive(on: second).observeNextOnMain { changeset in
        onMain.withLock { $0.append(changeset) }
      }.dispose(in: bag)
      let release = DispatchSemaphore(value: 0)
      first.async { release.wait() }
      var model = array.collection
      var expected = [model]
      for _ in 0..<150 {
        mutateRandomly(array, &model, &expected, using: &rng)
      }
      release.signal()
      first.sync {}
      second.sync {}
      drainMainQueue()
      bag.dispose()
      for changesets in [hopped.withLock { $0 }, onMain.withLock { $0 }] {
        XCTAssertEqual(changesets.map(\.collection), expected, "seed \(seed)")
        assertConsistentSequence(changesets, "seed \(seed)")
      }
    }
  }

  /// 300 mutations while `receiveCoalesced(on:)`'s queue is held back by a blocked action: the
  /// buffered changesets hold only their change (issue 24: it carried them whole before).
  func testChangesetsWaitingInReceiveCoalescedDoNotMakeMutationsCopy() {
    var initial = Array(0..<1_000)
    initial.reserveCapacity(4_000)
    let array = MutableObservableArray(initial)
    initial = []
    let queue = DispatchQueue(label: "receive-coalesced")
    let delivered = Locked<[OrderedCollectionChangeset<[Int]>]>([])
    let observation = array.receiveCoalesced(on: queue).observeNext { changeset in
      delivered.withLock { $0.append(changeset) }
    }
    let release = DispatchSemaphore(value: 0)
    queue.async { release.wait() }
    var buffers = Set<UInt>()
    var model = Array(0..<1_000)
    var expected = [model]
    for value in 0..<300 {
      array.insert(value, at: value % 17)
      model.insert(value, at: value % 17)
      expected.append(model)
      if value.isMultiple(of: 4) {
        array.remove(at: value % 13)
        model.remove(at: value % 13)
        expected.append(model)
      }
      buffers.insert(bufferAddress(array))
    }
    release.signal()
    // The drain may linger once more before going idle.
    queue.sync {}
    queue.sync {}
    observation.dispose()
    let changesets = delivered.withLock { $0 }
    XCTAssertEqual(changesets.map(\.collection), expected)
    assertConsistentSequence(changesets)
    XCTAssertLessThanOrEqual(
      buffers.count, 4, "changesets waiting in receiveCoalesced(on:) made mutations copy the array")
  }

  /// Seeded random mutations (every kind, reloads included) while `receiveCoalesced(on:)` hops,
  /// alone, after `receive(on:)`, and before `observeNextOnMain`, are held back: every hop
  /// delivers every changeset in order, each one replaying the previous collection into exactly
  /// the collection after its mutation.
  func testRandomMutationsThroughCoalescedHopsAreDeliveredExactly() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    silenceTetherWarnings()  // random values repeat, and `replace(with:performDiff:)` diffs them
    withSeeds(0..<20) { seed, rng in
      let array = MutableObservableArray((0..<50).map { $0 * 3 })
      let first = DispatchQueue(label: "first")
      let second = DispatchQueue(label: "second")
      let coalesced = Locked<[OrderedCollectionChangeset<[Int]>]>([])
      let chained = Locked<[OrderedCollectionChangeset<[Int]>]>([])
      let onMain = Locked<[OrderedCollectionChangeset<[Int]>]>([])
      let bag = DisposeBag()
      array.receiveCoalesced(on: first).observeNext { changeset in
        coalesced.withLock { $0.append(changeset) }
      }.dispose(in: bag)
      array.receive(on: first).receiveCoalesced(on: second).observeNext { changeset in
        chained.withLock { $0.append(changeset) }
      }.dispose(in: bag)
      array.receiveCoalesced(on: second).observeNextOnMain { changeset in
        onMain.withLock { $0.append(changeset) }
      }.dispose(in: bag)
      let release = DispatchSemaphore(value: 0)
      first.async { release.wait() }
      second.async { release.wait() }
      var model = array.collection
      var expected = [model]
      for _ in 0..<150 {
        mutateRandomly(array, &model, &expected, using: &rng)
      }
      release.signal()
      release.signal()
      for _ in 0..<3 {
        first.sync {}
        second.sync {}
      }
      drainMainQueue()
      bag.dispose()
      for changesets in [coalesced.withLock { $0 }, chained.withLock { $0 }, onMain.withLock { $0 }] {
        XCTAssertEqual(changesets.map(\.collection), expected, "seed \(seed)")
        assertConsistentSequence(changesets, "seed \(seed)")
      }
    }
  }

  /// A signal derived from the container by an operator that changes its sequence is not
  /// detached (its changesets need not follow one another); it crosses the hop as it is.
  func testADerivedSignalCrossesTheHopWhole() {
    let array = MutableObservableArray([1, 2, 3])
    let queue = DispatchQueue(label: "derived")
    let delivered = Locked<[OrderedCollectionChangeset<[Int]>]>([])
    let observation = array.filter { !$0.isReload }.receive(on: queue).observeNext { changeset in
      delivered.withLock { $0.append(changeset) }
    }
    array.append(4)
    array.remove(at: 0)
    queue.sync {}
    observation.dispose()
    XCTAssertEqual(delivered.withLock { $0 }.map(\.collection), [[1, 2, 3, 4], [2, 3, 4]])
  }
}
