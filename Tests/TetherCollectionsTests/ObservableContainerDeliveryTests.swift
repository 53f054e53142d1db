import TetherChangesets
import TetherCollections
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// The delivery rules every container shares (they all run on one core): reload first, one
/// changeset per mutation, re-entrant mutations after the current delivery, snapshots, completion.
final class ObservableContainerDeliveryTests: XCTestCase {
  func testEveryObserverGetsAReloadThenEachChange() {
    let array = MutableObservableArray([1])
    let first = ChangesetLog(array)
    array.append(2)
    let second = ChangesetLog(array)
    array.append(3)
    XCTAssertEqual(first.changesets.map(\.collection), [[1], [1, 2], [1, 2, 3]])
    XCTAssertEqual(second.changesets.map(\.collection), [[1, 2], [1, 2, 3]])
    XCTAssertTrue(second.changesets[0].isReload)
    assertConsistentSequence(first.changesets)
    assertConsistentSequence(second.changesets)
  }

  func testAMutationFromInsideAnObserverIsDeliveredAfterTheCurrentChangeset() {
    let array = MutableObservableArray([0])
    let order = Locked<[String]>([])
    // The first observer appends 100 when it sees 1 appended; the second must still see the
    // append of 1 before the append of 100.
    let first = array.observeNext { changeset in
      order.withLock { $0.append("first \(changeset.collection)") }
      if !changeset.isReload && changeset.collection.last == 1 { array.append(100) }
    }
    let second = array.observeNext { changeset in
      order.withLock { $0.append("second \(changeset.collection)") }
    }
    let log = ChangesetLog(array)
    array.append(1)
    XCTAssertEqual(array.collection, [0, 1, 100])
    XCTAssertEqual(
      order.withLock { $0 },
      [
        "first [0]", "second [0]",
        "first [0, 1]", "second [0, 1]",
        "first [0, 1, 100]", "second [0, 1, 100]",
      ]
    )
    assertConsistentSequence(log.changesets)
    XCTAssertEqual(log.changesets.map(\.collection), [[0], [0, 1], [0, 1, 100]])
    log.recorder.assertNoViolations()
    first.dispose()
    second.dispose()
  }

  func testAnObserverJoiningDuringADeliveryGetsTheStateAtItsPlaceInTheOrder() {
    let array = MutableObservableArray([0])
    let late = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    let observation = array.observeNext { changeset in
      guard !changeset.isReload, changeset.collection == [0, 1] else { return }
      late.observe(array)  // queued behind the current delivery
      array.append(2)  // queued behind the join
    }
    array.append(1)
    XCTAssertEqual(late.elements.map(\.collection), [[0, 1], [0, 1, 2]])
    XCTAssertTrue(late.elements[0].isReload)
    assertConsistentSequence(late.elements)
    observation.dispose()
  }

  func testChangesetCollectionsAreSnapshots() {
    let array = MutableObservableArray([1])
    let log = ChangesetLog(array)
    array.append(2)
    let held = log.last
    array[0] = 10
    array.removeAll()
    XCTAssertEqual(held.collection, [1, 2], "later mutations never change what an observer was given")
    XCTAssertEqual(log.changesets.map(\.collection), [[1], [1, 2], [10, 2], []])
  }

  func testDisposedObserversReceiveNothingMore() {
    let array = MutableObservableArray([1])
    let log = ChangesetLog(array)
    log.recorder.dispose()
    array.append(2)
    XCTAssertEqual(log.changesets.count, 1)
  }

  func testDisposingFromInsideTheCallbackStopsFurtherDeliveries() {
    let array = MutableObservableArray([1])
    let count = Locked(0)
    let box = Locked<(any Disposable)?>(nil)
    let disposable = array.observeNext { _ in
      let seen = count.withLock { value -> Int in
        value += 1
        return value
      }
      if seen == 2 { box.withLock { $0 }?.dispose() }
    }
    box.withLock { $0 = disposable }
    array.append(2)
    array.append(3)
    XCTAssertEqual(count.withLock { $0 }, 2)
  }

  func testAContainerCompletesItsObserversWhenDeinitialized() {
    let recorder = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    do {
      let array = MutableObservableArray([1])
      recorder.observe(array)
      array.append(2)
    }
    XCTAssertTrue(recorder.isCompleted)
    XCTAssertEqual(recorder.elements.map(\.collection), [[1], [1, 2]])
    recorder.assertNoViolations()
  }

