import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// The error the operator tests fail signals with.
struct OperatorError: Error, Equatable, CustomStringConvertible {
  let code: Int

  init(_ code: Int) {
    self.code = code
  }

  var description: String { "E\(code)" }
}

/// A source signal driven by hand that counts how often it is observed and how often an
/// observation of it ended (by disposal or by its own terminal event).
final class Probe<Element: Sendable, Error: Swift.Error>: Sendable {
  private let subject = PassthroughSubject<Element, Error>()
  private let counts = Locked((observations: 0, ended: 0))

  /// A signal forwarding what is sent to the probe, counting its observations.
  var signal: Signal<Element, Error> {
    Signal { observer in
      self.counts.withLock { $0.observations += 1 }
      let subscription = self.subject.observe { event in observer.on(event) }
      return BlockDisposable {
        self.counts.withLock { $0.ended += 1 }
        subscription.dispose()
      }
    }
  }

  /// How many observations were started.
  var observations: Int { counts.withLock { $0.observations } }

  /// Whether an observation is still running.
  var isObserved: Bool { counts.withLock { $0.observations > $0.ended } }

  func send(_ element: Element) { subject.send(element) }
  func complete() { subject.send(completion: .finished) }
  func fail(_ error: Error) { subject.send(completion: .failure(error)) }
}

/// Observes `signal` with a new recorder.
func record<S: SignalProtocol>(_ signal: S) -> EventRecorder<S.Element, S.Error> {
  let recorder = EventRecorder<S.Element, S.Error>()
  recorder.observe(signal)
  return recorder
}

/// Observes `signal`, recording each event as `"event@time"` with the virtual time it arrived at.
func recordTimeline<S: SignalProtocol>(_ signal: S, on scheduler: VirtualTimeScheduler) -> EventRecorder<String, Never>
{
  let recorder = EventRecorder<String, Never>()
  recorder.observe(signal.materialize().map { "\($0)@\(timestamp(scheduler.now))" })
  return recorder
}

/// `2` for 2.0, `2.5` for 2.5.
func timestamp(_ time: Double) -> String {
  time == time.rounded() ? "\(Int(time))" : "\(time)"
}

/// Schedules `action` at the absolute virtual time `time` (the clock must still be at zero).
func at(_ time: Double, on scheduler: VirtualTimeScheduler, _ action: @escaping @Sendable () -> Void) {
  scheduler.schedule(after: time, action)
}

/// A holder for a disposable that a callback needs before `observe` has returned it.
final class DisposableSlot: Sendable {
  private let slot = Locked<(any Disposable)?>(nil)

  var disposable: (any Disposable)? {
    get { slot.withLock { $0 } }
    set { slot.withLock { $0 = newValue } }
  }

  func dispose() { disposable?.dispose() }
}

/// One step of a random script driving several input subjects.
enum InputAction: CustomStringConvertible {
  case send(input: Int, value: Int)
  case complete(input: Int)
  case fail(input: Int)

  var description: String {
    switch self {
    case .send(let input, let value): "\(input):\(value)"
    case .complete(let input): "\(input):done"
    case .fail(let input): "\(input):fail"
    }
  }

  /// A random script: mostly sends of increasing values, with occasional completions and failures.
  static func randomScript(
    inputs: Int,
    length: Int,
    failures: Bool = true,
    using rng: inout SeededRandomNumberGenerator
  ) -> [InputAction] {
    (0..<length).map { step in
      let input = Int.random(in: 0..<inputs, using: &rng)
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<6: return .complete(input: input)
      case 6..<8 where failures: return .fail(input: input)
      default: return .send(input: input, value: step)
      }
    }
  }
}

