import Testing
import TetherSignals
import TetherTestSupport

@Suite struct ScanTests {
  @Test func scanEmitsTheSeedFirstThenEachAccumulation() {
    let recorder = record(SafeSignal(sequence: [1, 2, 3]).scan(0, +))
    #expect(recorder.events == [.next(0), .next(1), .next(3), .next(6), .completed])
  }

  @Test func scanEmitsTheSeedAtOnceEvenBeforeAnyElement() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.scan(10, +))
    #expect(recorder.events == [.next(10)])
    probe.send(5)
    #expect(recorder.events == [.next(10), .next(15)])
  }

  @Test func scanForwardsFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.scan([]) { $0 + [$1] })
    probe.send(1)
    probe.fail(OperatorError(1))
    #expect(recorder.events == [.next([]), .next([1]), .failed(OperatorError(1))])
  }

  @Test func eachObservationHasItsOwnAccumulation() {
    let signal = SafeSignal(sequence: [1, 2]).scan(0, +)
    #expect(record(signal).elements == [0, 1, 3])
    #expect(record(signal).elements == [0, 1, 3])
  }

  @Test func reduceEmitsTheResultOnCompletion() {
    let probe = Probe<Int, Never>()
    let recorder = record(probe.signal.reduce(0, +))
    probe.send(1)
    probe.send(2)
    #expect(recorder.events == [])
    probe.complete()
    #expect(recorder.events == [.next(3), .completed])
  }

  @Test func reduceOfAnEmptySignalEmitsTheSeed() {
    #expect(record(SafeSignal<Int>.completed().reduce(7, +)).events == [.next(7), .completed])
  }

  @Test func reduceAndCollectFailWithoutEmitting() {
    let probe = Probe<Int, OperatorError>()
    let reduced = record(probe.signal.reduce(0, +))
    let collected = record(probe.signal.collect())
    probe.send(1)
    probe.fail(OperatorError(4))
    #expect(reduced.events == [.failed(OperatorError(4))])
    #expect(collected.events == [.failed(OperatorError(4))])
  }

  @Test func collectEmitsAllElementsOnCompletion() {
    #expect(record(SafeSignal(sequence: [3, 1, 2]).collect()).events == [.next([3, 1, 2]), .completed])
    #expect(record(SafeSignal<Int>.completed().collect()).events == [.next([]), .completed])
  }

  @Test(arguments: 0..<20 as Range<UInt64>)
  func matchesASequenceReduceForRandomInputs(seed: UInt64) {
    var rng = SeededRandomNumberGenerator(seed: seed)
    let values = (0..<Int.random(in: 0..<30, using: &rng)).map { _ in Int.random(in: -5...5, using: &rng) }
    let scanned = record(SafeSignal(sequence: values).scan(0, +)).elements
    var expected = [0]
    for value in values { expected.append(expected.last! + value) }
    #expect(scanned == expected)
    #expect(record(SafeSignal(sequence: values).reduce(0, +)).elements == [values.reduce(0, +)])
    #expect(record(SafeSignal(sequence: values).collect()).elements == [values])
  }

  @Test func disposingStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    let observations = [
      probe.signal.scan(0, +).observe { _ in },
      probe.signal.reduce(0, +).observe { _ in },
      probe.signal.collect().observe { _ in },
    ]
    for observation in observations { observation.dispose() }
    #expect(!probe.isObserved)
  }

  @Test func disposingFromTheResultCallbackStopsTheCompletion() {
    let slot = DisposableSlot()
    let probe = Probe<Int, Never>()
    let recorder = EventRecorder<Int, Never>(onEvent: { _ in slot.dispose() })
    slot.disposable = recorder.observe(probe.signal.reduce(0, +))
    probe.send(1)
    probe.complete()
    #expect(recorder.events == [.next(1)])
  }
}