  func testObserversAreCalledInTheOrderTheySubscribedAfterDisposals() {
    // As in Bond (whose containers are ReactiveKit subjects): disposing observers, in a seeded
    // random order and half of them during a delivery, never changes the order of the others.
    var random = SeededRandomNumberGenerator(seed: 0xC0DE_5)
    for round in 0..<20 {
      let array = MutableObservableArray<Int>([])
      let calls = Locked<[Int]>([])
      let observations = Locked<[Int: any Disposable]>([:])
      // Observer 0 comes first and stays; when the array's last element is a name, it disposes
      // that observer during the delivery.
      let dispatcher = array.observeNext { changeset in
        calls.withLock { $0.append(0) }
        if let name = changeset.collection.last, name > 0 { observations.withLock { $0[name] }?.dispose() }
      }
      var live = [0]
      var nextName = 1
      for _ in 0..<40 {
        if live.count == 1 || Int.random(in: 0..<3, using: &random) > 0 {
          let name = nextName
          nextName += 1
          let observation = array.observeNext { _ in calls.withLock { $0.append(name) } }
          observations.withLock { $0[name] = observation }
          live.append(name)
        } else {
          let victim = live.remove(at: Int.random(in: 1..<live.count, using: &random))
          if Bool.random(using: &random) {
            array.append(victim)
          } else {
            observations.withLock { $0[victim] }?.dispose()
          }
        }
        calls.withLock { $0 = [] }
        array.append(0)
        XCTAssertEqual(calls.withLock { $0 }, live, "round \(round)")
      }
      dispatcher.dispose()
    }
  }

  func testAnObserverDisposedDuringADeliveryIsReleasedOutsideTheLock() {
    // The deliverer's deferred removal may hold the last reference to the disposed observation;
    // dropping it runs the observer's deinitialization, which here reads the container (under
    // the container's lock, that would trap as a re-entry).
    final class Token: Sendable {
      let onRelease: @Sendable () -> Void
      init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
      deinit { onRelease() }
    }
    let array = MutableObservableArray([0])
    let released = Locked<[[Int]]>([])
    let victim = Locked<(any Disposable)?>(nil)
    do {
      let token = Token { released.withLock { $0.append(array.collection) } }
      victim.withLock { $0 = array.observeNext { _ in withExtendedLifetime(token) {} } }
    }
    let killer = array.observeNext { changeset in
      guard changeset.collection.count > 1 else { return }
      let disposable = victim.withLock { victim in
        defer { victim = nil }
        return victim
      }
      disposable?.dispose()
    }
    array.append(1)
    XCTAssertEqual(released.withLock { $0 }, [[0, 1]])
    killer.dispose()
  }

  func testAnUnobservedContainerStillChanges() {
    let array = MutableObservableArray([1])
    array.append(2)
    array.insert(0, at: 0)
    array[1] = 5
    XCTAssertEqual(array.remove(at: 2), 2)
    XCTAssertEqual(array.collection, [0, 5])
    let log = ChangesetLog(array)
    XCTAssertEqual(log.last.collection, [0, 5])
  }

  func testManyObserversJoinAndLeave() {
    let array = MutableObservableArray<Int>([])
    var logs: [ChangesetLog<OrderedCollectionChangeset<[Int]>>] = []
    for value in 0..<100 {
      logs.append(ChangesetLog(array))
      if value % 3 == 0 { logs[value / 2].recorder.dispose() }
      array.append(value)
    }
    for log in logs { assertConsistentSequence(log.changesets) }
    XCTAssertEqual(logs.last?.last.collection, Array(0..<100))
  }
}

/// Every container can be shared across threads and observed as a signal of changesets.
final class ObservableContainerConformanceTests: XCTestCase {
  private func requireSendableSignal<S: SignalProtocol & Sendable>(_ signal: S) -> S.Type where S.Error == Never {
    S.self
  }

  func testEveryContainerIsASendableSignalOfItsChangesets() {
    _ = requireSendableSignal(MutableObservableArray([1]))
    _ = requireSendableSignal(MutableObservableCollection(ContiguousArray([1])))
    _ = requireSendableSignal(MutableObservableSet<Int>([]))
    _ = requireSendableSignal(MutableObservableDictionary<String, Int>([:]))
    _ = requireSendableSignal(MutableObservableArray2D<String, Int>(Array2D()))
    _ = requireSendableSignal(MutableObservableTreeArray<Int>([]))
    let view: ObservableArray<Int> = MutableObservableArray([1])
    XCTAssertEqual(view.collection, [1])
    let signal = MutableObservableArray([1]).toSignal()
    let recorder = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    recorder.observe(signal)
    XCTAssertEqual(recorder.elements.first?.isReload, true)
  }
}
