import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

final class HandleEventsTests: XCTestCase {
  private func logging<S: SignalProtocol>(
    _ signal: S, into log: EventRecorder<String, Never>
  ) -> Signal<S.Element, S.Error> {
    signal.handleEvents(
      receiveSubscription: { log.record(.next("subscribe")) },
      receiveOutput: { log.record(.next("output \($0)")) },
      receiveCompletion: { log.record(.next("completion \($0)")) },
      receiveCancel: { log.record(.next("cancel")) })
  }

  func testRunsTheSideEffectsBeforeForwarding() {
    let log = EventRecorder<String, Never>()
    let probe = Probe<Int, OperatorError>()
    let observation = logging(probe.signal, into: log).observe { event in log.record(.next("got \(event)")) }
    probe.send(1)
    probe.fail(OperatorError(1))
    observation.dispose()
    XCTAssertEqual(
      log.elements,
      ["subscribe", "output 1", "got next(1)", "completion failure(E1)", "got failed(E1)"])
  }

  func testCancelRunsOnlyWhenDisposedBeforeTheEnd() {
    let log = EventRecorder<String, Never>()
    let probe = Probe<Int, Never>()
    let observation = logging(probe.signal, into: log).observe { _ in }
    observation.dispose()
    observation.dispose()
    XCTAssertEqual(log.elements, ["subscribe", "cancel"])
    XCTAssertFalse(probe.isObserved)

    let completed = EventRecorder<String, Never>()
    logging(SafeSignal<Int>.completed(), into: completed).observe { _ in }.dispose()
    XCTAssertEqual(completed.elements, ["subscribe", "completion finished"])
  }
}
