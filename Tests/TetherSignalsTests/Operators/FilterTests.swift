import Testing
import TetherSignals
import TetherTestSupport

@Suite struct FilterTests {
  @Test func filterKeepsPassingElementsAndForwardsCompletion() {
    let recorder = record(SafeSignal(sequence: 1...6).filter { $0.isMultiple(of: 2) })
    recorder.expectEvents([.next(2), .next(4), .next(6), .completed])
  }

  @Test func filterForwardsFailure() {
    let probe = Probe<Int, OperatorError>()
    let recorder = record(probe.signal.filter { $0 > 1 })
    probe.send(1)
    probe.send(2)
    probe.fail(OperatorError(2))
    #expect(recorder.mismatch(with: [.next(2), .failed(OperatorError(2))]) == nil)
  }

  @Test func filterOnAProperty() {
    let property = Property(1)
    let recorder = record(property.filter { $0 > 1 })
    property.value = 2
    property.value = 0
    recorder.expectElements([2])
  }

  @Test func disposingFilterStopsObservingTheSource() {
    let probe = Probe<Int, Never>()
    let observation = probe.signal.filter { _ in true }.observe { _ in }
    observation.dispose()
    #expect(!probe.isObserved)
  }
}
