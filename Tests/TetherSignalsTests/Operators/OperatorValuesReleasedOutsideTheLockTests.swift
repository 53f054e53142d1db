import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// The names of the elements deinitialized so far, in order.
private final class ReleaseLog: Sendable {
  private let names = Locked<[String]>([])
  func append(_ name: String) { names.withLock { $0.append(name) } }
  var entries: [String] { names.withLock { $0 } }
}

/// A row's view model: when it goes away, it ends the observation it keeps in `bag` (its dispose
/// bag), which is an observation of the very chain holding it.
private final class ViewModel: Sendable {
  let name: String
  private let log: ReleaseLog
  private let onDeinit: @Sendable () -> Void

  init(_ name: String, log: ReleaseLog, onDeinit: @escaping @Sendable () -> Void = {}) {
    self.name = name
    self.log = log
    self.onDeinit = onDeinit
  }

  convenience init(_ name: String, disposing bag: DisposeBag, log: ReleaseLog) {
    self.init(name, log: log) { bag.dispose() }
  }

  deinit {
    log.append(name)
    onDeinit()
  }
}

/// An observation's disposable, kept for a deinitializer to dispose (again).
private final class HeldObservation: Sendable {
  private let observation = Locked<(any Disposable)?>(nil)
  func hold(_ disposable: any Disposable) { observation.withLock { $0 = disposable } }
  func dispose() { observation.withLock { $0 }?.dispose() }
}

/// An operator lets go of an element (replaces its latest one, drops a pending one, ends holding
/// it) after its lock: the element's deinitializer may dispose the operator's observation, which
/// under the lock would trap as a re-entrant access.
final class OperatorValuesReleasedOutsideTheLockTests: XCTestCase {
  private let log = ReleaseLog()
  private let bag = DisposeBag()

  private func model(_ name: String) -> ViewModel {
    ViewModel(name, disposing: bag, log: log)
  }

  func testCombineLatestReleasesAReplacedElementAfterTheLock() {
    let rows = PassthroughSubject<ViewModel, Never>()
    let filter = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(rows.combineLatest(with: filter).map { "\($0.0.name)\($0.1)" }).dispose(in: bag)
    filter.send(1)
    rows.send(model("a"))
    rows.send(model("b"))
    XCTAssertEqual(log.entries, ["a", "b"])
    XCTAssertTrue(bag.isDisposed)
    rows.send(model("c"))
    XCTAssertEqual(recorder.elements, ["a1", "b1"])
  }

  func testCombineLatestOfManyReleasesAReplacedElementAfterTheLock() {
    let rows = PassthroughSubject<ViewModel, Never>()
    let others = PassthroughSubject<ViewModel, Never>()
    let recorder = EventRecorder<[String], Never>()
    recorder.observe(combineLatest([rows, others]).map { $0.map(\.name) }).dispose(in: bag)
    others.send(ViewModel("x", log: log))
    rows.send(model("a"))
    rows.send(model("b"))
    XCTAssertEqual(log.entries, ["a", "x", "b"])
    XCTAssertTrue(bag.isDisposed)
    XCTAssertEqual(recorder.elements, [["a", "x"], ["b", "x"]])
  }

  func testAnEndingCombineLatestReleasesItsLatestElementsAfterTheLock() {
    let rows = PassthroughSubject<ViewModel, OperatorError>()
    let filter = PassthroughSubject<Int, OperatorError>()
    let recorder = EventRecorder<Int, OperatorError>()
    recorder.observe(rows.combineLatest(with: filter).map(\.1)).dispose(in: bag)
    rows.send(model("a"))
    filter.send(completion: .failure(OperatorError(1)))
    XCTAssertEqual(log.entries, ["a"])
    XCTAssertEqual(recorder.events, [.failed(OperatorError(1))])
  }

  func testWithLatestFromReleasesAReplacedElementAfterTheLock() {
    let taps = PassthroughSubject<Int, Never>()
    let selection = PassthroughSubject<ViewModel, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(taps.with(latestFrom: selection).map { "\($0.1.name)\($0.0)" }).dispose(in: bag)
    selection.send(model("a"))
    taps.send(1)
    selection.send(model("b"))
    XCTAssertEqual(log.entries, ["a", "b"])
    XCTAssertTrue(bag.isDisposed)
    taps.send(2)
    XCTAssertEqual(recorder.elements, ["a1"])
  }

  func testDebounceReleasesAReplacedPendingElementAfterTheLock() {
    let scheduler = VirtualTimeScheduler()
    let rows = PassthroughSubject<ViewModel, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(rows.debounce(for: 1, queue: scheduler).map(\.name)).dispose(in: bag)
    rows.send(model("a"))
    rows.send(model("b"))
    XCTAssertEqual(log.entries, ["a", "b"])
    scheduler.run()
    XCTAssertEqual(recorder.elements, [], "the observation ended with a")
  }

