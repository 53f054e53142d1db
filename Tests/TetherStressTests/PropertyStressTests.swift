import Dispatch
import Tether
import TetherSynchronization
import TetherTestSupport
import XCTest

private let writers = 4
private let perWriter = 3_000

/// Several threads set one property while observers record; every observer sees each value exactly
/// once, in one serial order, and the last value equals `value`.
final class PropertyStressTests: XCTestCase {
  func testWritersAndObserversAgreeOnOneSerialOrder() {
    let property = Property(-1)
    // A write can return before its value is delivered (another thread may be delivering), so the
    // checks wait until a final completion reached every observer.
    let completed = DispatchGroup()
    @Sendable func makeRecorder() -> EventRecorder<Int, Never> {
      completed.enter()
      return EventRecorder<Int, Never>(onEvent: { if $0.isTerminal { completed.leave() } })
    }
    let steady = (0..<2).map { _ in makeRecorder() }
    for recorder in steady { recorder.observe(property) }
    let joiners = Shared<[EventRecorder<Int, Never>]>([])

    DispatchQueue.concurrentPerform(iterations: writers + 1) { thread in
      if thread < writers {
        for index in 0..<perWriter {
          if index.isMultiple(of: 3) {
            property.modify { $0 = thread * 1_000_000 + index }
          } else {
            property.value = thread * 1_000_000 + index
          }
        }
      } else {
        for _ in 0..<40 {
          let recorder = makeRecorder()
          recorder.observe(property)
          joiners.withLock { $0.append(recorder) }
        }
      }
    }

    property.send(completion: .finished)
    XCTAssertEqual(completed.wait(timeout: .now() + 60), .success)

    let serialOrder = steady[0].elements
    XCTAssertEqual(serialOrder.first, -1, "observing emits the current value first")
    XCTAssertEqual(serialOrder.count, 1 + writers * perWriter, "each value exactly once")
    XCTAssertEqual(Set(serialOrder).count, serialOrder.count, "no duplicates")
    XCTAssertEqual(steady[1].elements, serialOrder, "one serial order for every observer")
    XCTAssertEqual(serialOrder.last, property.value, "the last value delivered is the property's value")
    for writer in 0..<writers {
      let own = serialOrder.filter { $0 >= 0 && $0 / 1_000_000 == writer }.map { $0 % 1_000_000 }
      XCTAssertEqual(own, Array(0..<perWriter), "writer \(writer)'s values in the order it set them")
    }
    for recorder in steady { recorder.assertNoViolations() }

    let position = Dictionary(uniqueKeysWithValues: serialOrder.enumerated().map { ($1, $0) })
    for (index, recorder) in joiners.withLock({ $0 }).enumerated() {
      let elements = recorder.elements
      XCTAssertFalse(elements.isEmpty, "joiner \(index) got no current value")
      guard let first = elements.first, let start = position[first] else { continue }
      XCTAssertEqual(
        elements, Array(serialOrder[start...]),
        "joiner \(index): current value then every change, no gap, no duplicate")
      recorder.assertNoViolations()
    }
  }

  func testObserversThatWriteBackDoNotDeadlock() {
    // Observers that set the property from their callbacks (ReactiveKit #279 deadlocked here).
    let property = Property(0)
    let echoes = AtomicInt(0)
    let observation = property.observeNext { value in
      if value > 0 && value.isMultiple(of: 2) && echoes.add(1, ordering: .relaxed).newValue < 500 {
        property.value = -value
      }
    }
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      for index in 1...perWriter { property.value = writer * 1_000_000 + index }
    }
    observation.dispose()
    XCTAssertGreaterThan(echoes.load(ordering: .relaxed), 0)
  }
}
