import TetherSignals
import TetherTestSupport
import XCTest

final class FlattenTests: XCTestCase {
  /// Inner signals `a` (0, 1, 2 at 1, 2, 3 s after it is observed) and `b` (10, 11 at 1, 2 s), emitted
  /// by the outer signal at 0.5 s and 1.6 s; the outer signal completes at 2 s.
  private func timeline(_ strategy: FlattenStrategy) -> [String] {
    let scheduler = VirtualTimeScheduler()
    let outer = PassthroughSubject<SafeSignal<Int>, Never>()
    let a = SafeSignal(sequence: [0, 1, 2], interval: 1, queue: scheduler)
    let b = SafeSignal(sequence: [10, 11], interval: 1, queue: scheduler)
    let recorder = recordTimeline(outer.flatten(strategy), on: scheduler)
    at(0.5, on: scheduler) { outer.send(a) }
    at(1.6, on: scheduler) { outer.send(b) }
    at(2, on: scheduler) { outer.send(completion: .finished) }
    scheduler.run()
    return recorder.elements
  }

  func testMergeForwardsEveryInnerSignalAsItsEventsArrive() {
    XCTAssertEqual(
      timeline(.merge),
      ["next(0)@1.5", "next(1)@2.5", "next(10)@2.6", "next(2)@3.5", "next(11)@3.6", "completed@4.6"])
  }

  func testLatestForwardsOnlyTheLatestInnerSignal() {
    XCTAssertEqual(timeline(.latest), ["next(0)@1.5", "next(10)@2.6", "next(11)@3.6", "completed@4.6"])
  }

  func testConcatObservesTheInnerSignalsOneAfterAnother() {
    XCTAssertEqual(
      timeline(.concat),
      ["next(0)@1.5", "next(1)@2.5", "next(2)@3.5", "next(10)@5.5", "next(11)@6.5", "completed@7.5"])
  }

  func testMergeAndConcatAreTheirStrategies() {
    let outer = SafeSignal(sequence: [SafeSignal(sequence: [1, 2]), SafeSignal(sequence: [3])])
    XCTAssertEqual(record(outer.merge()).events, [.next(1), .next(2), .next(3), .completed])
    XCTAssertEqual(record(outer.concat()).events, [.next(1), .next(2), .next(3), .completed])
  }

  func testAFailingInnerSignalFailsTheResult() {
    for strategy in [FlattenStrategy.merge, .latest, .concat] {
      let outer = Signal<Signal<Int, OperatorError>, OperatorError>(sequence: [
        Signal(sequence: [1]), .failed(OperatorError(1)), Signal(just: 2),
      ])
      XCTAssertEqual(record(outer.flatten(strategy)).events, [.next(1), .failed(OperatorError(1))], "\(strategy)")
      let safeOuter = SafeSignal<Signal<Int, OperatorError>>(just: .failed(OperatorError(2)))
      XCTAssertEqual(record(safeOuter.flatten(strategy)).events, [.failed(OperatorError(2))], "\(strategy)")
    }
  }

  func testFlatMapWithAStrategyMapsThenFlattens() {
    let source = SafeSignal(sequence: [1, 2])
    XCTAssertEqual(record(source.flatMap(.merge) { SafeSignal(sequence: [$0, $0 * 10]) }).elements, [1, 10, 2, 20])
    XCTAssertEqual(record(source.flatMap(.concat) { SafeSignal(sequence: [$0, $0 * 10]) }).elements, [1, 10, 2, 20])
    let failing = Signal<Int, OperatorError>(sequence: [1, 2])
    XCTAssertEqual(
      record(failing.flatMap(.latest) { SafeSignal(just: $0 * 3) }).events, [.next(3), .next(6), .completed])
    XCTAssertEqual(
      record(failing.flatMap(.latest) { Signal<Int, OperatorError>(just: $0) }).events,
      [.next(1), .next(2), .completed])
    XCTAssertEqual(
      record(source.flatMap(.merge) { _ in Signal<Int, OperatorError>.failed(OperatorError(3)) }).events,
      [.failed(OperatorError(3))])
  }

  func testSignalFlatteningASequence() {
    let signals = [SafeSignal(sequence: [1, 2]), SafeSignal(just: 3)]
    XCTAssertEqual(record(SafeSignal(flattening: signals, strategy: .concat)).elements, [1, 2, 3])
    XCTAssertEqual(record(SafeSignal(flattening: signals, strategy: .merge)).elements, [1, 2, 3])
  }

  // MARK: Against a reference model

