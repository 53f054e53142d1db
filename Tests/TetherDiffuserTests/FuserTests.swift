import TetherDiffuser
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// A stand-in for a text field living on the main actor.
@MainActor
final class FakeTextField {
  var onChange: (@Sendable (String) -> Void)?
  func type(_ text: String) { onChange?(text) }
}

/// A stand-in for a button living on the main actor.
@MainActor
final class FakeButton {
  var onTap: (@Sendable () -> Void)?
  func tap() { onTap?() }
}

// The seed's reusable sources, written as extensions returning a `Fuser`.
extension Fuser where Event == String {
  static func fromTextChanges(_ field: FakeTextField) -> Fuser<String> {
    .fromMainActor { emit in
      field.onChange = emit
      return { field.onChange = nil }
    }
  }
}

extension Fuser where Event == Void {
  static func fromTaps(_ button: FakeButton) -> Fuser<Void> {
    .fromMainActor { emit in
      button.onTap = { emit(()) }
      return { button.onTap = nil }
    }
  }
}

enum LoginEvent: Equatable, Sendable {
  case usernameChanged(username: String)
  case passwordChanged(password: String)
  case loginClicked
}

/// Records what a handler received, from any thread.
final class Received<Value: Sendable>: Sendable {
  private let values = Locked<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}

/// A source whose emit function the test calls directly.
final class ManualSource<Value: Sendable>: FuserSource, Sendable {
  private let emitters = Locked<[Int: @Sendable (Value) -> Void]>([:])
  private let nextToken = Locked(0)

  func connect(_ emit: @escaping @Sendable (Value) -> Void) -> any Disposable {
    let token = nextToken.withLock { token in
      token += 1
      return token
    }
    emitters.withLock { $0[token] = emit }
    return BlockDisposable { [weak self] in _ = self?.emitters.withLock { $0.removeValue(forKey: token) } }
  }

  var connectionCount: Int { emitters.withLock { $0.count } }

  func emit(_ value: Value) {
    let current = emitters.withLock { Array($0.values) }
    for emit in current { emit(value) }
  }
}

final class FuserTests: XCTestCase {
  func testTheSeedLoginScreen() {
    MainActor.assumeIsolated {
      let username = FakeTextField()
      let password = FakeTextField()
      let login = FakeButton()
      let fuser = Fuser<LoginEvent>(
        .extract({ .usernameChanged(username: $0) }, .fromTextChanges(username)),
        .extract({ .passwordChanged(password: $0) }, .fromTextChanges(password)),
        .extract({ .loginClicked }, .fromTaps(login))
      )
      let received = Received<LoginEvent>()
      let connection = fuser.connect { event in received.append(event) }

      username.type("ann")
      password.type("secret")
      login.tap()
      XCTAssertEqual(
        received.all,
        [.usernameChanged(username: "ann"), .passwordChanged(password: "secret"), .loginClicked]
      )

      connection.dispose()
      XCTAssertNil(username.onChange)
      XCTAssertNil(password.onChange)
      XCTAssertNil(login.onTap)
      XCTAssertTrue(connection.isDisposed)
    }
  }

  func testAMainActorSourceConnectedFromAnotherThreadConnectsOnTheMainQueue() {
    let button = MainActor.assumeIsolated { FakeButton() }
    let received = Received<LoginEvent>()
    let fuser = Fuser<LoginEvent>(.extract({ .loginClicked }, .fromTaps(button)))
    let made = DispatchSemaphore(value: 0)
    let connection = Locked<FuserConnection?>(nil)
    DispatchQueue.global().async {
      let madeConnection = fuser.connect { received.append($0) }
      connection.withLock { $0 = madeConnection }
      made.signal()
    }
    XCTAssertEqual(made.wait(timeout: .now() + 10), .success)
    drainMainQueue()
    MainActor.assumeIsolated { button.tap() }
    XCTAssertEqual(received.all, [.loginClicked])
    connection.withLock { $0 }?.dispose()
    drainMainQueue()
    MainActor.assumeIsolated { XCTAssertNil(button.onTap) }
  }

  func testAMainActorSourceDisposedBeforeItConnectedNeverConnects() {
    let connects = Received<String>()
    let fuser = Fuser<Int>(
      .fromMainActor { _ in
        connects.append("connect")
        return { connects.append("disconnect") }
      }
    )
    let made = DispatchSemaphore(value: 0)
    let connection = Locked<FuserConnection?>(nil)
    DispatchQueue.global().async {
      // Connected off the main thread: the source's connect waits on the main queue.
      let madeConnection = fuser.connect { _ in }
      connection.withLock { $0 = madeConnection }
      made.signal()
    }
    XCTAssertEqual(made.wait(timeout: .now() + 10), .success)
    // Disposed on the main thread before the main queue ran the connect.
    connection.withLock { $0 }?.dispose()
    drainMainQueue()
    XCTAssertEqual(connects.all, [])
  }

  private func drainMainQueue() {
    let drained = expectation(description: "main queue drained")
    DispatchQueue.main.async { drained.fulfill() }
    wait(for: [drained], timeout: 10)
  }

