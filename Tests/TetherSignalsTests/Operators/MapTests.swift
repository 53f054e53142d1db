import Testing
import TetherSignals
import TetherTestSupport

@Suite struct MapTests {
  @Test func mapTransformsEachElementAndForwardsCompletion() {
    let recorder = record(SafeSignal(sequence: [1, 2, 3]).map { $0 * 10 })
    recorder.expectEvents([.next(10), .next(20), .next(30), .completed])
  }

  @Test func mapForwardsFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.map { "\($0)" })
    probe.send(1)
    probe.fail(OperatorError(1))
    #expect(recorder.matches([.next("1"), .failed(OperatorError(1))]))
  }

  @Test func mapWorksOnSubjectsAndProperties() {
    let subject = PassthroughSubject<Int, Never>()
    let fromSubject = record(subject.map { $0 + 1 })
    subject.send(1)
    fromSubject.expectElements([2])

    let property = Property(5)
    let fromProperty = record(property.map { $0 * 2 })
    property.value = 6
    fromProperty.expectElements([10, 12])
  }

  @Test func disposingMapStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(probe.signal.map { $0 })
    #expect(probe.isObserved)
    observation.dispose()
    #expect(!probe.isObserved)
    probe.send(1)
    #expect(recorder.events.isEmpty)
  }
}