  func testThrottleReleasesAReplacedHeldElementAfterTheLock() {
    let scheduler = VirtualTimeScheduler()
    let rows = PassthroughSubject<ViewModel, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(rows.throttle(for: 1, queue: scheduler).map(\.name)).dispose(in: bag)
    rows.send(ViewModel("first", log: log))
    rows.send(model("a"))
    rows.send(model("b"))
    XCTAssertEqual(log.entries, ["first", "a", "b"])
    scheduler.run()
    XCTAssertEqual(recorder.elements, ["first"], "the observation ended with a")
  }

  func testSampleReleasesAReplacedElementAfterTheLock() {
    let rows = PassthroughSubject<ViewModel, Never>()
    let ticks = PassthroughSubject<Void, Never>()
    let recorder = EventRecorder<String, Never>()
    recorder.observe(rows.sample(with: ticks).map(\.name)).dispose(in: bag)
    rows.send(model("a"))
    rows.send(model("b"))
    XCTAssertEqual(log.entries, ["a", "b"])
    ticks.send(())
    XCTAssertEqual(recorder.elements, [], "the observation ended with a")
  }

  func testDisposingAnOperatorReleasesWhatItHoldsAfterTheLock() {
    // The pending element's deinitializer disposes the observation holding it once more.
    let scheduler = VirtualTimeScheduler()
    let rows = PassthroughSubject<ViewModel, Never>()
    let held = HeldObservation()
    let recorder = EventRecorder<String, Never>()
    held.hold(recorder.observe(rows.debounce(for: 1, queue: scheduler).map(\.name)))
    rows.send(ViewModel("a", log: log) { held.dispose() })
    XCTAssertEqual(log.entries, [])
    held.dispose()
    XCTAssertEqual(log.entries, ["a"])
    scheduler.run()
    XCTAssertEqual(recorder.elements, [])
  }

  func testDisposingAnOperatorReleasesItsUndeliveredEventsAfterTheLock() {
    // Sent from inside the observer, "a" waits in the merge's queue behind the event being
    // delivered; disposing the merge drops it, and "a" sends into the merge's input.
    let rows = PassthroughSubject<ViewModel, Never>()
    let taps = PassthroughSubject<ViewModel, Never>()
    let held = HeldObservation()
    let merged = rows.merge(with: taps).handleEvents(receiveOutput: { [log] row in
      guard row.name == "x" else { return }
      taps.send(ViewModel("a", log: log) { taps.send(ViewModel("late", log: log)) })
      held.dispose()
    })
    let recorder = EventRecorder<String, Never>()
    held.hold(recorder.observe(merged.map(\.name)))
    rows.send(ViewModel("x", log: log))
    XCTAssertEqual(log.entries, ["a", "late", "x"])
    rows.send(ViewModel("y", log: log))
    XCTAssertFalse(recorder.elements.contains("y"))
  }

  func testDisposingASignalsObservationReleasesItsQueuedEventsAfterTheLock() {
    // Sent from inside the observer, "a" waits in the signal observer's queue behind the event
    // being delivered; disposing the observation drops it, and "a" sends to that observer again.
    let captured = CapturedObserver()
    let rows = Signal<ViewModel, Never> { observer in
      captured.hold(observer)
      return NonDisposable.instance
    }
    let held = HeldObservation()
    let recorder = EventRecorder<String, Never>()
    let log = log
    held.hold(
      recorder.observe(
        rows.handleEvents(receiveOutput: { row in
          guard row.name == "x" else { return }
          captured.send(ViewModel("a", log: log) { captured.send(ViewModel("late", log: log)) })
          held.dispose()
        }).map(\.name)))
    captured.send(ViewModel("x", log: log))
    XCTAssertEqual(log.entries, ["a", "late", "x"])
    XCTAssertEqual(recorder.elements, ["x"])
    // The producer holds its observer, whose operators' closures hold `captured`: a cycle this
    // test made (the producer never ends), ended here for the leak-checked CI run.
    captured.drop()
  }
}

/// The observer a signal's producer was given, for the test to send to.
private final class CapturedObserver: Sendable {
  private let observer = Locked<AtomicObserver<ViewModel, Never>?>(nil)
  func hold(_ observer: AtomicObserver<ViewModel, Never>) { self.observer.withLock { $0 = observer } }
  func send(_ row: ViewModel) { observer.withLock { $0 }?.receive(row) }
  func drop() { observer.withLock { $0 = nil } }
}
