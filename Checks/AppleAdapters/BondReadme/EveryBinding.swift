// Every `reactive` event, two-way property, binding target and shorthand of issue 26 used once, as
// a Bond 7 app writes it, against the stub UIKit. Nothing here runs.
import CheckedTetherUIKit
import TetherSignals
import UIKit

@MainActor
final class EveryUIKitBinding {
  let bag = DisposeBag()

  func events(
    control: UIControl, button: UIButton, item: UIBarButtonItem, view: UIView,
    recognizer: UITapGestureRecognizer, refresh: UIRefreshControl
  ) {
    control.reactive.controlEvents([.valueChanged, .editingDidEnd]).observeNext { _ in }.dispose(in: bag)
    button.reactive.tap.observeNext {}.dispose(in: bag)
    item.reactive.tap.observeNext {}.dispose(in: bag)
    recognizer.reactive.recognized.observeNext { _ in }.dispose(in: bag)
    view.reactive.tapGesture().observeNext { _ in }.dispose(in: bag)
    view.reactive.tapGesture(numberOfTaps: 2, numberOfTouches: 1).observeNext { _ in }.dispose(in: bag)
    view.reactive.panGesture(numberOfTouches: 2).observeNext { _ in }.dispose(in: bag)
    view.reactive.swipeGesture(numberOfTouches: 1, direction: .left).observeNext { _ in }.dispose(in: bag)
    view.reactive.longPressGesture(minimumPressDuration: 1).observeNext { _ in }.dispose(in: bag)
    view.reactive.pinchGesture().observeNext { _ in }.dispose(in: bag)
    view.reactive.rotationGesture().observeNext { _ in }.dispose(in: bag)
    view.reactive.addGestureRecognizer(UISwipeGestureRecognizer()).observeNext { _ in }.dispose(in: bag)
    refresh.reactive.refreshing.observeNext { _ in }.dispose(in: bag)
  }

  func twoWay(
    textField: UITextField, textView: UITextView, uiSwitch: UISwitch, slider: UISlider, stepper: UIStepper,
    segments: UISegmentedControl, picker: UIDatePicker, searchBar: UISearchBar, refresh: UIRefreshControl
  ) {
    Property<String?>("").bidirectionalBind(to: textField.reactive.text)
    Property<NSAttributedString?>(nil).bidirectionalBind(to: textField.reactive.attributedText)
    Property<String?>("").bidirectionalBind(to: textView.reactive.text)
    Property<NSAttributedString?>(nil).bidirectionalBind(to: textView.reactive.attributedText)
    Property(false).bidirectionalBind(to: uiSwitch.reactive.isOn)
    Property<Float>(0).bidirectionalBind(to: slider.reactive.value)
    Property<Double>(0).bidirectionalBind(to: stepper.reactive.value)
    Property(0).bidirectionalBind(to: segments.reactive.selectedSegmentIndex)
    Property(Date()).bidirectionalBind(to: picker.reactive.date)
    Property<String?>("").bidirectionalBind(to: searchBar.reactive.text)
    Property(false).bidirectionalBind(to: refresh.reactive.refreshing)
  }

  func targets(
    view: UIView, control: UIControl, label: UILabel, button: UIButton, imageView: UIImageView,
    spinner: UIActivityIndicatorView, progressView: UIProgressView, barItem: UIBarItem,
    textField: UITextField, textView: UITextView, uiSwitch: UISwitch, refresh: UIRefreshControl,
    color: UIColor, image: UIImage
  ) {
    SafeSignal(just: CGFloat(0.5)).bind(to: view.reactive.alpha)
    SafeSignal(just: true).bind(to: view.reactive.isHidden)
    SafeSignal(just: color).bind(to: view.reactive.backgroundColor)
    SafeSignal(just: color).bind(to: view.reactive.tintColor)
    SafeSignal(just: false).bind(to: view.reactive.isUserInteractionEnabled)
    SafeSignal(just: false).bind(to: control.reactive.isEnabled)
    SafeSignal(just: "a").bind(to: label.reactive.text)
    SafeSignal(just: NSAttributedString(string: "a")).bind(to: label.reactive.attributedText)
    SafeSignal(just: color).bind(to: label.reactive.textColor)
    SafeSignal(just: "b").bind(to: button.reactive.title)
    SafeSignal(just: true).bind(to: button.reactive.isSelected)
    SafeSignal(just: true).bind(to: button.reactive.isHighlighted)
    SafeSignal(just: image).bind(to: button.reactive.image)
    SafeSignal(just: image).bind(to: button.reactive.backgroundImage)
    SafeSignal(just: image).bind(to: imageView.reactive.image)
    SafeSignal(just: true).bind(to: spinner.reactive.isAnimating)
    SafeSignal(just: Float(0.5)).bind(to: progressView.reactive.progress)
    SafeSignal(just: "c").bind(to: barItem.reactive.title)
    SafeSignal(just: image).bind(to: barItem.reactive.image)
    SafeSignal(just: false).bind(to: barItem.reactive.isEnabled)

    // Bond's shorthands: the view itself is the binding target.
    SafeSignal(just: "d").bind(to: label)
    SafeSignal(just: "e").bind(to: textField)
    SafeSignal(just: "f").bind(to: textView)
    SafeSignal(just: true).bind(to: uiSwitch)
    SafeSignal(just: image).bind(to: imageView)
    SafeSignal(just: true).bind(to: refresh)
  }
}
