import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Sentences of ObservableCollections.md, Trees.md and ThreadingAndReentrancy.md about containers
/// that no other test pinned down.
final class ObservableCollectionsClaimsTests: XCTestCase {
  // ObservableCollections.md: "exposing one is an upcast, not a copy"; "`readOnlyView` ... returns the same upcast".
  func testTheReadOnlyViewOfEveryContainerIsTheContainerItself() {
    let array = MutableObservableArray([1])
    let samples = MutableObservableCollection<ContiguousArray<Double>>([0.5])
    let grid = MutableObservableArray2D(Array2D(sectionsWithItems: [("A", [1])]))
    let set = MutableObservableSet([1])
    let dictionary = MutableObservableDictionary(["a": 1])
    let tree = MutableObservableTreeArray(TreeArray([TreeNode(1)]))
    XCTAssertTrue(array.readOnlyView === array)
    XCTAssertTrue(samples.readOnlyView === samples)
    XCTAssertTrue(grid.readOnlyView === grid)
    XCTAssertTrue(set.readOnlyView === set)
    XCTAssertTrue(dictionary.readOnlyView === dictionary)
    XCTAssertTrue(tree.readOnlyView === tree)
    // So the view reads what the owner writes, at once, without copying or observing.
    array.append(2)
    XCTAssertEqual(array.readOnlyView.collection, [1, 2])
  }

  // ObservableCollections.md: "on sets and dictionaries `replace(with:)` diffs ... while on arrays and 2D arrays `replace(with:)` is a reload".
  func testReplaceDiffsSetsAndDictionariesButReloadsArrays2DArraysAndTreesByDefault() {
    let set = MutableObservableSet([1, 2, 3])
    let setLog = ChangesetLog(set)
    set.replace(with: [2, 3, 4])
    XCTAssertFalse(setLog.last.isReload)
    XCTAssertEqual(setLog.last.diff.inserts.count, 1)
    XCTAssertEqual(setLog.last.diff.deletes.count, 1)
    assertReplays(setLog.last, from: setLog.changesets[0].collection)

    let dictionary = MutableObservableDictionary(["a": 1, "b": 2])
    let dictionaryLog = ChangesetLog(dictionary)
    dictionary.replace(with: ["a": 1, "b": 3, "c": 4])
    XCTAssertFalse(dictionaryLog.last.isReload)
    XCTAssertEqual(dictionaryLog.last.diff.updates.count, 1)
    XCTAssertEqual(dictionaryLog.last.diff.inserts.count, 1)
    assertReplays(dictionaryLog.last, from: dictionaryLog.changesets[0].collection)

    let array = MutableObservableArray([1, 2, 3])
    let arrayLog = ChangesetLog(array)
    array.replace(with: [1, 2, 3, 4])
    XCTAssertTrue(arrayLog.last.isReload, "an array's replace(with:) is a reload even when one insert would do")

    let grid = MutableObservableArray2D(Array2D(sectionsWithItems: [("A", [1])]))
    let gridLog = ChangesetLog(grid)
    grid.replace(with: Array2D(sectionsWithItems: [("A", [1, 2])]))
    XCTAssertTrue(gridLog.last.isReload)

    // Trees.md: "`replace(with:)` emits a reload".
    let tree = MutableObservableTreeArray(TreeArray([TreeNode(1)]))
    let treeLog = ChangesetLog(tree)
    tree.replace(with: TreeArray([TreeNode(1), TreeNode(2)]))
    XCTAssertTrue(treeLog.last.isReload)
  }

  // ObservableCollections.md: "Set operations (`formUnion(_:)`, `subtract(_:)`) and dictionary ones (`merge(_:uniquingKeysWith:)`, `updateValue(_:forKey:)`) emit one changeset each".
  func testSetAndDictionaryBulkOperationsEmitOneChangesetEach() {
    let set = MutableObservableSet([1, 2])
    let setLog = ChangesetLog(set)
    set.formUnion([3, 4, 5])
    XCTAssertEqual(setLog.changes.count, 1)
    XCTAssertEqual(setLog.last.diff.inserts.count, 3)
    assertReplays(setLog.last, from: setLog.changesets[0].collection)
    set.subtract([1, 2, 3])
    XCTAssertEqual(setLog.changes.count, 2)
    XCTAssertEqual(setLog.last.diff.deletes.count, 3)
    assertReplays(setLog.last, from: setLog.changesets[1].collection)

    let dictionary = MutableObservableDictionary(["a": 1])
    let dictionaryLog = ChangesetLog(dictionary)
    dictionary.merge(["a": 2, "b": 3, "c": 4]) { _, new in new }
    XCTAssertEqual(dictionaryLog.changes.count, 1)
    XCTAssertEqual(dictionaryLog.last.diff.updates.count, 1)
    XCTAssertEqual(dictionaryLog.last.diff.inserts.count, 2)
    assertReplays(dictionaryLog.last, from: dictionaryLog.changesets[0].collection)
    dictionary.updateValue(5, forKey: "d")
    XCTAssertEqual(dictionaryLog.changes.count, 2)
  }

