import Dispatch
import Foundation
import Tether
import TetherSynchronization
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class DeinitMarker: Sendable {}

/// The documented delivery policy of subjects and properties (PassthroughSubject's documentation).
private let queueBound = 1_024
private let foreignBudget = 4_096
private let threadCount = 8

/// Busy work standing in for an observer or operator that takes a while, without sleeping.
@inline(never)
private func spin(_ rounds: Int) -> Int {
  var value = rounds
  for round in 0..<rounds { value = value &* 31 &+ round }
  return value
}

/// How many callbacks ran on the calling thread (so a sender can tell what it delivered itself
/// from what other threads delivered while it was descheduled).
private var ownDeliveries: UnsafeMutablePointer<Int> {
  if let counter = pthread_getspecific(ownDeliveriesKey) { return counter.assumingMemoryBound(to: Int.self) }
  let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  counter.initialize(to: 0)
  pthread_setspecific(ownDeliveriesKey, counter)
  return counter
}

private let ownDeliveriesKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key) { $0?.deallocate() }
  return key
}()

/// One of the four kinds of subject, seen through the operations the tests need.
private struct Subject: Sendable {
  let name: String
  /// Elements an observer receives on subscribing, before any send.
  let initial: Int
  let send: @Sendable (Int) -> Void
  let observe: @Sendable (@escaping @Sendable (Int) -> Void) -> any Disposable
  let waitUntilDelivered: @Sendable () -> Void
  /// The value the last delivered element must equal, if the kind has one.
  let value: @Sendable () -> Int?

  static func all() -> [Subject] {
    let property = Property(-1)
    let passthrough = PassthroughSubject<Int, Never>()
    let replay = ReplaySubject<Int, Never>(bufferSize: 3)
    let replayOne = ReplayOneSubject<Int, Never>()
    return [
      Subject(
        name: "Property", initial: 1, send: { property.value = $0 }, observe: { property.observeNext(with: $0) },
        waitUntilDelivered: { property.waitUntilDelivered() }, value: { property.value }),
      Subject(
        name: "PassthroughSubject", initial: 0, send: { passthrough.send($0) },
        observe: { passthrough.observeNext(with: $0) }, waitUntilDelivered: { passthrough.waitUntilDelivered() },
        value: { nil }),
      Subject(
        name: "ReplaySubject", initial: 0, send: { replay.send($0) }, observe: { replay.observeNext(with: $0) },
        waitUntilDelivered: { replay.waitUntilDelivered() }, value: { nil }),
      Subject(
        name: "ReplayOneSubject", initial: 0, send: { replayOne.send($0) },
        observe: { replayOne.observeNext(with: $0) }, waitUntilDelivered: { replayOne.waitUntilDelivered() },
        value: { nil }),
    ]
  }
}

/// What an observer saw: how many elements, the last one, and whether callbacks overlapped.
private final class Tally: Sendable {
  let count = AtomicInt(0)
  let last = AtomicInt(Int.min)
  let inside = AtomicBool(false)
  let overlaps = AtomicInt(0)

  func record(_ element: Int, work: Int) {
    if inside.exchange(true, ordering: .acquiringAndReleasing) { overlaps.add(1, ordering: .relaxed) }
    if work > 0 { _ = spin(work) }
    last.store(element, ordering: .relaxed)
    count.add(1, ordering: .releasing)
    inside.store(false, ordering: .releasing)
  }
}

/// Subjects and properties under many senders: "once every sender has returned, everything has
/// been delivered", bounded queues, bounded sends, dispose that waits for an in-flight callback,
/// and `waitUntilDelivered()`.
final class SubjectDeliveryStressTests: XCTestCase {
  private let threads = threadCount

