import Dispatch
import Tether
import TetherSynchronization
import TetherTestSupport
import XCTest

private let perThread = 1_000

/// Combining and flattening operators fed from several threads at once: events reach the observer
/// one at a time, nothing is lost or duplicated, and stateful results follow the inputs' order.
/// Bounded (a few thousand events per thread) so it stays fast under the thread sanitizer.
final class OperatorStressTests: XCTestCase {
  func testMergeOfInputsSentFromSeveralThreads() {
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(merge(subjects))
    DispatchQueue.concurrentPerform(iterations: subjects.count) { input in
      for index in 0..<perThread { subjects[input].send(input * 1_000_000 + index) }
      subjects[input].send(completion: .finished)
    }
    XCTAssertTrue(recorder.isCompleted)
    for input in subjects.indices {
      let own = recorder.elements.filter { $0 / 1_000_000 == input }.map { $0 % 1_000_000 }
      XCTAssertEqual(own, Array(0..<perThread), "input \(input)")
    }
    recorder.assertNoViolations()
  }

  func testCombineLatestEmitsInTheOrderTheInputsChanged() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<[Int], Never>()
    recorder.observe(combineLatest([a, b]))
    DispatchQueue.concurrentPerform(iterations: 2) { input in
      let subject = input == 0 ? a : b
      for index in 0..<perThread { subject.send(index) }
      subject.send(completion: .finished)
    }
    let pairs = recorder.elements
    XCTAssertTrue(recorder.isCompleted)
    XCTAssertEqual(pairs.last, [perThread - 1, perThread - 1], "the last pair is the pair of the latest elements")
    for input in 0..<2 {
      let values = pairs.map { $0[input] }
      XCTAssertEqual(values, values.sorted(), "input \(input)'s latest element never goes back")
    }
    recorder.assertNoViolations()
  }

  func testZipPairsByPositionAcrossThreads() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(a.zip(with: b) { $0 == $1 ? $0 : -1 })
    DispatchQueue.concurrentPerform(iterations: 2) { input in
      let subject = input == 0 ? a : b
      for index in 0..<perThread { subject.send(index) }
      subject.send(completion: .finished)
    }
    XCTAssertEqual(recorder.elements, Array(0..<perThread))
    XCTAssertTrue(recorder.isCompleted)
    recorder.assertNoViolations()
  }

  func testFlatMapMergeOfInnersEmittingOnOtherThreads() {
    let outer = PassthroughSubject<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let recorder = EventRecorder<Int, Never>(onEvent: { if $0.isTerminal { done.signal() } })
    recorder.observe(outer.flatMapMerge { SafeSignal(sequence: [$0, $0]).receive(on: DispatchQueue.global()) })
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<(perThread / 4) { outer.send(thread * 1_000_000 + index) }
    }
    outer.send(completion: .finished)
    XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
    XCTAssertEqual(recorder.elements.count, perThread * 2)
    XCTAssertEqual(Set(recorder.elements).count, perThread)
    recorder.assertNoViolations()
  }

  /// Guards flatMapConcat's order: inner signals that emit and complete on other threads, often
  /// while being observed or while the outer signal sends the next one, are still emitted one after
  /// another, each whole, in the order the outer signal sent them.
  func testFlatMapConcatOfInnersCompletingOnOtherThreads() {
    let count = 300
    let outer = PassthroughSubject<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let recorder = EventRecorder<Int, Never>(onEvent: { if $0.isTerminal { done.signal() } })
    recorder.observe(
      outer.flatMapConcat { index in
        SafeSignal(sequence: [index * 10, index * 10 + 1]).receive(on: DispatchQueue.global())
      })
    for index in 0..<count { outer.send(index) }
    outer.send(completion: .finished)
    XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
    XCTAssertEqual(recorder.elements, (0..<count).flatMap { [$0 * 10, $0 * 10 + 1] })
    XCTAssertTrue(recorder.isCompleted)
    recorder.assertNoViolations()
  }

  func testFlatMapLatestWhileInnersEmitFromOtherThreads() {
    let outer = PassthroughSubject<Int, Never>()
    let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(outer.flatMapLatest { inners[$0 % inners.count] })
    DispatchQueue.concurrentPerform(iterations: inners.count + 1) { thread in
      // Bounded loops: concurrentPerform may run its iterations one after another on few cores.
      if thread == 0 {
        for index in 0..<perThread { outer.send(index) }
      } else {
        for index in 0..<perThread { inners[thread - 1].send(index) }
      }
    }
    outer.send(completion: .finished)
    inners[(perThread - 1) % inners.count].send(completion: .finished)
    XCTAssertTrue(recorder.isCompleted)
    recorder.assertNoViolations()
  }

  /// Guards "emits the events of the latest one only": senders keep sending to the latest inner
  /// signal and to the one it replaced while the outer signal switches, and no element of a
  /// replaced inner signal follows one of its successor.
  func testFlatMapLatestNeverEmitsAReplacedInnerAfterItsSuccessor() {
    let switches = 300
    let outer = PassthroughSubject<Int, Never>()
    let inners = Shared<[PassthroughSubject<Int, Never>]>([])
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(
      outer.flatMapLatest { index in
        let inner = PassthroughSubject<Int, Never>()
        inners.withLock { $0.append(inner) }
        return inner.map { index * 100_000 + $0 }
      })
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      if thread == 0 {
        for index in 0..<switches { outer.send(index) }
        return
      }
      // Bounded: the senders may run before or after the switching thread.
      var rng = SeededRandomNumberGenerator(seed: UInt64(thread))
      for value in 0..<switches * 2 {
        let target = inners.withLock { inners -> PassthroughSubject<Int, Never>? in
          guard !inners.isEmpty else { return nil }
          return inners[max(0, inners.count - 1 - Int.random(in: 0...1, using: &rng))]
        }
        target?.send(value)
      }
    }
    let sources = recorder.elements.map { $0 / 100_000 }
    XCTAssertEqual(sources, sources.sorted(), "an inner signal's element after its successor's")
    XCTAssertEqual(inners.withLock { $0.count }, switches)
    recorder.assertNoViolations()
  }

  /// Guards zip's pairing and completion: one input completing on its thread while the other
  /// still sends on another, the result pairs by position up to the shorter input, then completes.
  func testZipWithAnInputCompletingWhileTheOtherSendsPairsUpToTheShorterOne() {
    var rng = SeededRandomNumberGenerator(seed: 21)
    for round in 0..<200 {
      let counts = [Int.random(in: 0...30, using: &rng), Int.random(in: 0...30, using: &rng)]
      let a = PassthroughSubject<Int, Never>()
      let b = PassthroughSubject<Int, Never>()
      let recorder = EventRecorder<Int, Never>()
      recorder.observe(a.zip(with: b) { $0 == $1 ? $0 : -1 })
      DispatchQueue.concurrentPerform(iterations: 2) { input in
        let subject = input == 0 ? a : b
        for index in 0..<counts[input] { subject.send(index) }
        subject.send(completion: .finished)
      }
      XCTAssertEqual(recorder.elements, Array(0..<counts.min()!), "round \(round), \(counts)")
      XCTAssertTrue(recorder.isCompleted, "round \(round)")
      recorder.assertNoViolations()
    }
  }

  func testDisposingWhileInputsSendStopsDelivery() {
    let subjects = (0..<2).map { _ in PassthroughSubject<Int, Never>() }
    let received = AtomicInt(0)
    let observation = merge(subjects).observe { _ in received.add(1, ordering: .relaxed) }
    let stop = AtomicBool(false)
    let group = DispatchGroup()
    for subject in subjects {
      DispatchQueue.global().async(group: group) {
        while !stop.load(ordering: .relaxed) { subject.send(1) }
      }
    }
    while received.load(ordering: .relaxed) < 100 {}
    observation.dispose()
    let atDispose = received.load(ordering: .relaxed)
    for _ in 0..<1_000 { subjects[0].send(1) }
    stop.store(true, ordering: .relaxed)
    XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
    XCTAssertLessThanOrEqual(received.load(ordering: .relaxed), atDispose + 2)
  }

  /// HandleEvents.swift: "`receiveCancel` runs when the observation is disposed before the signal
  /// ended": of a completion and a dispose racing, exactly one handler runs (as in Combine).
  func testHandleEventsRunsEitherTheCompletionOrTheCancelHandlerNeverBoth() {
    var both = 0
    var neither = 0
    for _ in 0..<2_000 {
      let subject = PassthroughSubject<Int, Never>()
      let completions = Shared(0)
      let cancels = Shared(0)
      let observation = subject.handleEvents(
        receiveCompletion: { _ in completions.withLock { $0 += 1 } },
        receiveCancel: { cancels.withLock { $0 += 1 } }
      ).observe { _ in }
      DispatchQueue.concurrentPerform(iterations: 2) { side in
        if side == 0 { subject.send(completion: .finished) } else { observation.dispose() }
      }
      switch (completions.withLock { $0 }, cancels.withLock { $0 }) {
      case (1, 0), (0, 1): break
      case (0, 0): neither += 1
      default: both += 1
      }
    }
    XCTAssertEqual(both, 0, "rounds where both the completion and the cancel handler ran")
    XCTAssertEqual(neither, 0, "rounds where neither handler ran")
  }

  /// A stateful operator (`merge`) flooded by other threads' events while one thread delivers:
  /// that thread hands delivery over after the shared budget and returns, every event is still
  /// delivered once, in each source's order, and observer calls never overlap.
  func testAFloodedOperatorDelivererHandsOverAndReturns() {
    checkFloodedDelivererHandsOverAndReturns(eventsPerFlood: 50_000) { sources, handler in
      merge(sources.enumerated().map { offset, subject in subject.map { (source: offset, value: $0) } })
        .observeNext(with: handler)
    }
  }
}