  /// Seeded random scripts of sends, completions, failures and a dispose on the outer signal and
  /// on replaying inner signals (so an inner signal may replay and complete while it is being
  /// observed): each strategy emits exactly what a direct model of its documented rules emits.
  func testTheStrategiesFollowAReferenceModelOnRandomScripts() {
    for strategy in [FlattenStrategy.concat, .latest, .merge] {
      var rng = SeededRandomNumberGenerator(seed: 41)
      for round in 0..<400 {
        var model = FlattenModel(strategy: strategy, inners: 5)
        let outer = PassthroughSubject<Int, ModelFailure>()
        let inners = (0..<5).map { _ in ReplaySubject<Int, ModelFailure>(bufferSize: Int.max) }
        let recorder = EventRecorder<Int, ModelFailure>()
        let observation = recorder.observe(outer.flatMap(strategy) { inners[$0] })
        var script: [String] = []
        for _ in 0..<30 {
          let inner = Int.random(in: 0..<5, using: &rng)
          let value = Int.random(in: 0..<1_000, using: &rng)
          switch Int.random(in: 0..<20, using: &rng) {
          case 0..<5:
            guard model.sentToOuter < 5, !model.isOuterEnded else { continue }
            script.append("outer.send(\(model.sentToOuter))")
            outer.send(model.sentToOuter)
            model.outerSend()
          case 5..<12:
            script.append("inner\(inner).send(\(value))")
            inners[inner].send(value)
            model.innerSend(inner, value)
          case 12..<16:
            script.append("inner\(inner).complete")
            inners[inner].send(completion: .finished)
            model.innerEnd(inner, failure: nil)
          case 16:
            script.append("inner\(inner).fail")
            inners[inner].send(completion: .failure(ModelFailure(id: inner)))
            model.innerEnd(inner, failure: ModelFailure(id: inner))
          case 17, 18:
            guard !model.isOuterEnded else { continue }
            script.append("outer.complete")
            outer.send(completion: .finished)
            model.outerEnd(failure: nil)
          default:
            if Bool.random(using: &rng) {
              guard !model.isOuterEnded else { continue }
              script.append("outer.fail")
              outer.send(completion: .failure(ModelFailure(id: -1)))
              model.outerEnd(failure: ModelFailure(id: -1))
            } else {
              script.append("dispose")
              observation.dispose()
              model.isDisposed = true
            }
          }
        }
        XCTAssertEqual(recorder.events, model.output, "\(strategy), round \(round): \(script)")
        recorder.assertNoViolations()
      }
    }
  }
}

private struct ModelFailure: Error, Equatable {
  let id: Int
}

/// What `flatten(_:)` must emit, written straight from the rules in its documentation, for an outer
/// signal emitting the indices 0, 1, 2, ... of replaying inner signals.
private struct FlattenModel {
  typealias Event = Signal<Int, ModelFailure>.Event

  let strategy: FlattenStrategy
  var buffers: [[Int]]
  var ends: [ModelFailure??]
  var sentToOuter = 0
  var isOuterEnded = false
  var isDisposed = false
  var output: [Event] = []
  /// `.concat`: the inner signal observed and those waiting; `.latest`: the latest one, if it has
  /// not completed; `.merge`: those observed and not completed.
  var current: Int?
  var waiting: [Int] = []
  var active: Set<Int> = []

  init(strategy: FlattenStrategy, inners: Int) {
    self.strategy = strategy
    buffers = Array(repeating: [], count: inners)
    ends = Array(repeating: nil, count: inners)
  }

  var isTerminated: Bool { output.last?.isTerminal == true }

  mutating func emit(_ event: Event) {
    guard !isTerminated, !isDisposed else { return }
    output.append(event)
  }

  func isObserved(_ inner: Int) -> Bool {
    strategy == .merge ? active.contains(inner) : current == inner
  }

  mutating func outerSend() {
    let inner = sentToOuter
    sentToOuter += 1
    switch strategy {
    case .concat:
      if current == nil { observe(inner) } else { waiting.append(inner) }
    case .latest, .merge:
      observe(inner)
    }
  }

  mutating func outerEnd(failure: ModelFailure?) {
    isOuterEnded = true
    if let failure { return emit(.failed(failure)) }
    if current == nil && active.isEmpty { emit(.completed) }
  }

  mutating func innerSend(_ inner: Int, _ value: Int) {
    guard ends[inner] == nil else { return }
    buffers[inner].append(value)
    if isObserved(inner) { emit(.next(value)) }
  }

  mutating func innerEnd(_ inner: Int, failure: ModelFailure?) {
    guard ends[inner] == nil else { return }
    ends[inner] = .some(failure)
    if isObserved(inner) { ended(inner) }
  }

  /// Starts observing `inner`: its replay, then its end if it has ended.
  mutating func observe(_ inner: Int) {
    if strategy == .merge { active.insert(inner) } else { current = inner }
    for value in buffers[inner] { emit(.next(value)) }
    if ends[inner] != nil { ended(inner) }
  }

  /// The observed `inner` ended.
  mutating func ended(_ inner: Int) {
    if case .some(.some(let failure)) = ends[inner] { return emit(.failed(failure)) }
    if strategy == .merge { active.remove(inner) } else { current = nil }
    if strategy == .concat, !waiting.isEmpty { return observe(waiting.removeFirst()) }
    if isOuterEnded && current == nil && active.isEmpty { emit(.completed) }
  }
}
