import Dispatch
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

/// The common app case: a view model owning the source subjects goes away without completing them,
/// and the observation's disposable is dropped without being disposed. Nothing can send to the
/// chain any more, so the observer and what it captures must be released (ReactiveKit's subjects
/// let go of their observers when they deinitialize; operator state must not keep them alive in a
/// cycle with the upstream subscription).
final class OperatorLifetimeTests: XCTestCase {
  typealias Subject = PassthroughSubject<Int, OperatorError>

  /// Builds a chain from `inputs` fresh subjects, observes it with a closure capturing a marker,
  /// optionally sends `1` to each input in order, then drops the subjects and the disposable.
  /// Runs `scheduler` (firing any timer still pending) and asserts the marker was released.
  private func assertReleased<S: SignalProtocol>(
    inputs: Int = 1,
    sending: Bool = true,
    firing scheduler: VirtualTimeScheduler? = nil,
    _ name: String = "",
    file: StaticString = #filePath,
    line: UInt = #line,
    _ makeChain: ([Subject]) -> S
  ) {
    weak var weakMarker: Marker?
    var weakSubjects: [() -> Subject?] = []
    do {
      let marker = Marker()
      weakMarker = marker
      let subjects = (0..<inputs).map { _ in Subject() }
      for subject in subjects {
        weak let weakSubject = subject
        weakSubjects.append { weakSubject }
      }
      let disposable = makeChain(subjects).observe { _ in withExtendedLifetime(marker) {} }
      if sending {
        for subject in subjects { subject.send(1) }
      }
      _ = disposable
    }
    XCTAssertTrue(weakSubjects.allSatisfy { $0() == nil }, "\(name): the subjects are gone", file: file, line: line)
    scheduler?.run()
    XCTAssertNil(weakMarker, "\(name): the observer is released", file: file, line: line)
  }

  // MARK: Hops

