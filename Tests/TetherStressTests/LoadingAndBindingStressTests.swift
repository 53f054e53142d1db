import Dispatch
import Foundation
import Tether
import TetherTestSupport
import XCTest

private struct Failure: Error, Equatable {}

/// A binding target that counts what is set on it; with a bag, its bindings end when it goes.
private final class Counter: Sendable {
  let sets = Shared(0)
}

private final class BaggedCounter: DisposeBagProvider, Sendable {
  let bag = DisposeBag()
  let sets = Shared(0)
}

/// Something a setter captures; its lifetime shows whether the binding still holds the setter.
private final class Marker: Sendable {}

/// Loading subjects and properties, bidirectional bindings and containers bound to containers,
/// used from several threads at once (run under ThreadSanitizer by CI).
final class LoadingAndBindingStressTests: XCTestCase {
  /// Writers send loaded values while observers join: each joiner sees a contiguous stretch of the
  /// one serial order, ending with its end: what it is replayed, then every later state.
  func testReplayLoadingValueSubjectJoinersSeeAContiguousStretchOfTheSerialOrder() {
    let writers = 4
    let perWriter = 1_000
    let subject = ReplayLoadingValueSubject<Int, Failure, Never>(bufferSize: 3)
    let steady = EventRecorder<LoadingState<Int, Failure>, Never>()
    steady.observe(subject)
    subject.send(.loading)
    let joiners = Shared<[EventRecorder<LoadingState<Int, Failure>, Never>]>([])

    DispatchQueue.concurrentPerform(iterations: writers + 1) { thread in
      if thread < writers {
        for index in 0..<perWriter { subject.send(.loaded(thread * 1_000_000 + index)) }
      } else {
        for _ in 0..<50 {
          let recorder = EventRecorder<LoadingState<Int, Failure>, Never>()
          recorder.observe(subject)
          joiners.withLock { $0.append(recorder) }
        }
      }
    }
    subject.waitUntilDelivered()

    let order = steady.elements.compactMap(\.value)
    XCTAssertEqual(order.count, writers * perWriter, "every loaded value once")
    for recorder in joiners.withLock({ $0 }) {
      recorder.assertNoViolations()
      let seen = recorder.elements
      if seen == [.loading] { continue }  // joined before the first value
      let values = seen.compactMap(\.value)
      XCTAssertEqual(values.count, seen.count, "only the first load is replayed as loading")
      XCTAssertEqual(values, Array(order.suffix(values.count)), "a contiguous stretch ending with the last value")
      XCTAssertGreaterThanOrEqual(values.count, 1)
    }
  }

  /// Threads observe a loading property at once while its load ends on another thread: one load
  /// starts, and every observer ends with the loaded value.
  func testConcurrentFirstObservationsStartOneLoad() {
    for _ in 0..<50 {
      // A replaying load: the loader publishes its subject before the property subscribes, so
      // the sender may finish first.
      let loads = Shared<[ReplaySubject<LoadingState<Int, Failure>, Never>]>([])
      let property = LoadingProperty<Int, Failure> {
        let subject = ReplaySubject<LoadingState<Int, Failure>, Never>(bufferSize: 1)
        loads.withLock { $0.append(subject) }
        return subject.toSignal()
      }
      let recorders = (0..<4).map { _ in EventRecorder<LoadingState<Int, Failure>, Never>() }
      DispatchQueue.concurrentPerform(iterations: recorders.count + 1) { index in
        if index < recorders.count {
          recorders[index].observe(property)
        } else {
          while loads.withLock({ $0.isEmpty }) {}
          loads.withLock { $0[0] }.send(lastElement: .loaded(7))
        }
      }
      property.waitUntilDelivered()
      XCTAssertEqual(loads.withLock { $0.count }, 1, "one load for every observer")
      for recorder in recorders {
        recorder.assertNoViolations()
        XCTAssertEqual(recorder.elements.last, .loaded(7))
      }
      XCTAssertEqual(property.value, 7)
    }
  }

  /// Both sides of a bidirectional binding are written from their own threads: the binding ends
  /// (no endless echo), and both sides agree afterwards.
  func testBidirectionallyBoundPropertiesWrittenFromBothSidesAgree() {
    for _ in 0..<10 {
      let left = Property(0)
      let right = Property(0)
      let binding = left.bidirectionalBind(to: right)
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for value in 1...300 {
          if thread.isMultiple(of: 2) {
            left.value = thread * 1_000 + value
          } else {
            right.value = thread * 1_000 + value
          }
        }
      }
      left.waitUntilDelivered()
      right.waitUntilDelivered()
      XCTAssertEqual(left.value, right.value)
      binding.dispose()
    }
  }

  /// Several threads mutate an array bound into another: the target ends equal to the source, and
  /// its changesets each apply to the collection before them.
  func testAContainerBoundToAnotherFollowsConcurrentMutations() {
    let source = MutableObservableArray<Int>()
    let target = MutableObservableArray<Int>()
    let changesets = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    changesets.observe(target)
    let binding = source.bind(to: target)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for value in 0..<500 {
        if value.isMultiple(of: 5), !source.isEmpty {
          source.batchUpdate { batch in if !batch.isEmpty { batch.remove(at: 0) } }
        } else {
          source.append(thread * 1_000 + value)
        }
      }
    }
    source.waitUntilDelivered()
    target.waitUntilDelivered()
    XCTAssertEqual(target.collection, source.collection)
    var state: [Int] = []
    for changeset in changesets.elements {
      if changeset.isReload {
        state = changeset.collection
      } else {
        state.apply(changeset.patch)
        XCTAssertEqual(state, changeset.collection, "each changeset starts where the previous one ended")
        state = changeset.collection
      }
    }
    changesets.assertNoViolations()
    binding.dispose()
  }

  /// Guards `bind(to:context:setter:)`'s end when the target goes away: the last reference to the
  /// target is dropped on one thread while another sends; the binding (and its setter) is released
  /// at the next element, or at once for a target with a bag.
  func testABindingEndsWhenItsTargetGoesAwayOnAnotherThreadWhileElementsArrive() {
    let queue = DispatchQueue(label: "stress.binding-target")
    for round in 0..<200 {
      let bagged = round.isMultiple(of: 2)
      let subject = PassthroughSubject<Int, Never>()
      weak var weakMarker: Marker?
      weak var weakTarget: AnyObject?
      do {
        let marker = Marker()
        weakMarker = marker
        let holder: Shared<AnyObject?>
        if bagged {
          let target = BaggedCounter()
          subject.bind(to: target, context: queue.context) { target, _ in
            withExtendedLifetime(marker) {}
            target.sets.withLock { $0 += 1 }
          }
          holder = Shared(target)
        } else {
          let target = Counter()
          subject.bind(to: target, context: queue.context) { target, _ in
            withExtendedLifetime(marker) {}
            target.sets.withLock { $0 += 1 }
          }
          holder = Shared(target)
        }
        weakTarget = holder.withLock { $0 }
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
          if thread == 0 {
            for value in 0..<20 { subject.send(value) }
          } else {
            holder.withLock { $0 = nil }
          }
        }
      }
      queue.sync {}  // the actions queued before the target went
      XCTAssertNil(weakTarget, "round \(round): the binding does not hold its target")
      if !bagged { subject.send(-1) }  // the first element after the target went ends the binding
      queue.sync {}
      XCTAssertNil(weakMarker, "round \(round), bagged: \(bagged): the binding is released")
    }
  }
}
