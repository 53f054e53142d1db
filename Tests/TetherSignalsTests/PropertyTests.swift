import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

final class PropertyTests: XCTestCase {
  func testObservingEmitsTheCurrentValueThenEveryChange() {
    let property = Property(1)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(property)
    property.value = 2
    property.value = 3
    XCTAssertEqual(recorder.elements, [1, 2, 3])
    XCTAssertEqual(property.value, 3)
  }

  func testSilentUpdateChangesTheValueWithoutEmitting() {
    let property = Property("a")
    let recorder = EventRecorder<String, Never>()
    recorder.observe(property)
    property.silentUpdate(value: "b")
    XCTAssertEqual(property.value, "b")
    XCTAssertEqual(recorder.elements, ["a"])
    let late = EventRecorder<String, Never>()
    late.observe(property)
    XCTAssertEqual(late.elements, ["b"], "observers that join later see the silently updated value")
  }

  func testModifyIsAtomicAndEmitsOnce() {
    let property = Property([1, 2])
    let recorder = EventRecorder<[Int], Never>()
    recorder.observe(property)
    let count = property.modify { array -> Int in
      array.append(3)
      array.append(4)
      return array.count
    }
    XCTAssertEqual(count, 4)
    XCTAssertEqual(recorder.elements, [[1, 2], [1, 2, 3, 4]])
  }

  func testModifyThatThrowsKeepsItsChangesAndEmitsNothing() {
    struct Stop: Error {}
    let property = Property(0)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(property)
    XCTAssertThrowsError(
      try property.modify { (value: inout Int) throws(Stop) in
        value = 5
        throw Stop()
      })
    XCTAssertEqual(property.value, 5)
    XCTAssertEqual(recorder.elements, [0])
  }

  func testSilentModify() {
    let property = Property(1)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(property)
    property.silentModify { $0 += 10 }
    XCTAssertEqual(property.value, 11)
    XCTAssertEqual(recorder.elements, [1])
  }

  func testPropertyCompletesWhenDeinitialized() {
    var property: Property<Int>? = Property(1)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(property!)
    property = nil
    XCTAssertEqual(recorder.events, [.next(1), .completed])
  }

  func testSendingCompletionEndsObserversButKeepsTheValueWritable() {
    let property = Property(1)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(property)
    property.send(completion: .finished)
    property.value = 2
    XCTAssertEqual(property.value, 2)
    XCTAssertEqual(recorder.events, [.next(1), .completed])
  }

  func testObserverSetsThePropertyFromItsCallbackWithoutDeadlock() {
    // ReactiveKit #279: its Property called observers under its lock, so this deadlocked.
    let property = Property(0)
    let recorder = EventRecorder<Int, Never>(onEvent: { event in
      if let value = event.element, value < 3 { property.value = value + 1 }
    })
    recorder.observe(property)
    XCTAssertEqual(recorder.elements, [0, 1, 2, 3])
    XCTAssertEqual(property.value, 3)
  }

  func testObserverJoiningFromACallbackSeesTheValueAtItsPlaceInTheOrder() {
    let property = Property(0)
    let joined = EventRecorder<Int, Never>()
    let once = AtomicBool(false)
    property.observeNext { value in
      guard value == 1, !once.exchange(true, ordering: .relaxed) else { return }
      property.value = 2  // queued before the join below
      joined.observe(property)
      property.value = 3
    }
    property.value = 1
    XCTAssertEqual(joined.elements, [2, 3], "no gap and no duplicate between snapshot and changes")
  }

  func testReadOnlyViewReadsAndObservesTheProperty() {
    let property = Property(1)
    let view = property.readOnlyView
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(view)
    property.value = 2
    XCTAssertEqual(view.value, 2)
    XCTAssertEqual(recorder.elements, [1, 2])
  }

  func testReplayingAsChoosesWhatAJoiningObserverReceivesFirst() {
    // The emitted values describe changes; a new observer starts from an empty change instead.
    let log = Property([Int](), replayingAs: { _ in [] })
    log.value = [1]
    let recorder = EventRecorder<[Int], Never>()
    recorder.observe(log)
    log.value = [2]
    XCTAssertEqual(recorder.elements, [[], [2]])
  }

  func testPropertyIsAnObserverOfEvents() {
    let property = Property(0)
    SafeSignal(sequence: [1, 2]).bind(to: property)
    XCTAssertEqual(property.value, 2)
  }
}
