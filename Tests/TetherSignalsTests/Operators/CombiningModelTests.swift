import TetherSignals
import TetherTestSupport
import XCTest

private struct Failure: Error, Equatable {
  let id: Int
}

/// `merge`, `combineLatest`, `zip`, `with(latestFrom:)` and `amb` of two replaying inputs, against a
/// direct model of the rules in their documentation, on seeded random scripts: the inputs may have
/// sent, completed or failed before they are observed (and replay it while being observed), and
/// the observation may be disposed at any point.
final class CombiningModelTests: XCTestCase {
  func testTheCombiningOperatorsFollowAReferenceModelOnRandomScripts() {
    for kind in CombiningModel.Kind.allCases {
      var rng = SeededRandomNumberGenerator(seed: 47)
      for round in 0..<400 {
        let inputs = [ReplayOneSubject<Int, Failure>(), ReplayOneSubject<Int, Failure>()]
        var model = CombiningModel(kind: kind)
        var script: [String] = []
        var ended = [false, false]
        /// Sends a random event to a random input (both the real one and the model's).
        func step(observed: Bool) {
          let input = Int.random(in: 0...1, using: &rng)
          let value = Int.random(in: 0..<100, using: &rng)
          guard !ended[input] else { return }
          let event: Signal<Int, Failure>.Event
          switch Int.random(in: 0..<12, using: &rng) {
          case 0: event = .completed
          case 1: event = .failed(Failure(id: value))
          default: event = .next(value)
          }
          ended[input] = event.isTerminal
          script.append("\(observed ? "" : "before ")input\(input).\(event)")
          inputs[input].on(event)
          model.send(event, to: input, observed: observed)
        }
        for _ in 0..<Int.random(in: 0...3, using: &rng) { step(observed: false) }
        let (a, b) = (inputs[0], inputs[1])
        let signal: Signal<Int, Failure> =
          switch kind {
          case .merge: a.merge(with: b)
          case .combineLatest: a.combineLatest(with: b) { $0 * 1_000 + $1 }
          case .zip: a.zip(with: b) { $0 * 1_000 + $1 }
          case .withLatestFrom: a.with(latestFrom: b) { $0 * 1_000 + $1 }
          case .amb: a.amb(with: b)
          }
        let recorder = EventRecorder<Int, Failure>()
        let observation = recorder.observe(signal)
        model.observe()
        for _ in 0..<20 {
          if Int.random(in: 0..<25, using: &rng) == 0 {
            script.append("dispose")
            observation.dispose()
            model.isDisposed = true
          } else {
            step(observed: true)
          }
        }
        XCTAssertEqual(recorder.events, model.output, "\(kind), round \(round): \(script)")
        recorder.assertNoViolations()
      }
    }
  }
}

/// What each combining operator of inputs 0 (the receiver) and 1 (`other`) must emit, written from
/// its documentation; the inputs replay their latest element and their end to a new observer.
private struct CombiningModel {
  enum Kind: CaseIterable {
    case merge, combineLatest, zip, withLatestFrom, amb
  }

  typealias Event = Signal<Int, Failure>.Event

  let kind: Kind
  var output: [Event] = []
  var isDisposed = false
  /// Each input's latest element and end, for the replay when it is observed.
  var latest: [Int?] = [nil, nil]
  var ends: [Event?] = [nil, nil]
  var isObserved = [false, false]
  var done = [false, false]
  var buffers: [[Int]] = [[], []]
  var winner: Int?

  init(kind: Kind) {
    self.kind = kind
  }

  var isTerminated: Bool { output.last?.isTerminal == true }

  mutating func emit(_ event: Event) {
    guard !isTerminated, !isDisposed else { return }
    output.append(event)
  }

  /// Observes the inputs in the operator's order; an input is not observed once the result ended.
  mutating func observe() {
    let order = kind == .withLatestFrom ? [1, 0] : [0, 1]
    for input in order {
      if isTerminated || (kind == .amb && winner != nil) { break }
      isObserved[input] = true
      if let element = latest[input] { receive(.next(element), from: input) }
      if let end = ends[input] { receive(end, from: input) }
    }
  }

  mutating func send(_ event: Event, to input: Int, observed: Bool) {
    switch event {
    case .next(let element): latest[input] = element
    case .completed, .failed: ends[input] = event
    }
    if observed && isObserved[input] { receive(event, from: input) }
  }

  mutating func receive(_ event: Event, from input: Int) {
    if case .failed = event, kind != .amb {
      // Any failure fails the result (a failure of `other` too, for with(latestFrom:)).
      return emit(event)
    }
    switch kind {
    case .merge:
      if case .next = event { return emit(event) }
      done[input] = true
      if done[0] && done[1] { emit(.completed) }
    case .combineLatest:
      if case .next(let element) = event {
        buffers[input] = [element]
        if let first = buffers[0].last, let second = buffers[1].last { emit(.next(first * 1_000 + second)) }
        return
      }
      done[input] = true
      if done[0] && done[1] { emit(.completed) }
    case .zip:
      if case .next(let element) = event {
        buffers[input].append(element)
        if !buffers[0].isEmpty && !buffers[1].isEmpty {
          emit(.next(buffers[0].removeFirst() * 1_000 + buffers[1].removeFirst()))
        }
      } else {
        done[input] = true
      }
      if (done[0] && buffers[0].isEmpty) || (done[1] && buffers[1].isEmpty) { emit(.completed) }
    case .withLatestFrom:
      if input == 1 {
        if case .next(let element) = event { buffers[1] = [element] }
        return
      }
      switch event {
      case .next(let element): if let other = buffers[1].last { emit(.next(element * 1_000 + other)) }
      default: emit(event)
      }
    case .amb:
      if winner == nil { winner = input }
      if winner == input { emit(event) }
    }
  }
}