  func testReceiveOnReleasesItsObserverOnceItsActionsRan() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(firing: scheduler) { $0[0].receive(on: scheduler).prefix(maxLength: 3) }
  }

  /// On a `DispatchQueue`, every event's action is one block shared by the observation, and each
  /// pending action keeps the hop alive by a reference of its own: the observer must be released
  /// once the last action has run (not before, and not never).
  func testReceiveOnADispatchQueueReleasesItsObserverOnceItsActionsRan() {
    for disposing in [false, true] {
      let queue = DispatchQueue(label: "OperatorLifetimeTests.receive-on")
      let received = Locked([Int]())
      weak var weakMarker: Marker?
      queue.suspend()  // the actions stay pending while the chain goes away
      do {
        let marker = Marker()
        weakMarker = marker
        let subject = Subject()
        let disposable = subject.receive(on: queue).observeNext { value in
          withExtendedLifetime(marker) { received.withLock { $0.append(value) } }
        }
        for value in 0..<3 { subject.send(value) }
        if disposing { disposable.dispose() }
      }
      XCTAssertNotNil(weakMarker, "disposing \(disposing): the pending actions hold the observer")
      queue.resume()
      queue.sync {}
      XCTAssertNil(weakMarker, "disposing \(disposing): the observer is released after the last action")
      XCTAssertEqual(received.withLock { $0 }, disposing ? [] : [0, 1, 2], "disposing \(disposing)")
    }
  }

  func testReceiveCoalescedReleasesItsObserverOnceItsActionsRan() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(firing: scheduler) { $0[0].receiveCoalesced(on: scheduler).prefix(maxLength: 3) }
  }

  // MARK: The operators the issue names

  func testPrefixReleasesItsObserver() {
    assertReleased { $0[0].prefix(maxLength: 3) }
  }

  func testDebounceReleasesItsObserver() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(sending: false) { $0[0].debounce(for: 1, queue: scheduler) }
  }

  func testDebounceReleasesItsObserverOnceItsTimerFired() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(firing: scheduler) { $0[0].debounce(for: 1, queue: scheduler) }
  }

  func testThrottleReleasesItsObserver() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(sending: false) { $0[0].throttle(for: 1, queue: scheduler) }
  }

  func testThrottleReleasesItsObserverOnceItsTimerFired() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(firing: scheduler) { $0[0].throttle(for: 1, queue: scheduler) }
  }

  func testDelayReleasesItsObserver() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(sending: false) { $0[0].delay(interval: 1, on: scheduler) }
  }

  func testDelayReleasesItsObserverOnceItsTimerFired() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(firing: scheduler) { $0[0].delay(interval: 1, on: scheduler) }
  }

  func testMergeReleasesItsObserver() {
    assertReleased(inputs: 2) { $0[0].merge(with: $0[1]) }
  }

  func testCombineLatestReleasesItsObserver() {
    assertReleased(inputs: 2) { $0[0].combineLatest(with: $0[1]) }
  }

  func testZipReleasesItsObserver() {
    assertReleased(inputs: 2) { $0[0].zip(with: $0[1]) }
  }

  func testWithLatestFromReleasesItsObserver() {
    assertReleased(inputs: 2) { $0[0].with(latestFrom: $0[1]) }
  }

  func testAmbReleasesItsObserver() {
    assertReleased(inputs: 2, sending: false) { $0[0].amb(with: $0[1]) }
    assertReleased(inputs: 2) { $0[0].amb(with: $0[1]) }
  }

  func testFlatMapLatestReleasesItsObserver() {
    assertReleased(inputs: 2) { subjects in
      let inner = subjects[1]
      return subjects[0].flatMapLatest { _ in inner }
    }
  }

  func testFlatMapMergeReleasesItsObserver() {
    assertReleased(inputs: 2) { subjects in
      let inner = subjects[1]
      return subjects[0].flatMapMerge { _ in inner }
    }
  }

  func testShareReleasesItsObserver() {
    assertReleased { $0[0].share() }
    assertReleased { $0[0].shareReplay(limit: 1) }
    assertReleased { $0[0].share().prefix(maxLength: 5) }
  }

  // MARK: Every other operator that keeps per-observation state

  func testEveryStatefulOperatorReleasesItsObserver() {
    let scheduler = VirtualTimeScheduler()
    let chains: [(String, Int, ([Subject]) -> Signal<Int, OperatorError>)] = [
      ("first", 1, { $0[0].first() }),
      ("output(at:)", 1, { $0[0].output(at: 3) }),
      ("prefix(untilOutputFrom:)", 2, { $0[0].prefix(untilOutputFrom: $0[1]) }),
      ("timeout", 1, { $0[0].timeout(after: 5, with: OperatorError(1), on: scheduler) }),
      ("append(contentsOf:)", 1, { $0[0].append(contentsOf: [7]) }),
      ("append(signal)", 2, { $0[0].append($0[1]) }),
      ("prepend(contentsOf:)", 1, { $0[0].prepend(contentsOf: [7]) }),
      ("replaceEmpty", 1, { $0[0].replaceEmpty(with: 7) }),
      ("flatMapError", 1, { $0[0].flatMapError { _ in Signal<Int, OperatorError>(just: 7) } }),
      ("merge(array)", 3, { merge($0) }),
      ("combineLatest(array)", 3, { combineLatest($0).map { $0.count } }),
      ("zip(array)", 3, { zip($0).map { $0.count } }),
      ("amb(array)", 3, { amb($0) }),
      (
        "flatMapConcat", 2,
        { subjects in
          let inner = subjects[1]
          return subjects[0].flatMapConcat { _ in inner }
        }
      ),
      (
        "switchToLatest", 2,
        { subjects in
          let inner = subjects[1].toSignal()
          return subjects[0].map { _ in inner }.switchToLatest()
        }
      ),
      ("suffix", 1, { $0[0].suffix(maxLength: 2) }),
      ("last", 1, { $0[0].last() }),
      ("dropLast", 1, { $0[0].dropLast() }),
      ("buffer", 1, { $0[0].buffer(size: 2).map { $0.count } }),
      ("collect", 1, { $0[0].collect().map { $0.count } }),
      ("reduce", 1, { $0[0].reduce(0, +) }),
      ("scan", 1, { $0[0].scan(0, +) }),
      ("removeDuplicates", 1, { $0[0].removeDuplicates() }),
      ("zipPrevious", 1, { $0[0].zipPrevious().map { $0.1 } }),
      ("dropFirst", 1, { $0[0].dropFirst() }),
      ("dematerialize", 1, { $0[0].materialize().dematerialize() }),
      ("replaceError", 1, { $0[0].replaceError(with: 7).castError() }),
      ("handleEvents", 1, { $0[0].handleEvents(receiveOutput: { _ in }) }),
    ]
    for (name, inputs, makeChain) in chains {
      assertReleased(inputs: inputs, sending: false, firing: scheduler, name, makeChain)
      assertReleased(inputs: inputs, firing: scheduler, name, makeChain)
    }
  }

  // MARK: ReactiveKit's operators (issue 13)

  func testTheReactiveKitOperatorsReleaseTheirObserver() {
    let scheduler = VirtualTimeScheduler()
    let chains: [(String, Int, ([Subject]) -> Signal<Int, OperatorError>)] = [
      ("publish().refCount()", 1, { $0[0].publish().refCount() }),
      ("replay(limit:).refCount()", 1, { $0[0].replay(limit: 2).refCount() }),
      ("share(limit:)", 1, { $0[0].share(limit: 1) }),
      ("share(limit:keepAlive:)", 1, { $0[0].share(limit: 1, keepAlive: true) }),
      ("replayLatest(when:)", 2, { $0[0].replayLatest(when: $0[1].suppressError(logging: false)) }),
      (
        "flatten(.merge)", 2,
        { subjects in
          let inner = subjects[1].toSignal()
          return subjects[0].map { _ in inner }.flatten(.merge)
        }
      ),
      (
        "merge()", 2,
        { subjects in
          let inner = subjects[1].toSignal()
          return subjects[0].map { _ in inner }.merge()
        }
      ),
      (
        "concat()", 2,
        { subjects in
          let inner = subjects[1].toSignal()
          return subjects[0].map { _ in inner }.concat()
        }
      ),
      (
        "flatMap(.latest)", 2,
        { subjects in
          let inner = subjects[1]
          return subjects[0].flatMap(.latest) { _ in inner }
        }
      ),
      ("window(ofSize:)", 1, { $0[0].window(ofSize: 2).flatten(.concat) }),
      ("pairwise", 1, { $0[0].pairwise().map { $0.0 } }),
      ("sample(with:)", 2, { $0[0].sample(with: $0[1].suppressError(logging: false)) }),
      ("sample(interval:on:)", 1, { $0[0].sample(interval: 1, on: scheduler) }),
      ("pausable(by:)", 2, { $0[0].pausable(by: $0[1].map { $0 > 0 }) }),
      ("prefix(while:)", 1, { $0[0].prefix(while: { $0 < 5 }) }),
      ("drop(while:)", 1, { $0[0].drop(while: { $0 < 5 }) }),
      ("dropFirst(for:on:)", 1, { $0[0].dropFirst(for: 1, on: scheduler) }),
      ("mapToResult()", 1, { $0[0].mapToResult().map { (try? $0.get()) ?? 0 }.castError() }),
      ("getValues()", 1, { $0[0].map { Result<Int, OperatorError>.success($0) }.getValues() }),
      ("tryMap(_:)", 1, { $0[0].tryMap { .success($0) } }),
      ("breakpoint", 1, { $0[0].breakpoint(receiveOutput: { _ in false }) }),
      (
        "repeat(when:)", 2,
        { subjects in
          let inner = subjects[1].suppressError(logging: false)
          return subjects[0].repeat(when: { _ in inner })
        }
      ),
      ("retry(_:)", 1, { $0[0].retry(2) }),
      ("retry(when:)", 2, { $0[0].retry(when: $0[1].suppressError(logging: false)) }),
    ]
    for (name, inputs, makeChain) in chains {
      assertReleased(inputs: inputs, sending: false, firing: scheduler, name, makeChain)
      assertReleased(inputs: inputs, firing: scheduler, name, makeChain)
    }
  }

  /// `retry(when:)` holds its receiver to observe it again, so a receiver that holds its observers
  /// (a subject) keeps the chain alive until it ends; once it has ended, nothing is held.
  func testRetryWhenReleasesItsObserverOnceTheReceiverOrTheTriggerEnds() {
    for end in ["receiver completes", "trigger completes while waiting", "receiver fails unretried"] {
      weak var weakMarker: Marker?
      weak var weakSource: Subject?
      weak var weakTrigger: PassthroughSubject<Void, Never>?
      do {
        let marker = Marker()
        weakMarker = marker
        let source = Subject()
        let trigger = PassthroughSubject<Void, Never>()
        weakSource = source
        weakTrigger = trigger
        let retried = source.retry(when: trigger, if: { $0.code == 1 })
        _ = retried.observe { _ in withExtendedLifetime(marker) {} }
        source.send(1)
        switch end {
        case "receiver completes":
          source.send(completion: .finished)
        case "trigger completes while waiting":
          source.send(completion: .failure(OperatorError(1)))
          trigger.send(completion: .finished)
        default:
          source.send(completion: .failure(OperatorError(2)))
        }
      }
      XCTAssertNil(weakSource, end)
      XCTAssertNil(weakTrigger, end)
      XCTAssertNil(weakMarker, end)
    }
  }

  /// The subject's owner drops it without ending it and the observation's disposable is dropped:
  /// `retry` must not keep the subject (and so the observer) alive through the signal it observes
  /// again.
  func testRetryReleasesASubjectItsOwnerDropped() {
    for retries in ["retry(2)", "retry(2) after a retried failure", "retry(when:)"] {
      weak var weakMarker: Marker?
      weak var weakSource: Subject?
      do {
        let marker = Marker()
        weakMarker = marker
        let source = Subject()
        weakSource = source
        // A producer must capture the subject's signal, not the subject, for the subject to go.
        let sourceSignal = source.toSignal()
        let attempts = EventRecorder<Void, Never>()
        let failingOnce = Signal<Int, OperatorError> { observer in
          attempts.record(.next(()))
          guard attempts.elements.count > 1 else {
            observer.receive(completion: .failure(OperatorError(1)))
            return NonDisposable.instance
          }
          return sourceSignal.observe { observer.on($0) }
        }
        let retried: Signal<Int, OperatorError>
        switch retries {
        case "retry(2)": retried = source.retry(2)
        case "retry(when:)": retried = source.retry(when: PassthroughSubject<Void, Never>())
        default: retried = failingOnce.retry(2)
        }
        _ = retried.observe { _ in withExtendedLifetime(marker) {} }
        source.send(1)
      }
      XCTAssertNil(weakSource, retries)
      XCTAssertNil(weakMarker, retries)
    }
  }

  /// A subject's signal does not keep the subject; observed (again, by `retry`) after the subject
  /// went away, it gives what the subject would have (the replay) and leaves no cycle between the
  /// operator and the observation it keeps.
  func testASubjectsSignalObservedAfterTheSubjectWentAwayReplaysAndReleasesItsObserver() {
    weak var weakMarker: Marker?
    let recorder = EventRecorder<Int, Never>()
    do {
      let marker = Marker()
      weakMarker = marker
      let signal: Signal<Int, Never>
      do {
        let subject = ReplaySubject<Int, Never>(bufferSize: 2)
        subject.send(1)
        subject.send(2)
        signal = subject.retry(1).map { $0 }
      }
      _ = signal.observe { event in
        withExtendedLifetime(marker) {}
        recorder.record(event)
      }
      _ = signal.observe { _ in withExtendedLifetime(marker) {} }
    }
    XCTAssertEqual(recorder.elements, [1, 2])
    XCTAssertNil(weakMarker)
  }

  /// Observed after its subject went away, a subject's signal gives what the subject replays
  /// (its buffered elements, and its terminal event if it had ended) and then nothing more, and
  /// ends the observation at once, releasing the observer even while its disposable is kept.
  func testASubjectsSignalObservedAfterTheSubjectWentAwayReplaysThenEndsTheObservation() {
    /// Sends 1, 2, 3 (and the completion if `ends`) and returns the subject's signal.
    func signal<S: SubjectProtocol<Int, OperatorError>>(of subject: S, ending ends: Bool) -> Signal<Int, OperatorError>
    {
      for element in 1...3 { subject.send(element) }
      if ends { subject.send(completion: .finished) }
      return subject.toSignal()
    }
    let subjects: [(String, [Int], (Bool) -> Signal<Int, OperatorError>)] = [
      ("PassthroughSubject", [], { signal(of: PassthroughSubject(), ending: $0) }),
      ("ReplaySubject", [2, 3], { signal(of: ReplaySubject(bufferSize: 2), ending: $0) }),
      ("ReplayOneSubject", [3], { signal(of: ReplayOneSubject(), ending: $0) }),
    ]
    for (name, expected, makeSignal) in subjects {
      for ends in [false, true] {
        weak var weakMarker: Marker?
        let recorder = EventRecorder<Int, OperatorError>()
        var disposable: (any Disposable)?
        do {
          let marker = Marker()
          weakMarker = marker
          disposable = makeSignal(ends).observe { event in
            withExtendedLifetime(marker) {}
            recorder.record(event)
          }
        }
        XCTAssertEqual(recorder.elements, expected, "\(name), ended: \(ends)")
        XCTAssertEqual(recorder.isCompleted, ends, "\(name), ended: \(ends)")
        XCTAssertNil(weakMarker, "\(name), ended: \(ends)")
        disposable?.dispose()
      }
    }
  }

  /// An observer that joins while an event is being delivered and before the subject goes away
  /// hears what was sent before the subject went away, as the observers registered earlier do.
  func testAnObserverJoiningBeforeTheSubjectWentAwayHearsWhatWasSentBefore() {
    final class Owner: @unchecked Sendable {  // Safe: only used on the test's thread.
      var subject: ReplayOneSubject<Int, Never>? = ReplayOneSubject()
      var lateObservation: (any Disposable)?
    }
    let owner = Owner()
    owner.subject?.send(1)
    let signal = owner.subject!.toSignal()
    let late = EventRecorder<Int, Never>()
    let early = EventRecorder<Int, Never>()
    // The replay of 1 is delivered by this `observe` call, which holds the core but not the
    // subject, so the subject can go away during the delivery.
    let earlyObservation = signal.observe { event in
      early.record(event)
      guard event.element == 1 else { return }
      // Queued behind the replay of 1, in this order: the join, the 2, the detach.
      owner.lateObservation = signal.observe(with: late.observer)
      owner.subject?.send(2)
      owner.subject = nil
    }
    XCTAssertNil(owner.subject)
    XCTAssertEqual(early.elements, [1, 2])
    XCTAssertEqual(late.elements, [1, 2])
    XCTAssertFalse(late.isCompleted)
    earlyObservation.dispose()
    owner.lateObservation?.dispose()
  }

  func testAConnectedPublishReleasesItsObserversWhenTheSourceGoesAway() {
    weak var weakMarker: Marker?
    do {
      let marker = Marker()
      weakMarker = marker
      let subject = Subject()
      let published = subject.publish()
      _ = published.observe { _ in withExtendedLifetime(marker) {} }
      _ = published.connect()
      subject.send(1)
    }
    XCTAssertNil(weakMarker)
  }

  // MARK: Timers on a real queue

  /// An observation of a timed operator on a dispatch queue that ends (disposed, completed or
  /// failed) before its timer is due releases its observer at once, not when the cancelled timer's
  /// deadline passes: a long timeout must not keep every ended observation's observer alive.
  func testTimedOperatorsOnADispatchQueueReleaseTheirObserverBeforeACancelledTimerIsDue() {
    let queue = DispatchQueue(label: "lifetime.timers")
    let hour = 3_600.0
    let chains: [(String, (Subject) -> Signal<Int, OperatorError>)] = [
      ("debounce", { $0.debounce(for: hour, queue: queue) }),
      ("throttle", { $0.throttle(for: hour, queue: queue) }),
      ("timeout", { $0.timeout(after: hour, with: OperatorError(1), on: queue) }),
      ("delay", { $0.delay(interval: hour, on: queue) }),
      ("sample(interval:on:)", { $0.sample(interval: hour, on: queue) }),
    ]
    for (name, makeChain) in chains {
      for end in ["dispose", "complete", "fail"] {
        weak var weakMarker: Marker?
        let subject = Subject()
        do {
          let marker = Marker()
          weakMarker = marker
          let observation = makeChain(subject).observe { _ in withExtendedLifetime(marker) {} }
          subject.send(1)
          subject.send(2)
          switch end {
          case "dispose": observation.dispose()
          case "complete": subject.send(completion: .finished)
          default: subject.send(completion: .failure(OperatorError(2)))
          }
          if end != "dispose" { observation.dispose() }
        }
        queue.sync {}  // lets anything the end handed to the queue run
        XCTAssertNil(weakMarker, "\(name), \(end): the observer is released")
      }
    }
  }

  // MARK: Chains, and other sources that go away silently

  func testAChainOfStatefulOperatorsReleasesItsObserver() {
    let scheduler = VirtualTimeScheduler()
    assertReleased(inputs: 3, firing: scheduler) { subjects in
      subjects[0].prefix(maxLength: 10)
        .combineLatest(with: subjects[1].merge(with: subjects[2]).debounce(for: 1, queue: scheduler))
        .map { $0 + $1 }
        .scan(0, +)
        .delay(interval: 1, on: scheduler)
        .share()
        .zipPrevious()
    }
  }

  func testOperatorsReleaseTheirObserverWhenAReplaySubjectGoesAway() {
    weak var weakMarker: Marker?
    do {
      let marker = Marker()
      weakMarker = marker
      let subject = ReplaySubject<Int, Never>(bufferSize: 2)
      let other = ReplayOneSubject<Int, Never>()
      subject.send(1)
      other.send(2)
      _ = subject.combineLatest(with: other).prefix(maxLength: 5).observe { _ in withExtendedLifetime(marker) {} }
    }
    XCTAssertNil(weakMarker)
  }

  func testOperatorsReleaseTheirObserverWhenASubjectInsideAProducerGoesAway() {
    weak var weakMarker: Marker?
    do {
      let marker = Marker()
      weakMarker = marker
      let subject = PassthroughSubject<Int, Never>()
      let wrapped = Signal<Int, Never> { observer in subject.observe { observer.on($0) } }
      _ = wrapped.merge(with: wrapped).observe { _ in withExtendedLifetime(marker) {} }
      subject.send(1)
    }
    XCTAssertNil(weakMarker)
  }
}
