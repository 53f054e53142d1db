import Dispatch
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// The names of the view models deinitialized so far, in order.
private final class DeinitLog: Sendable {
  private let names = Locked<[String]>([])
  func append(_ name: String) { names.withLock { $0.append(name) } }
  var entries: [String] { names.withLock { $0 } }
}

/// A view model that observes the property (or subject) holding it, as a list's selected row
/// observes the selection, and ends that observation when it goes away (its dispose bag).
private final class SelfObservingViewModel: Sendable {
  let bag = DisposeBag()
  let name: String
  let deinitialized: DeinitLog

  init<S: SignalProtocol>(_ name: String, observing source: S, log deinitialized: DeinitLog)
  where S.Error == Never {
    self.name = name
    self.deinitialized = deinitialized
    source.observe { _ in }.dispose(in: bag)
  }

  deinit { deinitialized.append(name) }
}

/// A value whose deinitializer runs `onDeinit` (uses the object that let go of it).
private final class DeinitProbe: Sendable {
  let name: String
  private let log: DeinitLog
  private let onDeinit: @Sendable () -> Void

  init(_ name: String, log: DeinitLog, onDeinit: @escaping @Sendable () -> Void = {}) {
    self.name = name
    self.log = log
    self.onDeinit = onDeinit
  }

  deinit {
    log.append(name)
    onDeinit()
  }
}

/// A value a property or subject lets go of is released after its lock: its deinitializer may use
/// that property or subject (here: dispose its own observation of it), which under the lock would
/// trap as a re-entrant access. ReactiveKit and Bond allow it (their locks are recursive).
final class ValuesReleasedOutsideTheLockTests: XCTestCase {
  func testReplacingAPropertysValueReleasesTheOldValueAfterTheLock() {
    let log = DeinitLog()
    let selected = Property<SelfObservingViewModel?>(nil)
    selected.value = SelfObservingViewModel("a", observing: selected, log: log)
    selected.value = SelfObservingViewModel("b", observing: selected, log: log)
    XCTAssertEqual(log.entries, ["a"])
    selected.silentUpdate(value: SelfObservingViewModel("c", observing: selected, log: log))
    selected.value = nil
    XCTAssertEqual(log.entries, ["a", "b", "c"])
  }

  func testAValueReplacedFromInsideAnObserverIsReleasedAfterTheLock() {
    // Values set from inside an observer are queued (the property is delivering) and recorded
    // by the deliverer at its next visits to the lock; recording "c" displaces "b", whose last
    // reference is then the replay slot: it must leave that visit with the work.
    let log = DeinitLog()
    let selected = Property<SelfObservingViewModel?>(nil)
    let observation = selected.observeNext { value in
      guard value?.name == "x" else { return }
      selected.value = SelfObservingViewModel("b", observing: selected, log: log)
      selected.value = SelfObservingViewModel("c", observing: selected, log: log)
    }
    selected.value = SelfObservingViewModel("x", observing: selected, log: log)
    XCTAssertEqual(log.entries, ["b", "x"])
    XCTAssertEqual(selected.value?.name, "c")
    observation.dispose()
    // "c" observes the property that holds it: a cycle this test made, ended here so that the
    // leak-checked CI run (LeakSanitizer) reports only what the library leaks.
    selected.value = nil
    XCTAssertEqual(log.entries, ["b", "x", "c"])
  }

  func testElementsEvictedFromAReplayBufferAreReleasedAfterTheLock() {
    let log = DeinitLog()
    let subject = ReplaySubject<SelfObservingViewModel, Never>(bufferSize: 2)
    for name in ["a", "b", "c", "d"] {
      subject.send(SelfObservingViewModel(name, observing: subject, log: log))
    }
    XCTAssertEqual(log.entries, ["a", "b"])
    let one = ReplayOneSubject<SelfObservingViewModel, Never>()
    one.send(SelfObservingViewModel("e", observing: one, log: log))
    one.send(SelfObservingViewModel("f", observing: one, log: log))
    XCTAssertEqual(log.entries, ["a", "b", "e"])
    // Each value held observes the subject holding it: cycles this test made, ended by evicting
    // them with values that observe nothing that holds them (see the test above).
    let elsewhere = PassthroughSubject<Int, Never>()
    for name in ["g", "h"] { subject.send(SelfObservingViewModel(name, observing: elsewhere, log: log)) }
    one.send(SelfObservingViewModel("i", observing: elsewhere, log: log))
    XCTAssertEqual(log.entries, ["a", "b", "e", "c", "d", "f"])
  }

  func testAModifyBodyDroppingAValueThatEndsItsObservationDoesNotTrap() {
    // The value's last reference dies inside the body, under the lock: the removal of its
    // observation is made once the lock is released. (A value the body replaces is still held by
    // the replay slot, released after the lock like any other.)
    let log = DeinitLog()
    let selected = Property<Int>(0)
    var held: SelfObservingViewModel? = SelfObservingViewModel("a", observing: selected, log: log)
    XCTAssertTrue(String(describing: selected).contains("observers: 1"), "\(selected)")
    selected.modify { value in
      held = nil
      value += 1
    }
    XCTAssertNil(held)
    XCTAssertEqual(log.entries, ["a"])
    XCTAssertTrue(String(describing: selected).contains("observers: 0"), "\(selected)")
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(selected)
    selected.value = 2
    XCTAssertEqual(recorder.elements, [1, 2])
  }

  func testASerialDisposableReleasesAReplacedDisposableAfterTheLock() {
    // The replaced disposable is not disposed, only let go of, with what its handler captures.
    let log = DeinitLog()
    let serial = SerialDisposable()
    let model = DeinitProbe("a", log: log) { serial.dispose() }
    serial.otherDisposable = BlockDisposable { [model] in _ = model }
    _ = consume model
    XCTAssertEqual(log.entries, [])
    serial.otherDisposable = NonDisposable.instance
    XCTAssertEqual(log.entries, ["a"])
    XCTAssertTrue(serial.isDisposed, "a's deinitializer disposed it")
  }

  func testDisposingAMainThreadObservationReleasesItsQueuedValuesAfterTheLock() {
    // Sent from another thread, "a" waits for the main queue; disposing drops it, and "a" sends
    // into the observed subject, which the observation still observes while it is cancelled.
    let log = DeinitLog()
    let rows = PassthroughSubject<DeinitProbe, Never>()
    let delivered = Locked<[String]>([])
    let observation = rows.observeNextOnMain { row in delivered.withLock { $0.append(row.name) } }
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      rows.send(DeinitProbe("a", log: log) { rows.send(DeinitProbe("late", log: log)) })
      sent.signal()
    }
    sent.wait()
    XCTAssertEqual(log.entries, [])
    observation.dispose()
    XCTAssertEqual(log.entries, ["a", "late"])
    drainMainQueue()
    XCTAssertEqual(delivered.withLock { $0 }, [])
  }
}
