import Dispatch
import Tether
import TetherTestSupport
import XCTest

private struct StressFailure: Error {}

private typealias Subject = PassthroughSubject<Int, StressFailure>
private typealias Chain = @Sendable (Subject, Subject) -> Signal<Int, StressFailure>

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

/// The operators built on the subjects, each observed while its inputs send and end on their own
/// threads and the observation is disposed on a third one, or from inside its own callback (run
/// under the thread sanitizer by CI). Seeded: every round's inputs, ends and timing are drawn from
/// the test's seed.
final class OperatorRaceStressTests: XCTestCase {
  /// Where the timed operators and the hops run: drained at the end of each round.
  private let queue = DispatchQueue(label: "stress.operator-race")

  /// Runs what the round left on the queue, and what that scheduled in turn (a coalescing drain
  /// hops once more before going idle).
  private func drainQueue() {
    for _ in 0..<3 { queue.sync {} }
  }

  /// Every stateful operator over two inputs `a` and `b`.
  private var chains: [(String, Chain)] {
    let queue = queue
    return [
      ("prefix", { a, _ in a.prefix(maxLength: 5) }),
      ("merge", { a, b in a.merge(with: b) }),
      ("combineLatest", { a, b in a.combineLatest(with: b) { $0 + $1 } }),
      ("zip", { a, b in a.zip(with: b) { $0 + $1 } }),
      ("combineLatest(array)", { a, b in combineLatest([a, b]).map { $0[0] + $0[1] } }),
      ("zip(array)", { a, b in zip([a, b]).map { $0[0] + $0[1] } }),
      ("with(latestFrom:)", { a, b in a.with(latestFrom: b) { $0 + $1 } }),
      ("sample(with:)", { a, b in a.sample(with: b.suppressError(logging: false)) }),
      ("replayLatest(when:)", { a, b in a.replayLatest(when: b.suppressError(logging: false)) }),
      ("flatMapError", { a, b in a.flatMapError { _ in b } }),
      ("amb", { a, b in a.amb(with: b) }),
      ("flatMapLatest", { a, b in a.flatMapLatest { _ in b } }),
      ("flatMapMerge", { a, b in a.flatMapMerge { _ in b.prefix(maxLength: 3) } }),
      ("flatMapConcat", { a, b in a.flatMapConcat { _ in b.prefix(maxLength: 2) } }),
      ("switchToLatest", { a, b in a.map { _ in b.toSignal() }.switchToLatest() }),
      ("append(signal)", { a, b in a.append(b) }),
      ("prefix(untilOutputFrom:)", { a, b in a.prefix(untilOutputFrom: b) }),
      ("pausable(by:)", { a, b in a.pausable(by: b.map { $0.isMultiple(of: 2) }) }),
      ("retry", { a, _ in a.retry(2) }),
      ("retry(when:)", { a, b in a.retry(when: b.suppressError(logging: false)) }),
      ("repeat(when:)", { a, b in a.repeat(when: { _ in b.suppressError(logging: false) }) }),
      ("share", { a, _ in a.share() }),
      ("share(limit:)", { a, _ in a.share(limit: 1) }),
      ("publish().refCount()", { a, _ in a.publish().refCount() }),
      ("replay(limit:).refCount()", { a, _ in a.replay(limit: 2).refCount() }),
      ("debounce", { a, _ in a.debounce(for: 0, queue: queue) }),
      ("throttle", { a, _ in a.throttle(for: 0, queue: queue) }),
      ("delay", { a, _ in a.delay(interval: 0, on: queue) }),
      ("timeout", { a, _ in a.timeout(after: 0.000_1, with: StressFailure(), on: queue) }),
      ("sample", { a, _ in a.sample(interval: 0.000_1, on: queue) }),
      ("receive(on:)", { a, _ in a.receive(on: queue) }),
      ("receiveCoalesced(on:)", { a, _ in a.receiveCoalesced(on: queue) }),
      ("subscribe(on:)", { a, _ in a.subscribe(on: queue) }),
    ]
  }

