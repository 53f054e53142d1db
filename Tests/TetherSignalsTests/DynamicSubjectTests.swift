import Dispatch
import Foundation
import Testing
import TetherSignals
import TetherTestSupport

/// Bond's `DummyTarget`: a value, the elements its setter was given, and a change signal.
private final class DummyTarget: @unchecked Sendable {
  // Safe: each test touches it from its own thread only (the `.immediate` context).
  var value = 5
  var recordedElements: [Int] = []
  let changes = PassthroughSubject<Void, Never>()
}

/// The same target with a bag, so that its deinitialization is heard at once.
private final class BaggedTarget: DisposeBagProvider, @unchecked Sendable {
  // Safe: each test touches it from its own thread only (the `.immediate` context).
  let bag = DisposeBag()
  var value = 5
  let changes = PassthroughSubject<Void, Never>()
}

/// Bond's `DynamicSubjectTests`, on Linux: the context flavour, with Bond's initializer.
@Suite struct DynamicSubjectBondTests {
  private func subject(of target: DummyTarget) -> DynamicSubject<Int> {
    DynamicSubject(
      target: target,
      signal: target.changes.toSignal(),
      context: .immediate,
      get: { target -> Int in target.value },
      set: { target, new in
        target.value = new
        target.recordedElements.append(new)
      }
    )
  }

  // Starts with the current value; the change signal triggers an element; bound and sent elements
  // are set (the setter runs) and, with `triggerEventOnSetting`, emitted.
  @Test func executes() {
    let target = DummyTarget()
    let subject = subject(of: target)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject)

    target.value = 6
    target.changes.send(())
    #expect(target.value == 6)

    subject.on(.next(7))
    #expect(target.value == 7)

    SafeSignal(sequence: [1, 2, 3]).bind(to: subject)
    #expect(target.recordedElements == [7, 1, 2, 3])
    #expect(target.value == 3)
    #expect(recorder.elements == [5, 6, 7, 1, 2, 3])
    #expect(subject.value == 3)
  }

  // The target is held weakly; the binding is disposed and observers complete once it is gone.
  @Test func disposesOnTargetDeallocation() {
    var target: DummyTarget? = DummyTarget()
    weak let weakTarget = target
    let subject = subject(of: target!)
    let signal = PassthroughSubject<Int, Never>()
    let disposable = signal.bind(to: subject)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject)

    signal.send(1)
    #expect(weakTarget != nil)
    #expect(!disposable.isDisposed)
    #expect(target?.recordedElements == [1])

    target = nil
    signal.send(2)
    #expect(weakTarget == nil)
    #expect(disposable.isDisposed)
    #expect(recorder.events.count == 3)
    #expect(recorder.elements == [5, 1])
    #expect(recorder.isCompleted)
    #expect(subject.value == nil)
  }

  @Test func aTargetWithABagEndsEverythingAsItDeinitializes() {
    var target: BaggedTarget? = BaggedTarget()
    let subject = DynamicSubject(
      target: target!, signal: target!.changes.toSignal(), context: .immediate,
      get: { $0.value }, set: { $0.value = $1 })
    let signal = PassthroughSubject<Int, Never>()
    let disposable = signal.bind(to: subject)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject)

    target = nil
    #expect(disposable.isDisposed, "disposed with the target's bag, before any further element")
    #expect(recorder.elements == [5])
    #expect(recorder.isCompleted)
  }

  @Test func observingAGoneTargetCompletesAtOnce() {
    var target: DummyTarget? = DummyTarget()
    let subject = subject(of: target!)
    target = nil
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject)
    #expect(recorder.elements.isEmpty)
    #expect(recorder.isCompleted)
    #expect(SafeSignal(just: 1).bind(to: subject).isDisposed)
  }

  @Test func withoutTriggerEventOnSettingASetIsNotEmitted() {
    let target = DummyTarget()
    let subject = DynamicSubject(
      target: target, signal: target.changes.toSignal(), context: .immediate,
      get: { $0.value }, set: { $0.value = $1 }, triggerEventOnSetting: false)
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(subject)
    subject.send(8)
    target.changes.send(())
    #expect(target.value == 8)
    #expect(recorder.elements == [5, 8], "only the change event reports the value set")
  }

  @Test func aFailingGetterFailsTheObservation() {
    struct Unreadable: Error, Equatable {}
    let target = DummyTarget()
    let subject = FailableDynamicSubject<Int, Unreadable>(
      target: target, signal: target.changes.toSignal().castError(), context: .immediate,
      get: { $0.value < 10 ? .success($0.value) : .failure(Unreadable()) }, set: { $0.value = $1 })
    let recorder = EventRecorder<Int, Unreadable>()
    recorder.observe(subject)
    target.value = 11
    target.changes.send(())
    #expect(recorder.elements == [5])
    #expect(recorder.error == Unreadable())
  }

  @Test func bidirectionalMapTransformsBothWays() {
    let target = DummyTarget()
    let subject = subject(of: target)
    let text: DynamicSubject<String> = subject.bidirectionalMap(to: { "\($0)" }, from: { Int($0) ?? 0 })
    let recorder = EventRecorder<String, Never>()
    recorder.observe(text)
    text.send("12")
    #expect(target.value == 12)
    #expect(recorder.elements == ["5", "12"])
  }
}