  func testNothingListensBeforeConnectAndEachConnectionIsIndependent() {
    let source = ManualSource<Int>()
    let fuser = Fuser<String>(.extract({ "value \($0)" }, .from(source)))
    XCTAssertEqual(source.connectionCount, 0)

    let first = Received<String>()
    let second = Received<String>()
    let firstConnection = fuser.connect { first.append($0) }
    let secondConnection = fuser.connect { second.append($0) }
    XCTAssertEqual(source.connectionCount, 2)
    source.emit(1)
    firstConnection.dispose()
    source.emit(2)
    secondConnection.dispose()
    source.emit(3)

    XCTAssertEqual(first.all, ["value 1"])
    XCTAssertEqual(second.all, ["value 1", "value 2"])
    XCTAssertEqual(source.connectionCount, 0)
  }

  func testSignalSourcesAndFromAll() {
    let numbers = PassthroughSubject<Int, Never>()
    let words = Property("hello")
    let fuser = Fuser<String>.fromAll(
      .extract({ "n\($0)" }, numbers),
      .from(words),
      .extractConstant("tick", .from(numbers))
    )
    let received = Received<String>()
    let connection = fuser.connect { received.append($0) }
    numbers.send(1)
    words.value = "bye"
    connection.dispose()
    numbers.send(2)
    // A property emits its current value when connected.
    XCTAssertEqual(received.all, ["hello", "n1", "tick", "bye"])
  }

  func testAClosureSource() {
    let source = ManualSource<Int>()
    let fuser = Fuser<Int>(.from { emit in source.connect { emit($0 * 10) } })
    let received = Received<Int>()
    let connection = fuser.connect { received.append($0) }
    source.emit(4)
    connection.dispose()
    XCTAssertEqual(received.all, [40])
  }

  func testAnEventEmittedFromTheHandlerIsDeliveredAfterIt() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Received<String>()
    let connection = Fuser<Int>(.from(subject)).connect { value in
      received.append("begin \(value)")
      if value == 1 { subject.send(2) }
      received.append("end \(value)")
    }
    subject.send(1)
    connection.dispose()
    XCTAssertEqual(received.all, ["begin 1", "end 1", "begin 2", "end 2"])
  }

  func testDisposingFromInsideTheHandlerStopsAtOnce() {
    let source = ManualSource<Int>()
    let received = Received<Int>()
    let connection = Locked<FuserConnection?>(nil)
    let made = Fuser<Int>(.from(source)).connect { value in
      received.append(value)
      connection.withLock { $0 }?.dispose()
    }
    connection.withLock { $0 = made }
    source.emit(1)
    source.emit(2)
    XCTAssertEqual(received.all, [1])
    XCTAssertTrue(made.isDisposed)
    XCTAssertEqual(source.connectionCount, 0)
  }

  func testAFuserIsASafeSignal() {
    let subject = PassthroughSubject<Int, Never>()
    let signal: SafeSignal<Int> = Fuser<Int>(.from(subject)).toSignal()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(signal.map { $0 + 1 })
    subject.send(1)
    subject.send(2)
    observation.dispose()
    subject.send(3)
    XCTAssertEqual(recorder.elements, [2, 3])
    recorder.assertNoViolations()
  }

  func testEventsFromManyThreadsAreDeliveredOneAtATimeAndInEachThreadsOrder() {
    let source = ManualSource<(thread: Int, index: Int)>()
    let inHandler = AtomicInt(0)
    let overlaps = AtomicInt(0)
    let received = Received<(thread: Int, index: Int)>()
    let connection = Fuser(.from(source)).connect { value in
      if inHandler.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      received.append(value)
      inHandler.subtract(1, ordering: .acquiringAndReleasing)
    }
    let threads = 4
    let perThread = 500
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread { source.emit((thread, index)) }
    }
    // Every sender returned, so whoever was delivering has delivered everything.
    connection.dispose()

    XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "the handler ran on two threads at once")
    let all = received.all
    XCTAssertEqual(all.count, threads * perThread)
    for thread in 0..<threads {
      XCTAssertEqual(all.filter { $0.thread == thread }.map(\.index), Array(0..<perThread), "thread \(thread)")
    }
  }

  func testNoEventIsDeliveredAfterDisposeReturns() {
    for round in 0..<20 {
      let source = ManualSource<Int>()
      let disposed = AtomicBool(false)
      let lateEvents = AtomicInt(0)
      let firstDelivery = DispatchSemaphore(value: 0)
      let connection = Fuser(.from(source)).connect { value in
        if disposed.load(ordering: .acquiring) { lateEvents.add(1, ordering: .relaxed) }
        if value == 0 { firstDelivery.signal() }
        // Some work, so that deliveries are often in progress when dispose is called.
        var sum = 0
        for step in 0..<2_000 { sum &+= step &* value }
        blackHole(sum)
        // Still running after dispose() returned would be a late delivery too.
        if disposed.load(ordering: .acquiring) { lateEvents.add(1, ordering: .relaxed) }
      }
      let senders = DispatchGroup()
      for thread in 0..<2 {
        DispatchQueue.global().async(group: senders) {
          for index in 0..<2_000 { source.emit(thread * 10_000 + index) }
        }
      }
      XCTAssertEqual(firstDelivery.wait(timeout: .now() + 10), .success, "round \(round)")
      connection.dispose()
      disposed.store(true, ordering: .releasing)
      XCTAssertEqual(senders.wait(timeout: .now() + 10), .success, "round \(round)")
      XCTAssertEqual(lateEvents.load(ordering: .relaxed), 0, "round \(round): events after dispose() returned")
    }
  }
}

@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