/// Plays `script` into `subjects` on `scheduler`, one action per virtual second, then runs the
/// scheduler until it is idle.
func play(
  _ script: [InputAction],
  into subjects: [PassthroughSubject<Int, OperatorError>],
  on scheduler: VirtualTimeScheduler
) {
  for (step, action) in script.enumerated() {
    at(Double(step + 1), on: scheduler) {
      switch action {
      case .send(let input, let value): subjects[input].send(value)
      case .complete(let input): subjects[input].send(completion: .finished)
      case .fail(let input): subjects[input].send(completion: .failure(OperatorError(input)))
      }
    }
  }
  scheduler.run()
}

/// The script with the actions that follow an input's own end removed (a subject ignores them).
func effective(_ script: [InputAction], inputs: Int) -> [InputAction] {
  var ended = Array(repeating: false, count: inputs)
  return script.filter { action in
    switch action {
    case .send(let input, _):
      return !ended[input]
    case .complete(let input), .fail(let input):
      defer { ended[input] = true }
      return !ended[input]
    }
  }
}

/// A random outer signal of timed inner signals, for the flattening operators: the outer signal
/// emits inner signal `j` at `times[j]`, inner signal `j` emits `counts[j]` elements one second
/// apart from when it is observed (`j * 10`, `j * 10 + 1`, ...) and completes a second after its
/// last element; the outer signal completes at `completion`. The fractional parts keep every
/// event at a distinct time.
struct FlattenScenario: CustomStringConvertible {
  var times: [Double]
  var counts: [Int]
  var completion: Double

  init(using rng: inout SeededRandomNumberGenerator) {
    let inners = Int.random(in: 0...5, using: &rng)
    var time = 0.0
    times = []
    counts = []
    for index in 0..<inners {
      time = time.rounded(.down) + Double(Int.random(in: 1...3, using: &rng)) + Double(index + 1) * 0.01
      times.append(time)
      counts.append(Int.random(in: 0...3, using: &rng))
    }
    completion = time + Double(Int.random(in: 0...4, using: &rng)) + 0.005
  }

  var description: String { "inners at \(times) with \(counts) elements, outer completes at \(completion)" }

  /// Plays the outer signal into a subject on `scheduler`.
  func outer(on scheduler: VirtualTimeScheduler) -> PassthroughSubject<SafeSignal<Int>, Never> {
    let subject = PassthroughSubject<SafeSignal<Int>, Never>()
    for (index, time) in times.enumerated() {
      let inner = SafeSignal(sequence: (0..<counts[index]).map { index * 10 + $0 }, interval: 1, queue: scheduler)
      at(time, on: scheduler) { subject.send(inner) }
    }
    at(completion, on: scheduler) { subject.send(completion: .finished) }
    return subject
  }
}

/// A random timed source for the time-based operators: elements `0, 1, ...` at increasing whole
/// seconds, then a completion (or, when `failing`, a failure) at a later whole second.
struct TimedScript: CustomStringConvertible {
  var times: [Double]
  var end: Double
  var fails: Bool

  init(using rng: inout SeededRandomNumberGenerator, failing: Bool = false) {
    var time = 0.0
    times = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
      time += Double(Int.random(in: 1...4, using: &rng))
      return time
    }
    end = time + Double(Int.random(in: 1...6, using: &rng))
    fails = failing && Bool.random(using: &rng)
  }

  var description: String { "elements at \(times), \(fails ? "fails" : "completes") at \(end)" }

  /// Plays the script into a new subject on `scheduler`.
  func source(on scheduler: VirtualTimeScheduler) -> PassthroughSubject<Int, OperatorError> {
    let subject = PassthroughSubject<Int, OperatorError>()
    for (value, time) in times.enumerated() { at(time, on: scheduler) { subject.send(value) } }
    let fails = self.fails
    at(end, on: scheduler) { subject.send(completion: fails ? .failure(OperatorError(0)) : .finished) }
    return subject
  }

  /// The end event as `recordTimeline` writes it.
  func endEntry(at time: Double) -> String {
    "\(fails ? "failed(E0)" : "completed")@\(timestamp(time))"
  }
}