/// A control as UIKit and AppKit make them: main-actor, with handlers it calls when the user
/// changes its value, and (optionally) also when its value is set in code, which some controls do.
@MainActor
private final class FakeSwitch: ReactiveExtensionsProvider, DisposeBagProvider {
  nonisolated let bag = DisposeBag()
  var firesWhenSet = false
  var isOn = false {
    didSet { if firesWhenSet { fire() } }
  }
  private var handlers: [Int: @MainActor () -> Void] = [:]
  private var nextHandler = 0
  var handlerCount: Int { handlers.count }

  func addHandler(_ handler: @escaping @MainActor () -> Void) -> Int {
    nextHandler += 1
    handlers[nextHandler] = handler
    return nextHandler
  }

  func removeHandler(_ id: Int) {
    handlers[id] = nil
  }

  /// What a tap does: the value changes, then the handlers run.
  func userToggles(to value: Bool) {
    let wasFiring = firesWhenSet
    firesWhenSet = false
    isOn = value
    firesWhenSet = wasFiring
    fire()
  }

  private func fire() {
    for handler in handlers.values { handler() }
  }
}

extension ReactiveExtensions where Base == FakeSwitch {
  fileprivate var valueChanged: SafeSignal<Void> {
    events(
      register: { control, send in control.addHandler { send(()) } },
      unregister: { control, id in control.removeHandler(id) })
  }

  fileprivate var isOn: DynamicSubject<Bool> {
    dynamicSubject(signal: valueChanged, get: { $0.isOn }, set: { $0.isOn = $1 })
  }

  fileprivate var isOnSilently: DynamicSubject<Bool> {
    dynamicSubject(
      signal: valueChanged, triggerEventOnSetting: false, get: { $0.isOn }, set: { $0.isOn = $1 })
  }
}

/// The platform-neutral logic under TetherUIKit's and TetherAppKit's control bindings, with a fake
/// control: event sources as signals, two-way properties, lifetime and main-actor delivery.
@Suite struct ControlBindingTests {
  @Test @MainActor func anEventSourceRegistersPerObservationAndUnregistersOnDisposal() {
    let control = FakeSwitch()
    var taps = 0
    let observation = control.reactive.valueChanged.observeNextOnMain { _ in taps += 1 }
    #expect(control.handlerCount == 1)
    control.userToggles(to: true)
    control.userToggles(to: false)
    #expect(taps == 2)
    observation.dispose()
    #expect(control.handlerCount == 0)
    control.userToggles(to: true)
    #expect(taps == 2)
  }

  @Test @MainActor func anEventSourceCompletesWhenItsObjectGoesAndNeverKeepsIt() {
    var control: FakeSwitch? = FakeSwitch()
    weak let weakControl = control
    let recorder = EventRecorder<Void, Never>()
    let observation = recorder.observe(control!.reactive.valueChanged)
    control = nil
    #expect(weakControl == nil, "the observation does not keep the control")
    #expect(recorder.isCompleted)
    observation.dispose()
  }

