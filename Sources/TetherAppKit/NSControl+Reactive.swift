// macOS only. On Linux, Checks/AppleAdapters type-checks this file against stub AppKit and
// ObjectiveC modules written from Apple's documentation.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ObjectiveC
import TetherSignals

extension ReactiveExtensions where Base: NSControl {
  /// A signal of the control each time it sends its action message, on the main actor, until the
  /// control is deallocated. Bond's `controlEvent`.
  ///
  /// While it is observed the control's `target` and `action` are Tether's (AppKit controls have
  /// one target, and no closure-based API), as in Bond; every observation shares them.
  public var controlEvent: SafeSignal<Base> {
    events(
      register: { control, send -> Int in ControlActions.of(control).add { [unowned control] in send(control) } },
      unregister: { control, id in ControlActions.of(control).remove(id) })
  }

  /// A signal of `read(control)` each time the control sends its action message.
  public func controlEvent<T>(_ read: @escaping @MainActor (Base) -> T) -> SafeSignal<T> {
    events(
      register: { control, send -> Int in ControlActions.of(control).add { [unowned control] in send(read(control)) } },
      unregister: { control, id in ControlActions.of(control).remove(id) })
  }

  /// A signal that fires each time the control's value changes (its action message).
  private var valueChanged: SafeSignal<Void> {
    controlEvent { _ in () }
  }

  /// Whether the control is enabled, and a binding target that enables or disables it.
  ///
  /// Bond observes `isEnabled` with KVO; without the Objective-C runtime on Linux to test it, this
  /// subject emits the current value and each value it sets, not changes made elsewhere.
  public var isEnabled: DynamicSubject<Bool> {
    dynamicSubject(signal: .never(), get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
  }

  /// The control's string value as the user changes it (its action message), and a binding
  /// target that sets it.
  public var stringValue: DynamicSubject<String> {
    dynamicSubject(signal: valueChanged, get: { $0.stringValue }, set: { $0.stringValue = $1 })
  }

  /// The control's double value as the user changes it (its action message), and a binding target
  /// that sets it: a slider's or a stepper's value.
  public var doubleValue: DynamicSubject<Double> {
    dynamicSubject(signal: valueChanged, get: { $0.doubleValue }, set: { $0.doubleValue = $1 })
  }
}

extension ReactiveExtensions where Base: NSButton {
  /// A signal that fires each time the button is clicked.
  public var tap: SafeSignal<Void> {
    controlEvent { _ in () }
  }

  /// The button's state as the user clicks it, and a binding target that sets it. Bond's `state`.
  public var state: DynamicSubject<NSControl.StateValue> {
    dynamicSubject(signal: tap, get: { $0.state }, set: { $0.state = $1 })
  }

  /// Sets the button's title.
  public var title: Bond<String> {
    bond { button, title in button.title = title }
  }
}

extension ReactiveExtensions where Base: NSTextField {
  /// Makes the text field editable or not.
  public var isEditable: Bond<Bool> {
    bond { textField, isEditable in textField.isEditable = isEditable }
  }
}

extension NSTextField: BindableProtocol {
  /// Binds a signal of strings to the text field's `stringValue` (`bind(to: textField)`, as in
  /// Bond).
  nonisolated public func bind(signal: Signal<String, Never>) -> any Disposable {
    reactive.stringValue.bind(signal: signal)
  }
}

extension NSSlider: BindableProtocol {
  /// Binds a signal of values to the slider's `doubleValue` (`bind(to: slider)`, as in Bond).
  nonisolated public func bind(signal: Signal<Double, Never>) -> any Disposable {
    reactive.doubleValue.bind(signal: signal)
  }
}

extension ReactiveExtensions where Base: NSSegmentedControl {
  /// The selected segment as the user selects one, and a binding target that selects it. Bond's
  /// `selectedSegment` is a binding target only.
  public var selectedSegment: DynamicSubject<Int> {
    dynamicSubject(signal: controlEvent { _ in () }, get: { $0.selectedSegment }, set: { $0.selectedSegment = $1 })
  }
}

extension NSSegmentedControl: BindableProtocol {
  /// Binds a signal of indices to the selected segment (`bind(to: segmentedControl)`, as in Bond).
  nonisolated public func bind(signal: Signal<Int, Never>) -> any Disposable {
    reactive.selectedSegment.bind(signal: signal)
  }
}

extension ReactiveExtensions where Base: NSDatePicker {
  /// The picker's date as the user picks it, and a binding target that sets it.
  public var dateValue: DynamicSubject<Date> {
    dynamicSubject(signal: controlEvent { _ in () }, get: { $0.dateValue }, set: { $0.dateValue = $1 })
  }
}

/// The one target of a control's action messages, calling every observer's handler. Kept as an
/// associated object of the control, since the control holds its target weakly.
@MainActor
final class ControlActions {
  private var handlers: [Int: @MainActor () -> Void] = [:]
  private var nextID = 0
  private lazy var trampoline = ActionTrampoline { [unowned self] in
    for handler in self.handlers.values { handler() }
  }
  private weak var control: NSControl?

  private init(control: NSControl) {
    self.control = control
  }

  /// The control's actions, made and attached on first use.
  static func of(_ control: NSControl) -> ControlActions {
    if let actions = objc_getAssociatedObject(control, &AssociatedObjectKeys.controlActions) as? ControlActions {
      return actions
    }
    let actions = ControlActions(control: control)
    objc_setAssociatedObject(control, &AssociatedObjectKeys.controlActions, actions, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    return actions
  }

  /// Adds a handler, making the control's target this object's trampoline; returns its id.
  func add(_ handler: @escaping @MainActor () -> Void) -> Int {
    nextID += 1
    handlers[nextID] = handler
    control?.target = trampoline
    control?.action = ActionTrampoline.action
    return nextID
  }

  /// Removes a handler; with the last one, the control gets no target and no action back.
  func remove(_ id: Int) {
    handlers[id] = nil
    guard handlers.isEmpty, control?.target === trampoline else { return }
    control?.target = nil
    control?.action = nil
  }
}
#endif