  // ObservableCollections.md: "with `true` the differences are computed on a snapshot, outside the lock (again if another thread mutated the container meanwhile)".
  func testADiffedReplacementDiffsAgainWhenTheContainerChangedDuringTheDiff() {
    let array = MutableObservableArray([1, 2, 3])
    let log = ChangesetLog(array)
    var diffs = 0
    var comparisons = 0
    array.replace(
      with: [3, 2, 1, 4], performDiff: true,
      identifiedBy: { element -> Int in
        if element == 4 { diffs += 1 }  // 4 is read once per diff, as a new identifier
        return element
      },
      isEqual: { lhs, rhs in
        comparisons += 1
        // Outside the lock: the container can be changed meanwhile (here once, by the same thread).
        if comparisons == 1 { array.append(9) }
        return lhs == rhs
      })
    XCTAssertEqual(diffs, 2, "the snapshot changed during the first diff, so it was diffed again")
    XCTAssertEqual(log.changesets.map(\.collection), [[1, 2, 3], [1, 2, 3, 9], [3, 2, 1, 4]])
    XCTAssertFalse(log.last.isReload)
    assertReplays(log.last, from: [1, 2, 3, 9])
    XCTAssertEqual(log.last.diff.deletes, [3], "the 9 appended meanwhile is deleted")
  }

