import Dispatch
import Foundation
import Tether
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class DeinitMarker: Sendable {}

/// The delivery engine of the observable containers (and bins) under contention, meant for
/// `--sanitize=thread`: disposal racing a delivery, everything delivered once the senders have
/// returned, the hand-over of a flooded deliverer, the bound on queued changesets, and waiting.
final class ContainerDeliveryStressTests: XCTestCase {
  // MARK: Disposal

  /// Issue 15, item 1: `dispose()` used to write the observer slots while a delivering
  /// `batchUpdate` on another thread iterated them (a ThreadSanitizer report). Also checks that
  /// no callback starts after `dispose()` returned (issue 18, item 5).
  func testDisposeRacingADeliveringBatchUpdate() {
    let numbers = MutableObservableArray<Int>([])
    let lateCallbacks = AtomicInt(0)
    // Observers that come and go around the raced one, so removals move slots during deliveries.
    var bystanders: [any Disposable] = (0..<8).map { _ in numbers.observeNext { _ in } }
    for round in 0..<1_000 {
      let disposed = AtomicBool(false)
      let observation = numbers.observeNext { _ in
        if disposed.load(ordering: .acquiring) { lateCallbacks.add(1, ordering: .relaxed) }
      }
      if round % 3 == 0 {
        bystanders.removeFirst().dispose()
        bystanders.append(numbers.observeNext { _ in })
      }
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        if thread == 0 {
          numbers.batchUpdate { batch in
            batch.append(round)
            batch.append(-round)
          }
        } else {
          observation.dispose()
          disposed.store(true, ordering: .releasing)
        }
      }
    }
    bystanders.forEach { $0.dispose() }
    XCTAssertEqual(lateCallbacks.load(ordering: .relaxed), 0, "callbacks started after dispose() returned")
    XCTAssertEqual(numbers.collection.count, 2_000)
  }

  /// Issue 18, item 5: once `dispose()` has returned on one thread, no callback to that observer
  /// starts, even while another thread keeps mutating; for a container and for `filterCollection`.
  func testNoCallbackStartsAfterDisposeReturned() {
    let numbers = MutableObservableArray<Int>([])
    let stopMutating = keepMutating(numbers)
    let lateCallbacks = AtomicInt(0)
    for round in 0..<600 {
      let disposed = AtomicBool(false)
      let delivered = AtomicInt(0)
      let callback: @Sendable () -> Void = {
        if disposed.load(ordering: .acquiring) { lateCallbacks.add(1, ordering: .relaxed) }
        delivered.add(1, ordering: .relaxed)
      }
      let observation =
        round.isMultiple(of: 2)
        ? numbers.observeNext { _ in callback() }
        : numbers.filterCollection { $0 % 2 == 0 }.observeNext { _ in callback() }
      var spins = 0
      while delivered.load(ordering: .relaxed) < 2, spins < 1_000 {
        spins += 1
        sched_yield()
      }
      observation.dispose()
      disposed.store(true, ordering: .releasing)
    }
    XCTAssertEqual(stopMutating(), .success)
    XCTAssertEqual(lateCallbacks.load(ordering: .relaxed), 0, "callbacks started after dispose() returned")
  }

  /// Observations made while another thread keeps delivering (so their joins wait in the queue)
  /// and disposed at once: the deliverer, reaching a join, finds it disposed and ends it; the
  /// disposer, finding nobody delivering any more, must not end it a second time. Both released
  /// the observer, racing (a ThreadSanitizer report; a double release without the sanitizer).
  func testObservationsDisposedWhileTheirJoinsAreQueuedAreEndedOnce() {
    let numbers = MutableObservableArray<Int>([])
    let stopMutating = keepMutating(numbers)
    // A join still queued when `dispose()` returns is ended when the deliverer reaches it.
    var markers: [() -> DeinitMarker?] = []
    for _ in 0..<1_000 {
      let marker = DeinitMarker()
      weak let weakMarker = marker
      markers.append { weakMarker }
      numbers.observeNext { _ in withExtendedLifetime(marker) {} }.dispose()
    }
    XCTAssertEqual(stopMutating(), .success)
    XCTAssertEqual(markers.filter { $0() != nil }.count, 0, "disposed observations keep their observers")
  }

  /// Observations disposed on this thread while another mutates their container and then lets go
  /// of it (so it completes there): the completion takes them all out of the list, so its
  /// deliverer ends each one, disposed or not, and a disposer (finding it unregistered) ends none.
  /// One disposed while the completion was being delivered used to be ended by nobody and kept
  /// its observer.
  func testObservationsDisposedWhileTheirContainerCompletesAreEndedOnce() {
    var markers: [() -> DeinitMarker?] = []
    var kept: [any Disposable] = []
    for _ in 0..<300 {
      let box = Shared<MutableObservableArray<Int>?>(MutableObservableArray([]))
      var round: [any Disposable] = []
      for _ in 0..<8 {
        let marker = DeinitMarker()
        weak let weakMarker = marker
        markers.append { weakMarker }
        let array = box.withLock { $0! }
        round.append(
          array.observe { _ in
            var value = 0
            for step in 0..<100 { value = value &* 31 &+ step }
            withExtendedLifetime((marker, value)) {}
          })
      }
      let mutator = DispatchGroup()
      DispatchQueue.global().async(group: mutator) {
        let array = box.withLock { $0.take() }!
        for value in 0..<4 { array.append(value) }
        // The last reference goes when this returns: the container completes on this thread.
      }
      for disposable in round.reversed() { disposable.dispose() }
      XCTAssertEqual(mutator.wait(timeout: .now() + 60), .success)
      kept += round  // an ended observation must not need its disposable to go
    }
    XCTAssertEqual(markers.filter { $0() != nil }.count, 0, "ended observations keep their observers")
    withExtendedLifetime(kept) {}
  }

  // MARK: Everything delivered once the senders have returned

  /// Issue 15, item 2: with eight threads mutating faster than a slow observer consumes (so that
  /// deliverers spend their budget and hand over), a synchronous observer holds the final state as
  /// soon as every mutating thread has returned, for every kind of container and for bins.
  func testEverythingIsDeliveredOnceEverySenderHasReturned() {
    let threads = 8
    let array = MutableObservableArray<Int>([])
    assertDeliveredWhenSendersReturn(array, threads: threads, mutations: 800) { thread, step in
      array.append(thread * 100_000 + step)
    }
    let set = MutableObservableSet<Int>([])
    assertDeliveredWhenSendersReturn(set, threads: threads, mutations: 600) { thread, step in
      set.insert(thread * 100_000 + step)
    }
    let dictionary = MutableObservableDictionary<Int, Int>([:])
    assertDeliveredWhenSendersReturn(dictionary, threads: threads, mutations: 600) { thread, step in
      dictionary[thread * 100_000 + step % 50] = step
    }
    let grid = MutableObservableArray2D<Int, Int>(
      Array2D(sections: (0..<threads).map { .init(metadata: $0, items: []) }))
    assertDeliveredWhenSendersReturn(grid, threads: threads, mutations: 600) { thread, step in
      grid.appendItem(step, toSectionAt: thread)
    }
    let tree = MutableObservableTreeArray<Int>([])
    assertDeliveredWhenSendersReturn(tree, threads: threads, mutations: 400) { thread, step in
      tree.append(TreeNode(thread * 100_000 + step))
    }
    let bins = ObservableDiffCollection<StressBinItem, Int>(
      filters: [
        DiffCollectionFilter(name: "even") { $0.value % 2 == 0 },
        DiffCollectionFilter(name: "odd") { _ in true },
      ],
      sortedBy: { $0.value < $1.value })
    let binsLast = LastValue<Array2D<String, StressBinItem>>()
    let binsObservation = bins.observeNext { changeset in
      binsLast.set(changeset.collection)
      slowDown()
    }
    runConcurrently(threads: threads) { thread in
      for step in 0..<1_500 {
        bins.update(element: StressBinItem(id: thread * 1_000 + step % 100, value: step))
      }
    }
    XCTAssertEqual(binsLast.get(), bins.collection, "bins: an observer was behind when every sender had returned")
    binsObservation.dispose()
  }

  // MARK: Hand-over and the memory bound

  /// Issue 18, item 3: a thread that becomes the deliverer while other threads keep mutating
  /// faster than its observer consumes returns after a bounded number of their changesets (it
  /// hands delivery over to one of them), and delivery stays in order and without overlap.
  func testAFloodedDelivererHandsOverAndReturns() {
    let floods = 3
    // Each flood thread writes increasing values into its own element; the main thread uses the last.
    let values = MutableObservableArray<Int>(Array(repeating: 0, count: floods + 1))
    let inCallback = AtomicInt(0)
    let overlaps = AtomicInt(0)
    let outOfOrder = AtomicInt(0)
    let started = AtomicBool(false)
    let floodsSending = AtomicInt(0)
    let seen = LastValue<[Int]>()
    let observation = values.observeNext { changeset in
      if inCallback.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
      let previous = seen.get() ?? changeset.collection
      if zip(previous, changeset.collection).contains(where: { $0 > $1 }) { outOfOrder.add(1, ordering: .relaxed) }
      seen.set(changeset.collection)
      if changeset.collection[floods] == 1 {
        // This thread is the deliverer now: let the floods queue changesets behind it.
        started.store(true, ordering: .releasing)
        while floodsSending.load(ordering: .acquiring) < 1 { sched_yield() }
      }
      // A slow observer: the floods produce faster than it consumes.
      for _ in 0..<3_000 { _ = inCallback.load(ordering: .relaxed) }
      inCallback.subtract(1, ordering: .acquiringAndReleasing)
    }
    let firstReturned = AtomicBool(false)
    let cappedBeforeReturn = AtomicInt(0)
    let group = DispatchGroup()
    for flood in 0..<floods {
      DispatchQueue.global().async(group: group) {
        while !started.load(ordering: .acquiring) { sched_yield() }
        var sent = 0
        while !firstReturned.load(ordering: .acquiring) {
          sent += 1
          values[flood] = sent
          if sent == 1 { floodsSending.add(1, ordering: .releasing) }
          if sent == 20_000 {
            cappedBeforeReturn.add(1, ordering: .relaxed)
            return
          }
        }
      }
    }
    values[floods] = 1
    firstReturned.store(true, ordering: .releasing)
    XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
    values.waitUntilDelivered()
    XCTAssertEqual(
      cappedBeforeReturn.load(ordering: .relaxed), 0, "a mutation was held by other threads' changesets")
    XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
    XCTAssertEqual(outOfOrder.load(ordering: .relaxed), 0, "a thread's changesets arrived out of order")
    XCTAssertEqual(seen.get(), values.collection)
    observation.dispose()
  }

  /// Issue 18, item 3: while an observer cannot keep up, mutating threads wait for room instead
  /// of queueing a snapshot per mutation without bound; once it resumes, every changeset is
  /// delivered in order and replays from the previous one.
  func testQueuedChangesetsStayBoundedUnderASlowObserver() {
    let numbers = MutableObservableArray<Int>([])
    let gate = DispatchSemaphore(value: 0)
    let log = ChangesetLog<OrderedCollectionChangeset<[Int]>>()
    let observation = numbers.observeNext { changeset in
      if !changeset.isReload, changeset.collection.count == 1 { gate.wait() }
      log.append(changeset)
    }
    let appended = AtomicInt(0)
    let producers = 4
    let perProducer = 500
    let group = DispatchGroup()
    for producer in 0..<producers {
      DispatchQueue.global().async(group: group) {
        for step in 0..<perProducer {
          numbers.append(producer * perProducer + step)
          appended.add(1, ordering: .relaxed)
        }
      }
    }
    // Give the producers every chance to run ahead of the blocked observer.
    var spins = 0
    while appended.load(ordering: .relaxed) < producers * perProducer, spins < 5_000 {
      spins += 1
      sched_yield()
    }
    let ahead = appended.load(ordering: .relaxed)
    // 256 queued changesets, the one being delivered, and at most one per producer in flight.
    XCTAssertLessThanOrEqual(ahead, 256 + 1 + producers, "mutations ran ahead of the observer without bound")
    gate.signal()
    XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
    numbers.waitUntilDelivered()
    let changesets = log.all
    XCTAssertEqual(changesets.count, 1 + producers * perProducer)
    var previous: [Int] = []
    for (index, changeset) in changesets.enumerated() {
      assertReplays(changeset, from: previous, "changeset \(index)")
      previous = changeset.collection
    }
    XCTAssertEqual(previous, numbers.collection)
    observation.dispose()
  }

  // MARK: Waiting

  /// Issue 18, item 8: `waitUntilDelivered()` returns only once the changesets queued before it
  /// have reached the observers (here behind an observer blocked on another thread), in both the
  /// blocking and the async form.
  func testWaitUntilDeliveredWaitsForQueuedChangesets() async {
    let numbers = MutableObservableArray<Int>([])
    let bins = ObservableDiffCollection<StressBinItem, Int>(
      filters: [DiffCollectionFilter(name: "all") { _ in true }], sortedBy: { $0.value < $1.value })
    let gate = DispatchSemaphore(value: 0)
    let arrayLast = LastValue<[Int]>()
    let binsLast = LastValue<Array2D<String, StressBinItem>>()
    // Each observer says when it blocks, so the test mutates only once both deliverers are held.
    let arrayBlocked = AtomicBool(false)
    let binsBlocked = AtomicBool(false)
    let arrayObservation = numbers.observeNext { changeset in
      if changeset.collection == [1] {
        arrayBlocked.store(true, ordering: .releasing)
        gate.wait()
      }
      arrayLast.set(changeset.collection)
    }
    let binsObservation = bins.observeNext { changeset in
      if changeset.collection.numberOfItems(inSection: 0) == 1 {
        binsBlocked.store(true, ordering: .releasing)
        gate.wait()
      }
      binsLast.set(changeset.collection)
    }
    let blocked = DispatchGroup()
    DispatchQueue.global().async(group: blocked) { numbers.append(1) }
    DispatchQueue.global().async(group: blocked) { bins.update(element: StressBinItem(id: 1, value: 1)) }
    while !arrayBlocked.load(ordering: .acquiring) || !binsBlocked.load(ordering: .acquiring) { sched_yield() }
    // Both deliverers are blocked inside their observers; these mutations are queued behind them.
    numbers.append(2)
    bins.update(element: StressBinItem(id: 2, value: 2))
    let waited = AtomicBool(false)
    let waiter = DispatchGroup()
    DispatchQueue.global().async(group: waiter) {
      numbers.waitUntilDelivered()
      bins.waitUntilDelivered()
      waited.store(true, ordering: .releasing)
    }
    var spins = 0
    while spins < 10_000 {
      spins += 1
      sched_yield()
    }
    XCTAssertFalse(waited.load(ordering: .acquiring), "waitUntilDelivered() returned before the delivery")
    gate.signal()
    gate.signal()
    await numbers.waitUntilDelivered()
    await bins.waitUntilDelivered()
    XCTAssertEqual(arrayLast.get(), [1, 2])
    XCTAssertEqual(binsLast.get()?.numberOfItems(inSection: 0), 2)
    XCTAssertEqual(waiter.wait(timeout: .now() + 30), .success)
    XCTAssertTrue(waited.load(ordering: .acquiring))
    XCTAssertEqual(blocked.wait(timeout: .now() + 30), .success)
    arrayObservation.dispose()
    binsObservation.dispose()
  }

  // MARK: Helpers

  private func assertDeliveredWhenSendersReturn<Changeset: ObservableContainerChangeset>(
    _ container: ObservableContainer<Changeset>,
    threads: Int,
    mutations: Int,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ mutate: @escaping @Sendable (_ thread: Int, _ step: Int) -> Void
  ) where Changeset.Collection: Equatable {
    let last = LastValue<Changeset.Collection>()
    let observation = container.observeNext { changeset in
      last.set(changeset.collection)
      slowDown()
    }
    runConcurrently(threads: threads) { thread in
      for step in 0..<mutations { mutate(thread, step) }
    }
    XCTAssertEqual(
      last.get(),
      container.collection,
      "\(Changeset.self): an observer was behind when every sender had returned",
      file: file,
      line: line)
    observation.dispose()
  }

  private func runConcurrently(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for thread in 0..<threads {
      DispatchQueue.global().async(group: group) { body(thread) }
    }
    XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
  }
}

