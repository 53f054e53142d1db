import TetherSignals
import TetherTestSupport
import XCTest

final class ConnectableSignalTests: XCTestCase {
  func testPublishForwardsNothingUntilConnected() {
    let probe = Probe<Int, Never>()
    let published = probe.signal.publish()
    let first = record(published)
    XCTAssertEqual(probe.observations, 0, "observing does not connect")
    let connection = published.connect()
    let second = record(published)
    probe.send(1)
    XCTAssertEqual(first.elements, [1])
    XCTAssertEqual(second.elements, [1])
    XCTAssertEqual(probe.observations, 1)
    connection.dispose()
    XCTAssertFalse(probe.isObserved)
    XCTAssertTrue(connection.isDisposed)
  }

  func testReconnectingAfterADisconnectionObservesTheSourceAgain() {
    let probe = Probe<Int, Never>()
    let published = probe.signal.publish()
    let recorder = record(published)
    published.connect().dispose()
    probe.send(1)
    let connection = published.connect()
    probe.send(2)
    XCTAssertEqual(recorder.elements, [2])
    XCTAssertEqual(probe.observations, 2)
    connection.dispose()
  }

  func testEveryConnectIsAConnectionOfItsOwnAsInReactiveKit() {
    let probe = Probe<Int, Never>()
    let published = probe.signal.publish()
    let recorder = record(published)
    let first = published.connect()
    let second = published.connect()
    probe.send(1)
    XCTAssertEqual(recorder.elements, [1, 1])
    second.dispose()
    probe.send(2)
    XCTAssertEqual(recorder.elements, [1, 1, 2])
    first.dispose()
  }

  func testReplayReplaysTheLatestElementsToLateObservers() {
    let subject = PassthroughSubject<Int, Never>()
    let replayed = subject.replay(limit: 2)
    let connection = replayed.connect()
    for value in 1...3 { subject.send(value) }
    let late = record(replayed)
    subject.send(4)
    XCTAssertEqual(late.elements, [2, 3, 4])
    connection.dispose()
    XCTAssertEqual(record(replayed).elements, [3, 4], "replayed elements survive the disconnection")
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2, 3]).replay(limit: 1).autoconnected).elements, [3])
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2, 3]).replay().autoconnected).elements, [1, 2, 3])
    XCTAssertEqual(record(SafeSignal(sequence: [1, 2, 3]).replay(limit: 0).autoconnected).elements, [])
  }

  func testAnEndedSourceIsNotObservedAgain() {
    let probe = Probe<Int, OperatorError>()
    let replayed = probe.signal.replay(limit: 1)
    let connection = replayed.connect()
    probe.send(1)
    probe.fail(OperatorError(1))
    XCTAssertTrue(connection.isDisposed, "the connection ends with the source")
    let again = replayed.connect()
    XCTAssertTrue(again.isDisposed)
    XCTAssertEqual(probe.observations, 1)
    XCTAssertEqual(record(replayed).events, [.next(1), .failed(OperatorError(1))])
  }

  func testMulticastUsesTheGivenSubject() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 1)
    subject.send(0)
    let source = PassthroughSubject<Int, Never>()
    let multicast = source.multicast(subject: subject)
    let recorder = record(multicast)
    let connection = multicast.connect()
    source.send(1)
    XCTAssertEqual(recorder.elements, [0, 1])
    XCTAssertEqual(record(source.multicast { ReplayOneSubject<Int, Never>() }).elements, [])
    connection.dispose()
  }

  // MARK: refCount

  func testRefCountConnectsForTheFirstObserverAndDisconnectsAfterTheLast() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.publish().refCount()
    let first = EventRecorder<Int, Never>()
    let firstObservation = first.observe(shared)
    let second = EventRecorder<Int, Never>()
    let secondObservation = second.observe(shared)
    XCTAssertEqual(probe.observations, 1)
    probe.send(1)
    firstObservation.dispose()
    XCTAssertTrue(probe.isObserved)
    probe.send(2)
    secondObservation.dispose()
    XCTAssertFalse(probe.isObserved)
    XCTAssertEqual(first.elements, [1])
    XCTAssertEqual(second.elements, [1, 2])
    let third = record(shared)
    probe.send(3)
    XCTAssertEqual(third.elements, [3])
    XCTAssertEqual(probe.observations, 2)
  }

  func testRefCountWithADisconnectCountBelowZeroStaysConnected() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.replay(limit: 1).refCount(disconnectCount: Int.min)
    shared.observe { _ in }.dispose()
    XCTAssertTrue(probe.isObserved)
    probe.send(1)
    XCTAssertEqual(record(shared).elements, [1])
    XCTAssertEqual(probe.observations, 1)
  }

  func testRefCountDisconnectsAtTheGivenCount() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.publish().refCount(disconnectCount: 1)
    let first = shared.observe { _ in }
    let second = shared.observe { _ in }
    second.dispose()
    XCTAssertFalse(probe.isObserved, "one observer left: disconnected")
    first.dispose()
  }

  func testRefCountOfASynchronousSource() {
    let shared = SafeSignal(sequence: [1, 2]).replay(limit: 1).refCount()
    XCTAssertEqual(record(shared).events, [.next(1), .next(2), .completed])
    XCTAssertEqual(record(shared).events, [.next(2), .completed])
  }

  // MARK: share(limit:)

  func testShareLimitReplaysTheLatestElementAsInReactiveKit() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.share(limit: 1)
    let first = record(shared)
    probe.send(1)
    probe.send(2)
    let late = record(shared)
    probe.send(3)
    XCTAssertEqual(first.elements, [1, 2, 3])
    XCTAssertEqual(late.elements, [2, 3])
    XCTAssertEqual(probe.observations, 1)
    first.dispose()
    late.dispose()
    XCTAssertFalse(probe.isObserved)
    XCTAssertEqual(record(shared).elements, [3], "replays across a disconnection, then reconnects")
    XCTAssertEqual(probe.observations, 2)
  }

  func testShareWithoutALimitStillReplaysNothing() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.share()
    let first = record(shared)
    probe.send(1)
    XCTAssertEqual(record(shared).elements, [])
    XCTAssertEqual(first.elements, [1])
  }

  func testShareKeepAliveStaysConnected() {
    let probe = Probe<Int, Never>()
    let shared = probe.signal.share(limit: 1, keepAlive: true)
    shared.observe { _ in }.dispose()
    XCTAssertTrue(probe.isObserved)
    probe.send(1)
    XCTAssertEqual(record(shared).elements, [1])
  }
}

extension ConnectableSignal {
  /// Connects, then returns the signal (the connection lives until the source ends).
  fileprivate var autoconnected: ConnectableSignal {
    _ = connect()
    return self
  }
}