  // ThreadingAndReentrancy.md: "A mutation made from another thread during a delivery behaves the same way: applied at once, delivered by the thread already delivering."
  func testAMutationFromAnotherThreadDuringADeliveryIsAppliedAtOnceAndDeliveredByTheDeliverer() {
    let array = MutableObservableArray([0])
    let delivered = Locked<[(collection: [Int], thread: String)]>([])
    let observerEntered = DispatchSemaphore(value: 0)
    let releaseObserver = DispatchSemaphore(value: 0)
    let delivererReturned = DispatchSemaphore(value: 0)
    let observation = array.observeNext { changeset in
      delivered.withLock { $0.append((changeset.collection, "\(Thread.current)")) }
      if changeset.collection == [0, 1] {
        observerEntered.signal()
        releaseObserver.wait()
      }
    }
    let delivererThread = Locked("")
    DispatchQueue.global().async {
      delivererThread.withLock { $0 = "\(Thread.current)" }
      array.append(1)
      delivererReturned.signal()
    }
    XCTAssertEqual(observerEntered.wait(timeout: .now() + 10), .success)
    let mutatorReturned = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      array.append(2)
      mutatorReturned.signal()
    }
    XCTAssertEqual(mutatorReturned.wait(timeout: .now() + 10), .success, "the mutator waited for the busy observer")
    XCTAssertEqual(array.collection, [0, 1, 2], "applied at once")
    XCTAssertEqual(delivered.withLock { $0.map(\.collection) }, [[0], [0, 1]], "not delivered yet")
    releaseObserver.signal()
    XCTAssertEqual(delivererReturned.wait(timeout: .now() + 10), .success)
    let all = delivered.withLock { $0 }
    XCTAssertEqual(all.map(\.collection), [[0], [0, 1], [0, 1, 2]])
    XCTAssertEqual(all.last?.thread, delivererThread.withLock { $0 }, "delivered by the thread already delivering")
    observation.dispose()
  }

  // ThreadingAndReentrancy.md: "`waitUntilDelivered()` ... returns at once when nothing is being delivered".
  func testWaitUntilDeliveredReturnsAtOnceWhenNothingIsBeingDelivered() async {
    let array = MutableObservableArray([1])
    let bins = Locked<[[Int]]>([])
    let observation = array.observeNext { changeset in bins.withLock { $0.append(changeset.collection) } }
    array.append(2)
    // Nothing is delivering (the append delivered on this thread before returning): neither form
    // blocks, and everything already sent has arrived.
    waitSynchronously(for: array)
    await array.waitUntilDelivered()
    XCTAssertEqual(bins.withLock { $0 }, [[1], [1, 2]])
    observation.dispose()
  }

  // Changesets.md: TetherLogger's "Handlers run on the reporting thread and never while a Tether lock is held."
  // A handler that reads the container it is reporting about would trap (re-entrant access) if it
  // ran under that container's lock.
  func testDiffWarningsOfADiffedReplacementAreReportedOutsideTheContainersLock() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    let array = MutableObservableArray(["a", "a", "b"])
    let grid = MutableObservableArray2D(Array2D(sectionsWithItems: [("A", ["x", "x"])]))
    let tree = MutableObservableTreeArray(TreeArray([TreeNode("n"), TreeNode("n")]))
    let reports = Locked<[String]>([])
    let previous = TetherLogger.shared
    defer { TetherLogger.shared = previous }
    TetherLogger.shared = TetherLogger(warn: { _, _, _ in
      let counts = "\(array.collection.count) \(grid.collection.numberOfSections) \(tree.collection.children.count)"
      reports.withLock { $0.append(Thread.isMainThread ? counts : "another thread") }
    })
    array.replace(with: ["b", "a", "a", "a"], performDiff: true)
    grid.replace(with: Array2D(sectionsWithItems: [("A", ["x", "x", "x"])]), performDiff: true)
    tree.replace(with: TreeArray([TreeNode("n"), TreeNode("n"), TreeNode("n")]), performDiff: true)
    XCTAssertEqual(
      reports.withLock { $0 }, ["3 1 2", "4 1 2", "4 1 2"], "one report per diff, on this thread, before each change")
  }

  private func waitSynchronously(for array: MutableObservableArray<Int>) {
    array.waitUntilDelivered()
  }

  // ThreadingAndReentrancy.md: "it traps when called on the thread delivering that container".
  func testWaitUntilDeliveredFromInsideAnObserverOfTheDeliveringContainerTraps() throws {
    let outcome = try ChildProcessTrap.run(
      "container.waitUntilDelivered.insideObserver",
      test: "TetherCollectionsTests.WaitUntilDeliveredTrapScenario/testRunTheRequestedScenario")
    XCTAssertTrue(outcome.trapped, "did not trap:\n\(outcome.output)")
    XCTAssertTrue(outcome.output.contains("scenario started"), outcome.output)
    XCTAssertTrue(
      outcome.output.contains(
        "waitUntilDelivered() called on the thread delivering this container (from inside its observer)"),
      outcome.output)
    XCTAssertFalse(outcome.output.contains("did not trap"), outcome.output)
  }
}

/// ThreadingAndReentrancy.md: "Called from inside an observer of another container, or a callback
/// of a subject or property, it waits" (issue 25: it used to trap there, saying the observer held up
/// the delivery it waited for, which was not true).
final class WaitUntilDeliveredAcrossDeliveriesTests: XCTestCase {
  func testAnObserverOfAnotherContainerWaitsForTheDeliveryOnAnotherThread() {
    let other = MutableObservableArray([0])
    let observation = other.observeNext { changeset in
      guard !changeset.isReload else { return }
      Self.waitForBusyContainer()
    }
    other.append(1)  // this thread delivers `other`; its observer waits for a container busy elsewhere
    observation.dispose()
  }

  func testASubjectsCallbackWaitsForAContainersDeliveryOnAnotherThread() {
    let subject = PassthroughSubject<Int, Never>()
    let observation = subject.observeNext { _ in Self.waitForBusyContainer() }
    subject.send(1)  // this thread delivers the subject; its callback waits for a container busy elsewhere
    observation.dispose()
  }