  /// Issue 15: a flooded deliverer used to hand the rest to a dispatch queue and return, so
  /// observers were still behind after every sender had returned.
  func testEverythingDeliveredOnceEverySenderReturned() {
    let perThread = 6_000
    for subject in Subject.all() {
      let tally = Tally()
      let observation = subject.observe { tally.record($0, work: 300) }
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for index in 0..<perThread { subject.send(thread * 1_000_000 + index) }
      }
      // No waiting: every sender has returned.
      XCTAssertEqual(
        tally.count.load(ordering: .acquiring), subject.initial + threads * perThread,
        "\(subject.name): every element delivered when all senders returned")
      if let value = subject.value() {
        XCTAssertEqual(tally.last.load(ordering: .relaxed), value, "\(subject.name): observer holds the final value")
      }
      XCTAssertEqual(tally.overlaps.load(ordering: .relaxed), 0, "\(subject.name): overlapping callbacks")
      observation.dispose()
    }
  }

  /// Issues 15 and 18: with an observer slower than the senders, the backlog stays bounded and no
  /// single send is held up by more than a bounded number of deliveries.
  func testBacklogAndSendsStayBoundedUnderOverload() {
    let perThread = 3_000
    for subject in Subject.all() {
      let tally = Tally()
      let returned = AtomicInt(0)  // sends that have returned
      let maxBacklog = AtomicInt(0)
      let observation = subject.observe { element in
        let backlog = returned.load(ordering: .relaxed) - tally.count.load(ordering: .relaxed)
        maxBacklog.max(backlog, ordering: .relaxed)
        tally.record(element, work: 2_000)
        ownDeliveries.pointee += 1
      }
      let maxDuringSend = AtomicInt(0)
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let own = ownDeliveries
        for index in 0..<perThread {
          let before = own.pointee
          subject.send(thread * 1_000_000 + index)
          maxDuringSend.max(own.pointee - before, ordering: .relaxed)
          returned.add(1, ordering: .relaxed)
        }
      }
      XCTAssertEqual(tally.count.load(ordering: .acquiring), subject.initial + threads * perThread, subject.name)
      XCTAssertLessThanOrEqual(
        maxBacklog.load(ordering: .relaxed), queueBound + 2 * threads + 2,
        "\(subject.name): events queued but not delivered stay within the bound")
      XCTAssertLessThanOrEqual(
        maxDuringSend.load(ordering: .relaxed), foreignBudget + queueBound + 2 * threads + 2,
        "\(subject.name): one send delivers a bounded number of events")
      XCTAssertEqual(tally.overlaps.load(ordering: .relaxed), 0, "\(subject.name): overlapping callbacks")
      observation.dispose()
    }
  }

  /// Issue 18: `waitUntilDelivered()` returns once everything sent before it has been delivered,
  /// while other threads keep sending.
  func testWaitUntilDeliveredWhileOthersKeepSending() {
    for subject in Subject.all() {
      let tally = Tally()
      let returned = AtomicInt(0)
      let stop = AtomicBool(false)
      let observation = subject.observe { tally.record($0, work: 500) }
      let senders = DispatchGroup()
      for thread in 0..<4 {
        DispatchQueue.global().async(group: senders) {
          var index = 0
          while !stop.load(ordering: .relaxed) {
            subject.send(thread * 1_000_000 + index)
            returned.add(1, ordering: .releasing)
            index += 1
          }
        }
      }
      while returned.load(ordering: .relaxed) < 2_000 {}
      for _ in 0..<200 {
        let mark = returned.load(ordering: .acquiring)
        subject.waitUntilDelivered()
        XCTAssertGreaterThanOrEqual(
          tally.count.load(ordering: .acquiring) - subject.initial, mark,
          "\(subject.name): everything sent before waitUntilDelivered() was delivered when it returned")
      }
      stop.store(true, ordering: .relaxed)
      senders.wait()
      observation.dispose()
    }
  }

  /// Issue 18: once `dispose()` returned on another thread, no callback runs or starts, also
  /// through `map` and `prefix(maxLength:)`.
  func testNoCallbackAfterDisposeReturned() {
    let races = 150
    typealias Observe = @Sendable (PassthroughSubject<Int, Never>, @escaping @Sendable (Int) -> Void) -> any Disposable
    let shapes: [(String, Observe)] = [
      ("subject", { subject, observer in subject.observeNext(with: observer) }),
      ("map", { subject, observer in subject.map { $0 &+ spin(3_000) &- spin(3_000) }.observeNext(with: observer) }),
      ("prefix", { subject, observer in subject.prefix(maxLength: Int.max).observeNext(with: observer) }),
    ]
    for (name, observe) in shapes {
      let subject = PassthroughSubject<Int, Never>()
      let stop = AtomicBool(false)
      let sender = DispatchGroup()
      DispatchQueue.global().async(group: sender) {
        var index = 0
        while !stop.load(ordering: .relaxed) {
          subject.send(index)
          index += 1
        }
      }
      let late = AtomicInt(0)
      let stillRunning = AtomicInt(0)
      for _ in 0..<races {
        let disposed = AtomicBool(false)
        let running = AtomicBool(false)
        let received = AtomicInt(0)
        let observation = observe(subject) { _ in
          running.store(true, ordering: .sequentiallyConsistent)
          if disposed.load(ordering: .sequentiallyConsistent) { late.add(1, ordering: .relaxed) }
          received.add(1, ordering: .relaxed)
          _ = spin(1_000)
          running.store(false, ordering: .sequentiallyConsistent)
        }
        while received.load(ordering: .relaxed) == 0 {}
        observation.dispose()
        disposed.store(true, ordering: .sequentiallyConsistent)
        if running.load(ordering: .sequentiallyConsistent) { stillRunning.add(1, ordering: .relaxed) }
      }
      stop.store(true, ordering: .relaxed)
      sender.wait()
      XCTAssertEqual(late.load(ordering: .relaxed), 0, "\(name): callbacks started after dispose() returned")
      XCTAssertEqual(stillRunning.load(ordering: .relaxed), 0, "\(name): callbacks running after dispose() returned")
    }
  }

  /// Observations made while another thread keeps delivering (so their joins wait in the queue)
  /// and disposed at once are ended, and their observers released, exactly once, whichever of the
  /// deliverer and the disposer gets there first.
  func testObservationsDisposedWhileTheirJoinsAreQueuedAreEndedOnce() {
    let subject = PassthroughSubject<Int, Never>()
    let running = AtomicBool(true)
    let sender = DispatchGroup()
    DispatchQueue.global().async(group: sender) {
      var value = 0
      while running.load(ordering: .relaxed) {
        subject.send(value)
        value += 1
      }
    }
    let holder = subject.observeNext { _ in }
    // A join still queued when `dispose()` returns is ended when the deliverer reaches it.
    var markers: [() -> DeinitMarker?] = []
    for _ in 0..<2_000 {
      let marker = DeinitMarker()
      weak let weakMarker = marker
      markers.append { weakMarker }
      subject.observeNext { _ in withExtendedLifetime(marker) {} }.dispose()
    }
    running.store(false, ordering: .relaxed)
    XCTAssertEqual(sender.wait(timeout: .now() + 60), .success)
    XCTAssertEqual(markers.filter { $0() != nil }.count, 0, "disposed observations keep their observers")
    holder.dispose()
  }

  /// Observations disposed on this thread while another sends to their subject and completes it:
  /// the completion takes them all out of the list, so its deliverer ends each one, disposed or
  /// not, and a disposer (finding it unregistered) ends none. One disposed while the completion
  /// was being delivered used to be ended by nobody and kept its observer.
  func testObservationsDisposedWhileTheirSubjectCompletesAreEndedOnce() {
    var markers: [() -> DeinitMarker?] = []
    var kept: [any Disposable] = []
    for _ in 0..<1_000 {
      let subject = PassthroughSubject<Int, Never>()
      var round: [any Disposable] = []
      for _ in 0..<8 {
        let marker = DeinitMarker()
        weak let weakMarker = marker
        markers.append { weakMarker }
        round.append(
          subject.observe { _ in
            _ = spin(100)
            withExtendedLifetime(marker) {}
          })
      }
      let sender = DispatchGroup()
      DispatchQueue.global().async(group: sender) {
        for value in 0..<4 { subject.send(value) }
        subject.send(completion: .finished)
      }
      for disposable in round.reversed() { disposable.dispose() }
      XCTAssertEqual(sender.wait(timeout: .now() + 60), .success)
      kept += round  // an ended observation must not need its disposable to go
    }
    XCTAssertEqual(markers.filter { $0() != nil }.count, 0, "ended observations keep their observers")
    withExtendedLifetime(kept) {}
  }

  /// Threads inside a callback never wait, so two subjects feeding each other under overload
  /// cannot deadlock.
  func testSubjectsFeedingEachOtherUnderOverloadDoNotDeadlock() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let delivered = AtomicInt(0)
    let a = first.observeNext { hops in
      delivered.add(1, ordering: .relaxed)
      if hops > 0 { second.send(hops - 1) }
    }
    let b = second.observeNext { hops in
      delivered.add(1, ordering: .relaxed)
      _ = spin(200)
      if hops > 0 { first.send(hops - 1) }
    }
    let perThread = 2_000
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) {
      DispatchQueue.concurrentPerform(iterations: threadCount) { thread in
        for _ in 0..<perThread { (thread.isMultiple(of: 2) ? first : second).send(3) }
      }
    }
    XCTAssertEqual(done.wait(timeout: .now() + 300), .success, "deadlock")
    XCTAssertEqual(delivered.load(ordering: .relaxed), threads * perThread * 4)
    a.dispose()
    b.dispose()
  }
}
