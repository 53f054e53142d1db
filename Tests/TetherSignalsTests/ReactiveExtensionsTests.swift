import Foundation
import TetherSignals
import TetherTestSupport
import XCTest

/// A target whose writes are guarded, as a Sendable class's must be.
private final class Thermostat: ReactiveExtensionsProvider, DisposeBagProvider, @unchecked Sendable {
  // Safe: `_target` is only touched while holding `lock`; `bag` is thread-safe.
  private let lock = NSLock()
  private var _target = 0.0
  let bag = DisposeBag()

  var target: Double {
    get { lock.withLock { _target } }
    set { lock.withLock { _target = newValue } }
  }
}

/// A target without a bag: bindings to it end at the first element after it is gone.
private final class Gauge: ReactiveExtensionsProvider, @unchecked Sendable {
  // Safe: `_reading` is only touched while holding `lock`.
  private let lock = NSLock()
  private var _reading = 0

  var reading: Int {
    get { lock.withLock { _reading } }
    set { lock.withLock { _reading = newValue } }
  }
}

@MainActor
private final class ViewModel: ReactiveExtensionsProvider, Sendable {
  var title = ""
}

extension Notification.Name {
  fileprivate static let tetherTest = Notification.Name("TetherReactiveExtensionsTests")
  fileprivate static let tetherOther = Notification.Name("TetherReactiveExtensionsTestsOther")
}

final class ReactiveExtensionsTests: XCTestCase {
  func testDisposeBagDeallocatedCompletesWhenTheBagDeinitializes() {
    var bag: DisposeBag? = DisposeBag()
    let recorder = EventRecorder<Void, Never>()
    recorder.observe(bag!.deallocated)
    bag!.dispose()
    XCTAssertFalse(recorder.isCompleted, "disposing the bag is not deinitializing it")
    bag = nil
    XCTAssertTrue(recorder.isCompleted)
    XCTAssertEqual(recorder.elements.count, 0)
  }

  func testDeallocatedReplaysItsCompletionToLateObservers() {
    var bag: DisposeBag? = DisposeBag()
    let signal = bag!.deallocated
    bag = nil
    let recorder = EventRecorder<Void, Never>()
    recorder.observe(signal)
    XCTAssertTrue(recorder.isCompleted)
  }

  func testReactiveBagIsTheProvidersBagAndEndsObservationsOnDeinit() {
    var thermostat: Thermostat? = Thermostat()
    XCTAssertTrue(thermostat!.reactive.bag === thermostat!.bag)
    let subject = PassthroughSubject<Int, Never>()
    let observation = subject.observeNext { _ in }
    observation.dispose(in: thermostat!.reactive.bag)
    let deallocated = EventRecorder<Void, Never>()
    deallocated.observe(thermostat!.reactive.deallocated)
    thermostat = nil
    XCTAssertTrue(observation.isDisposed)
    XCTAssertTrue(deallocated.isCompleted)
  }

  func testKeyPathBondWritesOnTheContextAndEndsWithTheTarget() {
    var thermostat: Thermostat? = Thermostat()
    let temperatures = PassthroughSubject<Double, Never>()
    let scheduler = VirtualTimeScheduler()
    let binding = temperatures.bind(
      to: thermostat!.reactive.keyPath(\.target, context: ExecutionContext { scheduler.schedule($0) }))
    temperatures.send(21)
    XCTAssertEqual(thermostat!.target, 0)
    scheduler.advance()
    XCTAssertEqual(thermostat!.target, 21)
    weak let weakThermostat = thermostat
    thermostat = nil
    XCTAssertNil(weakThermostat, "the bond holds its target weakly")
    XCTAssertTrue(binding.isDisposed, "the binding was in the target's bag")
  }

  func testBindToKeyPath() {
    var gauge: Gauge? = Gauge()
    let readings = PassthroughSubject<Int, Never>()
    let binding = readings.bind(to: gauge!, keyPath: \.reading, context: .immediate)
    readings.send(5)
    XCTAssertEqual(gauge!.reading, 5)
    gauge = nil
    XCTAssertFalse(binding.isDisposed)
    readings.send(6)
    XCTAssertTrue(binding.isDisposed, "the first element after the target is gone ends the binding")
  }

  func testBondToASetter() {
    let gauge = Gauge()
    let readings = PassthroughSubject<Int, Never>()
    readings.bind(to: gauge.reactive.bond(context: .immediate) { gauge, reading in gauge.reading = reading * 2 })
    readings.send(4)
    XCTAssertEqual(gauge.reading, 8)
  }

  func testABondToATargetAlreadyGoneBindsNothing() {
    var gauge: Gauge? = Gauge()
    let bond = gauge!.reactive.keyPath(\.reading, context: .immediate)
    gauge = nil
    let readings = PassthroughSubject<Int, Never>()
    XCTAssertTrue(readings.bind(to: bond).isDisposed)
  }

  @MainActor
  func testMainActorKeyPathBindingsWriteAtOnceOnTheMainThread() {
    let viewModel = ViewModel()
    let titles = PassthroughSubject<String, Never>()
    titles.bind(to: viewModel, keyPath: \.title)
    titles.send("a")
    XCTAssertEqual(viewModel.title, "a")
    titles.bind(to: viewModel.reactive.keyPath(\.title))
    titles.send("b")
    XCTAssertEqual(viewModel.title, "b")
  }

  func testNotificationSignalEmitsPostedNotificationsUntilDisposed() {
    let center = NotificationCenter()
    let sender = NSObject()
    let recorder = EventRecorder<Notification, Never>()
    let observation = recorder.observe(center.reactive.notification(name: .tetherTest))
    center.post(name: .tetherTest, object: sender)
    center.post(name: .tetherOther, object: sender)
    center.post(name: .tetherTest, object: nil)
    XCTAssertEqual(recorder.elements.map(\.name), [.tetherTest, .tetherTest])
    observation.dispose()
    center.post(name: .tetherTest, object: sender)
    XCTAssertEqual(recorder.elements.count, 2, "disposing removes the center's observer")
  }

  func testNotificationSignalFiltersBySender() {
    let center = NotificationCenter.default
    let sender = NSObject()
    let recorder = EventRecorder<Notification, Never>()
    let observation = recorder.observe(center.reactive.notification(name: .tetherTest, object: sender))
    center.post(name: .tetherTest, object: NSObject())
    center.post(name: .tetherTest, object: sender)
    XCTAssertEqual(recorder.elements.count, 1)
    XCTAssertTrue(recorder.elements.first?.object as AnyObject? === sender)
    observation.dispose()
  }

  func testObservableIsBondsNameForProperty() {
    let name = Observable("Ada")
    XCTAssertTrue(type(of: name) == Property<String>.self)
  }
}