  func testAContainersObserverWaitsForASubjectsDeliveryOnAnotherThread() {
    let busy = PassthroughSubject<Int, Never>()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let delivered = Locked<[Int]>([])
    let busyObservation = busy.observeNext { value in
      entered.signal()
      release.wait()
      delivered.withLock { $0.append(value) }
    }
    let senderReturned = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      busy.send(1)
      senderReturned.signal()
    }
    XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)
    let seen = Locked<[Int]?>(nil)
    let container = MutableObservableArray([0])
    let observation = container.observeNext { changeset in
      guard !changeset.isReload else { return }
      DispatchQueue.global().async { release.signal() }
      busy.waitUntilDelivered()
      seen.withLock { $0 = delivered.withLock { $0 } }
    }
    container.append(1)
    XCTAssertEqual(seen.withLock { $0 }, [1], "the wait returned once the subject's event was delivered")
    XCTAssertEqual(senderReturned.wait(timeout: .now() + 10), .success)
    observation.dispose()
    busyObservation.dispose()
  }

  /// From inside a delivery on this thread: makes another thread deliver a container and stay in
  /// its observer, releases it from a third thread, waits for that container and checks that the
  /// wait returned once its changeset had been delivered (not at once, and without trapping).
  private static func waitForBusyContainer() {
    let busy = MutableObservableArray([0])
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let delivered = Locked<[[Int]]>([])
    let busyObservation = busy.observeNext { changeset in
      guard !changeset.isReload else { return }
      entered.signal()
      release.wait()
      delivered.withLock { $0.append(changeset.collection) }
    }
    let mutatorReturned = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      busy.append(1)
      mutatorReturned.signal()
    }
    XCTAssertEqual(entered.wait(timeout: .now() + 10), .success, "the other thread is inside busy's observer")
    // Released from a third thread, usually once this thread waits (if earlier, the wait finds
    // the delivery over or about to end; either way it must return only after it).
    DispatchQueue.global().async { release.signal() }
    busy.waitUntilDelivered()
    XCTAssertEqual(delivered.withLock { $0 }, [[0, 1]], "the wait returned once busy's changeset was delivered")
    XCTAssertEqual(mutatorReturned.wait(timeout: .now() + 10), .success)
    busyObservation.dispose()
  }
}

/// The scenario run only in the child process that
/// ``ObservableCollectionsClaimsTests/testWaitUntilDeliveredFromInsideAnObserverOfTheDeliveringContainerTraps()``
/// starts.
final class WaitUntilDeliveredTrapScenario: XCTestCase {
  func testRunTheRequestedScenario() throws {
    guard ChildProcessTrap.requestedScenario == "container.waitUntilDelivered.insideObserver" else {
      throw XCTSkip("runs only as a child of ObservableCollectionsClaimsTests")
    }
    ChildProcessTrap.say("scenario started")
    let array = MutableObservableArray([1])
    let observation = array.observeNext { changeset in
      if !changeset.isReload { array.waitUntilDelivered() }
    }
    array.append(2)
    ChildProcessTrap.say("scenario did not trap")
    observation.dispose()
  }
}

/// Which forms a container's changesets are made with, read from their JSON, which "carries only
/// the forms it was made with" (Changesets.md).
final class ContainerChangesetFormsTests: XCTestCase {
  private func madeWith(_ changeset: OrderedCollectionChangeset<[String]>) throws -> String {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(changeset)) as? [String: Any]
    return try XCTUnwrap(object?["type"] as? String)
  }

  // Changesets.md: "A container that mutates an array knows both forms and passes both to `init(collection:patch:diff:)`, so nothing is derived at all."
  func testASingleArrayMutationCarriesBothFormsFromTheStart() throws {
    let letters = MutableObservableArray(["a", "b", "c"])
    let log = ChangesetLog(letters)
    letters.append("d")
    letters.remove(at: 0)
    letters.insert("x", at: 1)
    letters[0] = "B"
    letters.move(from: 0, to: 2)
    XCTAssertEqual(try madeWith(log.changesets[0]), "reload")
    for changeset in log.changes {
      XCTAssertEqual(try madeWith(changeset), "patchAndDiff", "\(changeset)")
    }
  }

  // GettingStarted.md: "A changeset made from one form derives the other the first time it is read, and caches it; a batch, for example, records only its patch."
  func testABatchRecordsOnlyItsPatch() throws {
    let letters = MutableObservableArray(["a", "b", "c"])
    let log = ChangesetLog(letters)
    letters.batchUpdate { batch in
      batch.insert("x", at: 1)
      batch.remove(at: 3)
    }
    XCTAssertEqual(try madeWith(log.last), "patch")
    XCTAssertEqual(log.last.diff, OrderedCollectionDiff(inserts: [1], deletes: [2]))
    XCTAssertEqual(try madeWith(log.last), "patch", "the derived diff is cached, not made a form of its own")
  }
}
