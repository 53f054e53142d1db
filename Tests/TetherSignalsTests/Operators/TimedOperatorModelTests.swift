import TetherSignals
import TetherTestSupport
import XCTest

private struct Failure: Error, Equatable {
  let id: Int
}

/// `debounce`, `throttle`, `timeout`, `delay` and `sample(interval:)` on virtual time, against a
/// direct model of the rules in their documentation, on seeded random scripts of elements,
/// completions, failures and disposals, with elements often arriving exactly when a timer is due.
final class TimedOperatorModelTests: XCTestCase {
  func testTheTimedOperatorsFollowAReferenceModelOnRandomScripts() {
    for kind in TimedModel.Kind.allCases {
      var rng = SeededRandomNumberGenerator(seed: 43)
      for round in 0..<300 {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Failure>()
        let signal: Signal<Int, Failure> =
          switch kind {
          case .debounce: subject.debounce(for: 1, queue: scheduler)
          case .throttle: subject.throttle(for: 1, queue: scheduler)
          case .timeout: subject.timeout(after: 1, with: Failure(id: -1), on: scheduler)
          case .delay: subject.delay(interval: 1, on: scheduler)
          case .sample: subject.sample(interval: 1, on: scheduler)
          }
        let output = EventRecorder<String, Never>()
        let observation = signal.observe { event in
          let time = scheduler.now
          switch event {
          case .next(let value): output.record(.next("next(\(value))@\(time)"))
          case .completed: output.record(.next("completed@\(time)"))
          case .failed(let failure): output.record(.next("failed(\(failure.id))@\(time)"))
          }
        }
        var model = TimedModel(kind: kind)
        var script: [String] = []
        var hasEnded = false
        for _ in 0..<25 {
          let step = Double(Int.random(in: 0...3, using: &rng)) / 2
          scheduler.advance(by: step)
          model.advance(to: scheduler.now)
          let value = Int.random(in: 0..<100, using: &rng)
          switch Int.random(in: 0..<40, using: &rng) {
          case 0..<24:
            guard !hasEnded else { continue }
            script.append("+\(step) send(\(value))")
            subject.send(value)
            model.receive(.next(value))
          case 24..<27:
            guard !hasEnded else { continue }
            hasEnded = true
            script.append("+\(step) complete")
            subject.send(completion: .finished)
            model.receive(.completed)
          case 27, 28:
            guard !hasEnded else { continue }
            hasEnded = true
            script.append("+\(step) fail")
            subject.send(completion: .failure(Failure(id: value)))
            model.receive(.failed(Failure(id: value)))
          case 29:
            script.append("+\(step) dispose")
            observation.dispose()
            model.isDisposed = true
          default:
            script.append("+\(step)")
          }
        }
        scheduler.advance(by: 5)
        model.advance(to: scheduler.now)
        XCTAssertEqual(output.elements, model.output, "\(kind), round \(round): \(script)")
        observation.dispose()
      }
    }
  }
}

/// What each timed operator must emit (with 1 s as its duration), written from its documentation.
private struct TimedModel {
  enum Kind: CaseIterable {
    case debounce, throttle, timeout, delay, sample
  }

  typealias Event = Signal<Int, Failure>.Event

  let kind: Kind
  var now = 0.0
  var output: [String] = []
  var isDisposed = false
  /// debounce: the waiting element; throttle: the element held for the window's end; sample: the
  /// element not sampled yet.
  var held: Int?
  /// debounce: the end of the quiet period; throttle: the end of the open window; timeout: the end
  /// of the wait; sample: the next period's end.
  var due: Double?
  var hasEmitted = false
  var completesAtWindowEnd = false
  /// delay: the events waiting, with the time each is due.
  var delayed: [(event: Event, due: Double)] = []

  init(kind: Kind) {
    self.kind = kind
    if kind == .timeout || kind == .sample { due = 1 }
  }

  var isTerminated: Bool {
    output.last.map { !$0.hasPrefix("next") } ?? false
  }

  mutating func emit(_ event: Event) {
    guard !isTerminated, !isDisposed else { return }
    switch event {
    case .next(let value): output.append("next(\(value))@\(now)")
    case .completed: output.append("completed@\(now)")
    case .failed(let failure): output.append("failed(\(failure.id))@\(now)")
    }
  }

  /// Runs the timers due by `time`, in time order.
  mutating func advance(to time: Double) {
    while !isTerminated, !isDisposed {
      let next = kind == .delay ? delayed.first?.due : due
      guard let next, next <= time else { break }
      now = next
      fire()
    }
    now = time
  }

  mutating func fire() {
    switch kind {
    case .debounce:
      due = nil
      if let element = held.take() { emit(.next(element)) }
    case .throttle:
      due = nil
      if let element = held.take() { emit(.next(element)) }
      if completesAtWindowEnd { emit(.completed) }
    case .timeout:
      due = nil
      emit(.failed(Failure(id: -1)))
    case .delay:
      emit(delayed.removeFirst().event)
    case .sample:
      due = now + 1
      if let element = held.take() { emit(.next(element)) }
    }
  }

  mutating func receive(_ event: Event) {
    switch kind {
    case .debounce:
      switch event {
      case .next(let element):
        held = element
        due = now + 1
      case .completed:
        if let element = held.take() { emit(.next(element)) }
        emit(.completed)
      case .failed:
        held = nil
        emit(event)
      }
    case .throttle:
      switch event {
      case .next(let element):
        if hasEmitted {
          held = element
        } else {
          hasEmitted = true
          emit(event)
        }
        if due == nil { due = now + 1 }
      case .completed:
        if due != nil { completesAtWindowEnd = true } else { emit(.completed) }
      case .failed:
        emit(event)
      }
    case .timeout:
      emit(event)
      due = event.isTerminal ? nil : now + 1
    case .delay:
      delayed.append((event, now + 1))
    case .sample:
      switch event {
      case .next(let element): held = element
      case .completed, .failed: emit(event)
      }
    }
  }
}