  /// One round's draw: how much each input sends, how each ends, and when the dispose comes.
  private struct Round {
    var sendsA: Int
    var sendsB: Int
    /// 0: completes, 1: fails, 2: does not end.
    var endA: Int
    var endB: Int
    var disposeAfter: Int

    init(_ rng: inout SeededRandomNumberGenerator) {
      sendsA = Int.random(in: 0...8, using: &rng)
      sendsB = Int.random(in: 0...8, using: &rng)
      endA = Int.random(in: 0...2, using: &rng)
      endB = Int.random(in: 0...2, using: &rng)
      disposeAfter = Int.random(in: 0...400, using: &rng)
    }

    func run(_ input: Int, _ subject: Subject) {
      for value in 0..<(input == 0 ? sendsA : sendsB) { subject.send(input * 100 + value) }
      switch input == 0 ? endA : endB {
      case 0: subject.send(completion: .finished)
      case 1: subject.send(completion: .failure(StressFailure()))
      default: break
      }
    }
  }

  /// Guards the `Disposable` contract (no new delivery once `dispose()` returned, apart from one
  /// already handed over on another thread) and the release of ended observations' observers.
  func testDisposingOnAnotherThreadWhileTheInputsSendAndEnd() {
    var rng = SeededRandomNumberGenerator(seed: 31)
    for (name, makeChain) in chains {
      for round in 0..<60 {
        let draw = Round(&rng)
        let (a, b) = (Subject(), Subject())
        let recorder = EventRecorder<Int, StressFailure>()
        let late = Shared((isDisposed: false, count: 0))
        weak var weakMarker: Marker?
        do {
          let marker = Marker()
          weakMarker = marker
          let observation = makeChain(a, b).observe { event in
            withExtendedLifetime(marker) {}
            recorder.record(event)
            late.withLock { if $0.isDisposed { $0.count += 1 } }
          }
          DispatchQueue.concurrentPerform(iterations: 3) { thread in
            switch thread {
            case 0: draw.run(0, a)
            case 1: draw.run(1, b)
            default:
              var spin = 0
              for step in 0..<draw.disposeAfter { spin &+= step }
              if spin >= 0 { observation.dispose() }
              late.withLock { $0.isDisposed = true }
            }
          }
        }
        drainQueue()
        let context = "\(name), round \(round)"
        XCTAssertLessThanOrEqual(late.withLock { $0.count }, 1, "\(context): delivered after dispose returned")
        XCTAssertEqual(recorder.violations, [], context)
        XCTAssertNil(weakMarker, "\(context): the observer is released while the inputs live on")
        withExtendedLifetime((a, b)) {}
      }
    }
  }