  @Test func anEventSourceObservedOffTheMainThreadRegistersOnTheMainActor() async {
    let control = FakeSwitch()
    let recorder = EventRecorder<Void, Never>()
    let observation = await Task.detached { recorder.observe(control.reactive.valueChanged) }.value
    await drainMainQueue()
    await MainActor.run {
      #expect(control.handlerCount == 1)
      control.userToggles(to: true)
    }
    #expect(recorder.elements.count == 1)
    observation.dispose()
    await drainMainQueue()
    await MainActor.run { #expect(control.handlerCount == 0) }
  }

  @Test @MainActor func aTwoWayPropertyEmitsTheValueAndEveryUserChange() {
    let control = FakeSwitch()
    var values: [Bool] = []
    let observation = control.reactive.isOn.observeNextOnMain { values.append($0) }
    control.userToggles(to: true)
    control.userToggles(to: false)
    #expect(values == [false, true, false])
    observation.dispose()
  }

  @Test @MainActor func aTwoWayPropertyEmitsAValueItSetsOnceEvenWhenTheControlFiresOnSetting() {
    let control = FakeSwitch()
    control.firesWhenSet = true
    var values: [Bool] = []
    let observation = control.reactive.isOn.observeNextOnMain { values.append($0) }
    let source = Property(false)
    source.bind(to: control.reactive.isOn)
    source.value = true
    #expect(control.isOn)
    // Each value set is emitted once, by the setting, not again by the control's echo.
    #expect(values == [false, false, true])
    observation.dispose()
  }

  @Test @MainActor func aSilentTwoWayPropertyNeverEchoesAValueItSets() {
    let control = FakeSwitch()
    control.firesWhenSet = true
    var values: [Bool] = []
    let isOn = control.reactive.isOnSilently
    let observation = isOn.observeNextOnMain { values.append($0) }
    isOn.send(true)
    #expect(control.isOn)
    #expect(values == [false])
    control.userToggles(to: false)
    #expect(values == [false, false])
    observation.dispose()
  }

  @Test @MainActor func aBidirectionalBindingFollowsTheUserWithoutEchoes() {
    let control = FakeSwitch()
    control.firesWhenSet = true
    let setting = Property(true)
    var settings: [Bool] = []
    let observation = setting.observeNextOnMain { settings.append($0) }
    let binding = setting.bidirectionalBind(to: control.reactive.isOn)
    #expect(control.isOn, "the control takes the property's value")
    settings.removeAll()

    control.userToggles(to: false)
    #expect(setting.value == false)
    setting.value = true
    #expect(control.isOn)
    #expect(settings == [false, true], "no value came back from the control")
    binding.dispose()
    observation.dispose()
  }

  @Test @MainActor func bindingsAndObservationsEndWithTheControlAndNeverKeepIt() {
    var control: FakeSwitch? = FakeSwitch()
    weak let weakControl = control
    let source = PassthroughSubject<Bool, Never>()
    let isOn = control!.reactive.isOn
    let binding = source.bind(to: isOn)
    let recorder = EventRecorder<Bool, Never>()
    recorder.observe(isOn)
    source.send(true)
    #expect(recorder.elements == [false, true])

    control = nil
    #expect(weakControl == nil, "neither the binding nor the observation keeps the control")
    #expect(binding.isDisposed, "the binding is in the control's bag")
    #expect(recorder.isCompleted)
  }

  @Test @MainActor func aSignalOfValuesBindsToABindableOfOptionals() {
    let label = Property<String?>(nil)
    let followers = Property(3)
    let binding = followers.map { "\($0)" }.bind(to: label)
    #expect(label.value == "3")
    followers.value = 4
    #expect(label.value == "4")
    binding.dispose()
  }

  @Test func elementsSentOffTheMainThreadAreSetOnTheMainActorInOrder() async {
    let control = FakeSwitch()
    let source = PassthroughSubject<Bool, Never>()
    let binding = source.bind(to: control.reactive.isOn)
    await Task.detached {
      source.send(true)
      source.send(false)
      source.send(true)
    }.value
    await drainMainQueue()
    await MainActor.run { #expect(control.isOn) }
    binding.dispose()
  }
}