/// A few microseconds of work, so that mutating threads outpace an observer.
private func slowDown() {
  let counter = AtomicInt(0)
  for _ in 0..<2_000 { counter.add(1, ordering: .relaxed) }
}

/// The last value an observer stored, readable from the test's thread.
private final class LastValue<Value>: @unchecked Sendable {
  // Safe: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value: Value?

  func set(_ newValue: Value) {
    lock.withLock { value = newValue }
  }

  func get() -> Value? {
    lock.withLock { value }
  }
}

/// Every changeset an observer received, in order.
private final class ChangesetLog<Changeset>: @unchecked Sendable {
  // Safe: `changesets` is only touched while holding `lock`.
  private let lock = NSLock()
  private var changesets: [Changeset] = []

  func append(_ changeset: Changeset) {
    lock.withLock { changesets.append(changeset) }
  }

  var all: [Changeset] {
    lock.withLock { changesets }
  }
}

private struct StressBinItem: Equatable, Sendable, Identifiable {
  let id: Int
  let value: Int
}

/// Appends to `numbers` on another thread, emptying it every 64 appends, until the returned
/// function is called; that function waits for the thread to stop.
private func keepMutating(_ numbers: MutableObservableArray<Int>) -> () -> DispatchTimeoutResult {
  let running = AtomicBool(true)
  let mutator = DispatchGroup()
  DispatchQueue.global().async(group: mutator) {
    var value = 0
    while running.load(ordering: .relaxed) {
      numbers.append(value)
      value += 1
      if value % 64 == 0 { numbers.removeAll() }
    }
  }
  return {
    running.store(false, ordering: .relaxed)
    return mutator.wait(timeout: .now() + 60)
  }
}