  /// Guards the release of ended observations: when both inputs end on their own threads, every
  /// chain ends, and its observer is released although the observation's disposable is kept and
  /// the inputs live on.
  func testEndingTheInputsOnTheirThreadsEndsTheChainAndReleasesItsObserver() {
    var rng = SeededRandomNumberGenerator(seed: 33)
    for (name, makeChain) in chains {
      for round in 0..<60 {
        var ending = Round(&rng)
        ending.endA = Int.random(in: 0...1, using: &rng)
        ending.endB = Int.random(in: 0...1, using: &rng)
        let draw = ending
        let (a, b) = (Subject(), Subject())
        let recorder = EventRecorder<Int, StressFailure>()
        let ended = DispatchSemaphore(value: 0)
        weak var weakMarker: Marker?
        var observation: (any Disposable)?
        do {
          let marker = Marker()
          weakMarker = marker
          observation = makeChain(a, b).observe { event in
            withExtendedLifetime(marker) {}
            recorder.record(event)
            if event.isTerminal { ended.signal() }
          }
          DispatchQueue.concurrentPerform(iterations: 2) { input in draw.run(input, input == 0 ? a : b) }
        }
        let context = "\(name), round \(round)"
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success, "\(context): the chain ends")
        drainQueue()
        XCTAssertEqual(recorder.violations, [], context)
        XCTAssertNil(weakMarker, "\(context): the observer is released while its disposable is kept")
        withExtendedLifetime((a, b, observation)) {}
      }
    }
  }

  /// Guards "disposing from inside a callback works": once the observer disposed its own
  /// observation, nothing more reaches it, whichever thread the inputs send from.
  func testDisposingFromInsideTheCallbackWhileTheInputsSendFromOtherThreads() {
    var rng = SeededRandomNumberGenerator(seed: 32)
    for (name, makeChain) in chains {
      for round in 0..<60 {
        let draw = Round(&rng)
        let disposeAt = Int.random(in: 1...4, using: &rng)
        let (a, b) = (Subject(), Subject())
        let observation = Shared<(any Disposable)?>(nil)
        let seen = Shared((count: 0, isDisposed: false, late: 0))
        weak var weakMarker: Marker?
        do {
          let marker = Marker()
          weakMarker = marker
          let made = makeChain(a, b).observe { _ in
            withExtendedLifetime(marker) {}
            let mustDispose = seen.withLock { seen -> Bool in
              if seen.isDisposed { seen.late += 1 }
              seen.count += 1
              return seen.count == disposeAt
            }
            guard mustDispose else { return }
            observation.withLock { $0 }?.dispose()
            seen.withLock { $0.isDisposed = true }
          }
          observation.withLock { $0 = made }
          DispatchQueue.concurrentPerform(iterations: 2) { input in draw.run(input, input == 0 ? a : b) }
          drainQueue()
          observation.withLock { $0 }?.dispose()
          observation.withLock { $0 = nil }
        }
        drainQueue()
        let context = "\(name), round \(round)"
        XCTAssertEqual(seen.withLock { $0.late }, 0, "\(context): delivered after disposing from the callback")
        XCTAssertNil(weakMarker, "\(context): the observer is released while the inputs live on")
        withExtendedLifetime((a, b)) {}
      }
    }
  }

  /// Guards the timed operators' order on a scheduler that runs due actions concurrently (their
  /// timers may fire at once on several threads): `delay` emits every event in order, and
  /// `debounce` and `throttle` emit increasing elements ending with the last one, then complete.
  func testTimedOperatorsOnAConcurrentQueueKeepTheOrder() {
    let concurrent = DispatchQueue(label: "stress.timers", attributes: .concurrent)
    let count = 300
    let chains: [(String, (Subject) -> Signal<Int, StressFailure>)] = [
      ("delay", { $0.delay(interval: 0, on: concurrent) }),
      ("debounce", { $0.debounce(for: 0, queue: concurrent) }),
      ("throttle", { $0.throttle(for: 0, queue: concurrent) }),
    ]
    for (name, makeChain) in chains {
      for round in 0..<5 {
        let subject = Subject()
        let ended = DispatchSemaphore(value: 0)
        let recorder = EventRecorder<Int, StressFailure>(onEvent: { if $0.isTerminal { ended.signal() } })
        recorder.observe(makeChain(subject))
        for value in 0..<count { subject.send(value) }
        subject.send(completion: .finished)
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success, "\(name), round \(round)")
        let elements = recorder.elements
        if name == "delay" {
          XCTAssertEqual(elements, Array(0..<count), "\(name), round \(round)")
        } else {
          XCTAssertEqual(elements, elements.sorted(), "\(name), round \(round)")
          XCTAssertEqual(Set(elements).count, elements.count, "\(name), round \(round)")
          XCTAssertEqual(elements.last, count - 1, "\(name), round \(round)")
        }
        XCTAssertTrue(recorder.isCompleted, "\(name), round \(round)")
        recorder.assertNoViolations()
      }
    }
  }
}
