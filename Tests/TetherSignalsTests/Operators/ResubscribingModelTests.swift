import TetherSignals
import TetherTestSupport
import XCTest

private struct Failure: Error, Equatable {
  let id: Int
}

/// The subjects a script drives: one per observation of the receiver, and one per signal made by
/// `repeat(when:)`'s closure.
private final class Inputs: @unchecked Sendable {
  // Safe: only used on the test's thread.
  var attempts: [PassthroughSubject<Int, Failure>] = []
  var inners: [PassthroughSubject<Void, Never>] = []
}

/// `retry(when:if:)` and `repeat(when:)`, which observe their receiver again, against a direct model
/// of the rules in their documentation, on seeded random scripts: events of the current and of
/// earlier observations of the receiver, of the trigger and of the signals made from elements,
/// and a dispose at any point.
final class ResubscribingModelTests: XCTestCase {
  func testRetryWhenAndRepeatWhenFollowAReferenceModelOnRandomScripts() {
    for isRetry in [true, false] {
      var rng = SeededRandomNumberGenerator(seed: 53)
      for round in 0..<400 {
        let inputs = Inputs()
        let receiver = Signal<Int, Failure> { observer in
          let attempt = PassthroughSubject<Int, Failure>()
          inputs.attempts.append(attempt)
          return attempt.observe { observer.on($0) }
        }
        let trigger = PassthroughSubject<Void, Never>()
        // Odd failure ids are retried.
        let signal =
          isRetry
          ? receiver.retry(when: trigger, if: { $0.id % 2 == 1 })
          : receiver.repeat(when: { _ in
            let inner = PassthroughSubject<Void, Never>()
            inputs.inners.append(inner)
            return inner
          })
        let recorder = EventRecorder<Int, Failure>()
        let observation = recorder.observe(signal)
        var model = ResubscribingModel(isRetry: isRetry)
        var script: [String] = []
        for _ in 0..<25 {
          let value = Int.random(in: 0..<100, using: &rng)
          let choice = Int.random(in: 0..<30, using: &rng)
          // Mostly the current observation or signal, sometimes an earlier one.
          func pick(_ count: Int) -> Int {
            Bool.random(using: &rng) || count < 2 ? count - 1 : Int.random(in: 0..<count, using: &rng)
          }
          switch choice {
          case 0..<12:
            let attempt = pick(inputs.attempts.count)
            script.append("attempt\(attempt).send(\(value))")
            inputs.attempts[attempt].send(value)
            model.attemptEvent(.next(value), attempt: attempt)
          case 12, 13:
            let attempt = pick(inputs.attempts.count)
            script.append("attempt\(attempt).complete")
            inputs.attempts[attempt].send(completion: .finished)
            model.attemptEvent(.completed, attempt: attempt)
          case 14..<17:
            let attempt = pick(inputs.attempts.count)
            script.append("attempt\(attempt).fail(\(value))")
            inputs.attempts[attempt].send(completion: .failure(Failure(id: value)))
            model.attemptEvent(.failed(Failure(id: value)), attempt: attempt)
          case 17..<24:
            if isRetry {
              script.append("trigger.send")
              trigger.send(())
              model.triggerEvent(isElement: true)
            } else if !inputs.inners.isEmpty {
              let inner = pick(inputs.inners.count)
              script.append("inner\(inner).send")
              inputs.inners[inner].send(())
              model.innerEvent(isElement: true, generation: inner)
            }
          case 24..<28:
            if isRetry {
              script.append("trigger.complete")
              trigger.send(completion: .finished)
              model.triggerEvent(isElement: false)
            } else if !inputs.inners.isEmpty {
              let inner = pick(inputs.inners.count)
              script.append("inner\(inner).complete")
              inputs.inners[inner].send(completion: .finished)
              model.innerEvent(isElement: false, generation: inner)
            }
          case 28:
            script.append("dispose")
            observation.dispose()
            model.isDisposed = true
          default:
            break
          }
        }
        let name = isRetry ? "retry(when:)" : "repeat(when:)"
        XCTAssertEqual(recorder.events, model.output, "\(name), round \(round): \(script)")
        XCTAssertEqual(inputs.attempts.count, model.attempts, "\(name), round \(round): observations of the receiver")
        recorder.assertNoViolations()
      }
    }
  }
}

/// What `retry(when:if:)` (retrying odd failure ids) or `repeat(when:)` must emit, written from
/// their documentation, for a receiver that makes a new subject per observation.
private struct ResubscribingModel {
  typealias Event = Signal<Int, Failure>.Event

  let isRetry: Bool
  var output: [Event] = []
  var isDisposed = false
  /// How many observations of the receiver were made; the last one is current.
  var attempts = 1
  var endedAttempts: Set<Int> = []
  // retry(when:)
  var pendingFailure: Failure?
  var isTriggerDone = false
  // repeat(when:)
  var generations = 0
  var endedInners: Set<Int> = []
  var attemptCompleted = false
  var innerCompleted = true

  init(isRetry: Bool) {
    self.isRetry = isRetry
  }

  var isTerminated: Bool { output.last?.isTerminal == true }
  var isStopped: Bool { isTerminated || isDisposed }

  mutating func emit(_ event: Event) {
    guard !isStopped else { return }
    output.append(event)
  }

  mutating func attemptEvent(_ event: Event, attempt: Int) {
    guard !endedAttempts.contains(attempt) else { return }  // a subject ignores what follows its end
    if event.isTerminal { endedAttempts.insert(attempt) }
    // Only the current observation is listened to, and none while a retry waits for the trigger.
    guard !isStopped, attempt == attempts - 1, pendingFailure == nil else { return }
    switch event {
    case .next:
      emit(event)
      if !isRetry {
        generations += 1
        innerCompleted = false
      }
    case .completed:
      if isRetry {
        emit(event)
      } else {
        attemptCompleted = true
        if innerCompleted { emit(.completed) }
      }
    case .failed(let failure):
      guard isRetry, failure.id % 2 == 1 else { return emit(event) }
      pendingFailure = failure
      if isTriggerDone { emit(.failed(failure)) }  // the trigger, observed anew, replays its end
    }
  }

  mutating func triggerEvent(isElement: Bool) {
    guard !isTriggerDone else { return }
    if !isElement { isTriggerDone = true }
    guard !isStopped, let failure = pendingFailure else { return }
    if isElement {
      pendingFailure = nil
      attempts += 1
    } else {
      emit(.failed(failure))
    }
  }

  mutating func innerEvent(isElement: Bool, generation: Int) {
    guard !endedInners.contains(generation) else { return }
    if !isElement { endedInners.insert(generation) }
    // Only the signal made from the latest element is listened to.
    guard !isStopped, generation == generations - 1, !innerCompleted else { return }
    if isElement {
      attempts += 1
      attemptCompleted = false
    } else {
      innerCompleted = true
      if attemptCompleted { emit(.completed) }
    }
  }
}
