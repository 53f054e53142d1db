import Dispatch
import Foundation
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// The delivery guarantees of subjects, each demonstrated.
final class SubjectGuaranteeTests: XCTestCase {
  func testASendFromInsideACallbackIsDeliveredAfterTheCurrentEventReachedEveryObserver() {
    let subject = PassthroughSubject<Int, Never>()
    let log = EventRecorder<String, Never>()
    for name in ["a", "b"] {
      subject.observeNext { value in
        log.record(.next("\(name)\(value)"))
        if name == "a" && value == 1 { subject.send(2) }
      }
    }
    subject.send(1)
    XCTAssertEqual(log.elements, ["a1", "b1", "a2", "b2"])
  }

  func testDisposingFromInsideACallbackStopsDeliveryAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    let observation = Locked<(any Disposable)?>(nil)
    let recorder = EventRecorder<Int, Never>(onEvent: { _ in
      observation.withLock { $0 }?.dispose()
    })
    observation.withLock { $0 = recorder.observe(subject) }
    subject.send(1)
    subject.send(2)
    XCTAssertEqual(recorder.elements, [1])
  }

  func testDisposingAnotherObserverFromACallbackSkipsItForTheCurrentEvent() {
    let subject = PassthroughSubject<Int, Never>()
    let second = EventRecorder<Int, Never>()
    let secondObservation = Locked<(any Disposable)?>(nil)
    subject.observeNext { _ in secondObservation.withLock { $0 }?.dispose() }
    secondObservation.withLock { $0 = second.observe(subject) }
    subject.send(1)
    XCTAssertEqual(second.elements, [])
  }

  func testDisposalsAndJoinsMadeDuringADeliveryTakeEffectInOrder() {
    // Observers disposed during a delivery stay in the registered list until the deliverer's next
    // visit to the lock: they must hear nothing more, and the ones kept must keep their order.
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let observations = Locked<[any Disposable]>([])
    let late = Locked<(any Disposable)?>(nil)
    for name in 0..<6 {
      let observation = subject.observeNext { value in
        log.withLock { $0.append("\(name):\(value)") }
        guard name == 0, value == 1 else { return }
        let all = observations.withLock { $0 }
        for index in [5, 1, 0, 3] { all[index].dispose() }
        late.withLock {
          $0 = subject.observeNext { value in log.withLock { $0.append("late:\(value)") } }
        }
      }
      observations.withLock { $0.append(observation) }
    }
    subject.send(1)
    XCTAssertEqual(log.withLock { $0 }, ["0:1", "2:1", "4:1"])
    XCTAssertEqual(subject.description, "PassthroughSubject<Int, Never>(observers: 3)")
    subject.send(2)
    XCTAssertEqual(log.withLock { $0 }, ["0:1", "2:1", "4:1", "2:2", "4:2", "late:2"])
    observations.withLock { $0[2].dispose() }
    subject.send(3)
    XCTAssertEqual(log.withLock { $0 }.suffix(2), ["4:3", "late:3"])
    observations.withLock { $0[4].dispose() }
    late.withLock { $0 }?.dispose()
    XCTAssertEqual(subject.description, "PassthroughSubject<Int, Never>(observers: 0)")
  }

  func testAnObserverDisposedDuringADeliveryIsReleasedOutsideTheLockOnceTheDeliveryEnds() {
    // The deferred removal holds the last reference to the disposed subscription; dropping it
    // runs the observer's deinitialization, which here uses the subject (under the lock, that
    // would trap as a re-entry).
    final class Token: Sendable {
      let subject: PassthroughSubject<Int, Never>
      let onRelease: @Sendable (String) -> Void
      init(subject: PassthroughSubject<Int, Never>, onRelease: @escaping @Sendable (String) -> Void) {
        self.subject = subject
        self.onRelease = onRelease
      }
      deinit { onRelease(subject.description) }
    }
    let subject = PassthroughSubject<Int, Never>()
    let released = Locked<[String]>([])
    let victim = Locked<(any Disposable)?>(nil)
    do {
      let token = Token(subject: subject) { description in released.withLock { $0.append(description) } }
      victim.withLock { $0 = subject.observeNext { _ in withExtendedLifetime(token) {} } }
    }
    let killer = subject.observeNext { _ in
      let disposable = victim.withLock { victim in
        defer { victim = nil }
        return victim
      }
      disposable?.dispose()
    }
    subject.send(1)
    XCTAssertEqual(released.withLock { $0 }, ["PassthroughSubject<Int, Never>(observers: 1)"])
    killer.dispose()
  }

  func testQueuedElementsDeliveredTogetherKeepJoinsAndDisposalsInTheirPlace() {
    // Elements queued one behind the other are delivered in one step; an observer joining between
    // them, or disposed while they are delivered, must see exactly what it would one at a time.
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let second = Locked<(any Disposable)?>(nil)
    let joined = Locked<(any Disposable)?>(nil)
    let first = subject.observeNext { value in
      log.withLock { $0.append("a\(value)") }
      switch value {
      case 1:
        for next in 2...4 { subject.send(next) }
        joined.withLock {
          $0 = subject.observeNext { value in log.withLock { $0.append("c\(value)") } }
        }
        for next in 5...6 { subject.send(next) }
      case 3:
        second.withLock { $0 }?.dispose()
      default:
        break
      }
    }
    second.withLock { $0 = subject.observeNext { value in log.withLock { $0.append("b\(value)") } } }
    subject.send(1)
    XCTAssertEqual(log.withLock { $0 }, ["a1", "b1", "a2", "b2", "a3", "a4", "a5", "c5", "a6", "c6"])
    first.dispose()
    joined.withLock { $0 }?.dispose()
  }

  func testElementsDeliveredTogetherAreReleasedOutsideTheLock() {
    // The last reference to elements delivered in one step is the step's own buffer; their
    // deinitializers (user code) use the subject, which under the lock would trap as a re-entry.
    final class Token: Sendable {
      let onRelease: @Sendable () -> Void
      init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
      deinit { onRelease() }
    }
    let subject = PassthroughSubject<Token, Never>()
    let released = Locked<[String]>([])
    let received = Locked(0)
    let observation = subject.observeNext { _ in
      switch received.withLock({ received in
        received += 1
        return received
      }) {
      case 1:
        // Queued behind each other: delivered in one step.
        for _ in 0..<3 {
          subject.send(Token { released.withLock { $0.append(subject.description) } })
        }
      case 4:
        // Brings the deliverer back to its lock after that step.
        subject.send(Token {})
      default:
        break
      }
    }
    subject.send(Token {})
    XCTAssertEqual(received.withLock { $0 }, 5)
    XCTAssertEqual(released.withLock { $0 }.count, 3)
    XCTAssertEqual(Set(released.withLock { $0 }), ["PassthroughSubject<Token, Never>(observers: 1)"])
    observation.dispose()
  }

  func testObserversAreCalledInTheOrderTheySubscribedAfterDisposals() {
    // As in ReactiveKit: disposing observers (in a seeded random order, half of them during a
    // delivery) never changes the calling order of the others.
    var random = SeededRandomNumberGenerator(seed: 0x0BDE_2)
    for round in 0..<20 {
      let subject = PassthroughSubject<Int, Never>()
      let calls = Locked<[Int]>([])
      let observations = Locked<[Int: any Disposable]>([:])
      // Observer 0 comes first and stays; sent a name, it disposes that observer mid-delivery.
      let dispatcher = subject.observeNext { value in
        calls.withLock { $0.append(0) }
        if value > 0 { observations.withLock { $0[value] }?.dispose() }
      }
      var live = [0]
      var nextName = 1
      for _ in 0..<40 {
        if live.count == 1 || Int.random(in: 0..<3, using: &random) > 0 {
          let name = nextName
          nextName += 1
          let observation = subject.observeNext { _ in calls.withLock { $0.append(name) } }
          observations.withLock { $0[name] = observation }
          live.append(name)
        } else {
          let victim = live.remove(at: Int.random(in: 1..<live.count, using: &random))
          if Bool.random(using: &random) {
            subject.send(victim)
          } else {
            observations.withLock { $0[victim] }?.dispose()
          }
        }
        calls.withLock { $0 = [] }
        subject.send(0)
        XCTAssertEqual(calls.withLock { $0 }, live, "round \(round)")
      }
      dispatcher.dispose()
    }
  }

  func testNoCallbackRunsUnderTheLockSoCallbacksMayUseTheSubjectFreely() {
    // Each of these would deadlock (or trap) if the callback ran while the subject's lock is held.
    let subject = ReplaySubject<Int, Never>(bufferSize: 1)
    let inner = EventRecorder<Int, Never>()
    let done = AtomicBool(false)
    subject.observeNext { value in
      guard value == 1, !done.exchange(true, ordering: .relaxed) else { return }
      inner.observe(subject)  // subscribing from a callback
      subject.send(2)  // sending from a callback
      _ = subject.observe { _ in }.dispose()  // subscribing and disposing
    }
    subject.send(1)
    XCTAssertEqual(inner.elements, [1, 2], "joins after the current event: replay 1, then 2")
  }

  func testNoDeliveryStartsAfterDisposeReturns() {
    // A sender on another thread keeps sending; after `dispose()` returns, at most the one
    // delivery already handed over may still arrive, never a new one.
    let subject = PassthroughSubject<Int, Never>()
    let received = AtomicInt(0)
    let observation = subject.observeNext { _ in received.add(1, ordering: .relaxed) }
    let stop = AtomicBool(false)
    let sending = DispatchGroup()
    DispatchQueue.global().async(group: sending) {
      while !stop.load(ordering: .relaxed) { subject.send(1) }
    }
    while received.load(ordering: .relaxed) < 100 {}
    observation.dispose()
    let atDispose = received.load(ordering: .relaxed)
    for _ in 0..<1000 { subject.send(1) }
    stop.store(true, ordering: .relaxed)
    XCTAssertEqual(sending.wait(timeout: .now() + 10), .success)
    XCTAssertLessThanOrEqual(received.load(ordering: .relaxed), atDispose + 1)
  }

  func testEventsToOneObserverNeverOverlapWhenSentFromManyThreads() {
    let subject = PassthroughSubject<Int, Never>()
    let done = expectation(description: "completed")
    let recorder = EventRecorder<Int, Never>(onEvent: { event in
      for _ in 0..<20 { _ = DispatchTime.now() }
      if event.isTerminal { done.fulfill() }
    })
    recorder.observe(subject)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<500 { subject.send(thread * 10_000 + index) }
    }
    subject.send(completion: .finished)
    // Once every sender returned, every event has been delivered (a burst this size is not a flood).
    XCTAssertEqual(recorder.elements.count, 2000)
    wait(for: [done], timeout: 30)
    let elements = recorder.elements
    XCTAssertEqual(elements.count, 2000)
    for thread in 0..<4 {
      let own = elements.filter { $0 / 10_000 == thread }
      XCTAssertEqual(own, Array(thread * 10_000..<thread * 10_000 + 500), "each sender's events stay in order")
    }
    recorder.assertNoViolations()
  }

  func testDisposingHalfOfTenThousandSubscriptionsKeepsTheOthers() {
    let subject = PassthroughSubject<Int, Never>()
    let observations = (0..<10_000).map { _ in subject.observe { _ in } }
    for index in stride(from: 0, to: 10_000, by: 2) { observations[index].dispose() }
    let survivor = EventRecorder<Int, Never>()
    survivor.observe(subject)
    subject.send(1)
    XCTAssertEqual(survivor.elements, [1])
    XCTAssertTrue(observations[0].isDisposed)
    XCTAssertFalse(observations[1].isDisposed)
  }

  func testASenderFloodedByOtherThreadsStillReturns() {
    // Other threads send without pause; a thread that becomes the deliverer must not be kept
    // delivering their events forever: it hands delivery over after a bounded number of them.
    let subject = PassthroughSubject<Int, Never>()
    let received = AtomicInt(0)
    let observation = subject.observeNext { _ in received.add(1, ordering: .relaxed) }
    let stop = AtomicBool(false)
    let flooding = DispatchGroup()
    for _ in 0..<2 {
      DispatchQueue.global().async(group: flooding) {
        while !stop.load(ordering: .relaxed) { subject.send(1) }
      }
    }
    while received.load(ordering: .relaxed) < 1_000 {}
    for _ in 0..<1_000 { subject.send(2) }
    stop.store(true, ordering: .relaxed)
    XCTAssertEqual(flooding.wait(timeout: .now() + 30), .success)
    observation.dispose()
  }

  func testReentrantSendsAreDeliveredOnTheSendersOwnThread() {
    // However many events callbacks send, a single-threaded program's delivery stays on its thread.
    XCTAssertTrue(Thread.isMainThread)
    let subject = PassthroughSubject<Int, Never>()
    let offMain = AtomicInt(0)
    let count = AtomicInt(0)
    subject.observeNext { value in
      count.add(1, ordering: .relaxed)
      if !Thread.isMainThread { offMain.add(1, ordering: .relaxed) }
      if value < 1_000 { subject.send(value + 1) }
    }
    subject.send(0)
    XCTAssertEqual(count.load(ordering: .relaxed), 1_001)
    XCTAssertEqual(offMain.load(ordering: .relaxed), 0)
  }
}
