import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

private struct TestError: Error, Equatable {}

final class SubjectTests: XCTestCase {
  func testPassthroughDeliversToObserversRegisteredAtSendTime() {
    let subject = PassthroughSubject<Int, Never>()
    let early = EventRecorder<Int, Never>()
    let late = EventRecorder<Int, Never>()
    early.observe(subject)
    subject.send(1)
    late.observe(subject)
    subject.send(2)
    subject.send(completion: .finished)
    XCTAssertEqual(early.events, [.next(1), .next(2), .completed])
    XCTAssertEqual(late.events, [.next(2), .completed])
  }

  func testMisuseIsDefinedSendsAfterCompletionAreIgnoredAndLateObserversGetTheTerminalEvent() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = EventRecorder<Int, TestError>()
    recorder.observe(subject)
    subject.send(completion: .failure(TestError()))
    subject.send(1)
    subject.send(completion: .finished)
    XCTAssertEqual(recorder.events, [.failed(TestError())])
    let late = EventRecorder<Int, TestError>()
    late.observe(subject)
    XCTAssertEqual(late.events, [.failed(TestError())])
    recorder.assertNoViolations()
  }

  func testReplaySubjectReplaysItsBufferThenTheTerminalEvent() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 2)
    for value in 1...4 { subject.send(value) }
    let middle = EventRecorder<Int, Never>()
    middle.observe(subject)
    subject.send(5)
    subject.send(completion: .finished)
    let late = EventRecorder<Int, Never>()
    late.observe(subject)
    XCTAssertEqual(middle.events, [.next(3), .next(4), .next(5), .completed])
    XCTAssertEqual(late.events, [.next(4), .next(5), .completed])
  }

  func testReplaySubjectWithoutLimitReplaysEverything() {
    let subject = ReplaySubject<Int, Never>()
    for value in 1...100 { subject.send(value) }
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject)
    XCTAssertEqual(recorder.elements, Array(1...100))
  }

  func testReplayOneSubjectReplaysTheLatestElement() {
    let subject = ReplayOneSubject<String, Never>()
    let before = EventRecorder<String, Never>()
    before.observe(subject)
    XCTAssertEqual(before.events, [])
    subject.send("a")
    subject.send("b")
    let after = EventRecorder<String, Never>()
    after.observe(subject)
    XCTAssertEqual(after.events, [.next("b")])
    XCTAssertEqual(before.events, [.next("a"), .next("b")])
  }

  func testVoidSubjectSend() {
    let subject = PassthroughSubject<Void, Never>()
    let count = AtomicInt(0)
    subject.observeNext { count.add(1, ordering: .relaxed) }
    subject.send()
    subject.send()
    XCTAssertEqual(count.load(ordering: .relaxed), 2)
  }

  func testSubjectsAcceptEventsThroughObserverProtocol() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject)
    subject.receive(1)
    subject.send(lastElement: 2)
    XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
  }

  func testDroppingASubjectAndItsObservationsReleasesTheObserver() {
    final class Token: Sendable {}
    var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
    var token: Token? = Token()
    weak let weakToken = token
    var observation: (any Disposable)? = subject!.observe { [token] _ in _ = token }
    token = nil
    XCTAssertNotNil(weakToken)
    subject = nil
    XCTAssertTrue(observation!.isDisposed, "a dropped subject ends its observations")
    observation = nil
    XCTAssertNil(weakToken, "no reference cycle keeps the observer alive")
  }

  /// Random sequences of sends, subscriptions, disposals and completions against a model.
  func testSeededRandomOperationsMatchTheModel() {
    withSeeds(0..<200) { seed, rng in
      let bufferSize = Int.random(in: 0...3, using: &rng)
      let subject = ReplaySubject<Int, Never>(bufferSize: bufferSize)
      var sent: [Int] = []
      var ended = false
      var observers: [(recorder: EventRecorder<Int, Never>, disposable: any Disposable, expected: [Int], done: Bool)] =
        []
      for step in 0..<40 {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5:
          subject.send(step)
          if !ended {
            sent.append(step)
            for index in observers.indices where !observers[index].done { observers[index].expected.append(step) }
          }
        case 5..<8:
          let recorder = EventRecorder<Int, Never>()
          let disposable = recorder.observe(subject)
          observers.append((recorder, disposable, Array(sent.suffix(bufferSize)), ended))
        case 8 where !observers.isEmpty:
          let index = Int.random(in: observers.indices, using: &rng)
          observers[index].disposable.dispose()
          observers[index].done = true
        default:
          if Int.random(in: 0..<4, using: &rng) == 0 {
            subject.send(completion: .finished)
            ended = true
          }
        }
      }
      for (index, observer) in observers.enumerated() {
        XCTAssertEqual(observer.recorder.elements, observer.expected, "seed \(seed), observer \(index)")
        observer.recorder.assertNoViolations()
      }
    }
  }
}
