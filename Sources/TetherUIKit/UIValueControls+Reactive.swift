// Apple platforms only. On Linux, Checks/AppleAdapters type-checks this file against stub UIKit
// and ObjectiveC modules written from Apple's documentation. Switches, sliders, steppers, date
// pickers and refresh controls do not exist on tvOS.
#if canImport(UIKit) && !os(watchOS)
import Foundation
import TetherSignals
import UIKit

#if !os(tvOS)
extension ReactiveExtensions where Base: UISwitch {
  /// Whether the switch is on, as the user toggles it (`.valueChanged`), and a binding target that
  /// sets it. Bond's `isOn`.
  public var isOn: DynamicSubject<Bool> {
    dynamicSubject(signal: controlEvents(.valueChanged), get: { $0.isOn }, set: { $0.isOn = $1 })
  }
}

extension UISwitch: BindableProtocol {
  /// Binds a signal of states to the switch (`bind(to: uiSwitch)`, as in Bond).
  nonisolated public func bind(signal: Signal<Bool, Never>) -> any Disposable {
    reactive.isOn.bind(signal: signal)
  }
}

extension ReactiveExtensions where Base: UISlider {
  /// The slider's value as the user moves it, and a binding target that sets it.
  public var value: DynamicSubject<Float> {
    dynamicSubject(signal: controlEvents(.valueChanged), get: { $0.value }, set: { $0.value = $1 })
  }
}

extension ReactiveExtensions where Base: UIStepper {
  /// The stepper's value as the user steps it, and a binding target that sets it.
  public var value: DynamicSubject<Double> {
    dynamicSubject(signal: controlEvents(.valueChanged), get: { $0.value }, set: { $0.value = $1 })
  }
}

extension ReactiveExtensions where Base: UIDatePicker {
  /// The picker's date as the user picks it, and a binding target that sets it.
  public var date: DynamicSubject<Date> {
    dynamicSubject(signal: controlEvents(.valueChanged), get: { $0.date }, set: { $0.date = $1 })
  }
}

extension ReactiveExtensions where Base: UIRefreshControl {
  /// Whether the control is refreshing: `true` when the user pulls to refresh, and a binding
  /// target that begins (`true`) or ends (`false`) refreshing. Bond's `refreshing`.
  public var refreshing: DynamicSubject<Bool> {
    dynamicSubject(
      signal: controlEvents(.valueChanged), get: { $0.isRefreshing },
      set: { control, refreshing in
        if refreshing { control.beginRefreshing() } else { control.endRefreshing() }
      })
  }
}

extension UIRefreshControl: BindableProtocol {
  /// Binds a signal of refreshing states to the control (`bind(to: refreshControl)`, as in Bond).
  nonisolated public func bind(signal: Signal<Bool, Never>) -> any Disposable {
    reactive.refreshing.bind(signal: signal)
  }
}
#endif

extension ReactiveExtensions where Base: UISegmentedControl {
  /// The index of the selected segment as the user selects one, and a binding target that selects
  /// it.
  public var selectedSegmentIndex: DynamicSubject<Int> {
    dynamicSubject(
      signal: controlEvents(.valueChanged), get: { $0.selectedSegmentIndex },
      set: { $0.selectedSegmentIndex = $1 })
  }
}
#endif
