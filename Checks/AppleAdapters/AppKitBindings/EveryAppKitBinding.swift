// Every `reactive` extension of AppKit controls and views of issue 26 used once, as a Bond 7 app
// writes it, against the stub AppKit. Nothing here runs.
import AppKit
import CheckedTetherAppKit
import TetherSignals

@MainActor
final class EveryAppKitBinding {
  let bag = DisposeBag()

  func bindings(
    control: NSControl, button: NSButton, textField: NSTextField, slider: NSSlider, stepper: NSStepper,
    segments: NSSegmentedControl, picker: NSDatePicker, view: NSView, imageView: NSImageView,
    indicator: NSProgressIndicator, image: NSImage
  ) {
    control.reactive.controlEvent.observeNext { _ in }.dispose(in: bag)
    control.reactive.controlEvent { $0.stringValue }.observeNext { _ in }.dispose(in: bag)
    button.reactive.tap.observeNext {}.dispose(in: bag)

    Property(true).bidirectionalBind(to: control.reactive.isEnabled)
    Property(NSControl.StateValue.off).bidirectionalBind(to: button.reactive.state)
    Property("").bidirectionalBind(to: textField.reactive.stringValue)
    Property(0.0).bidirectionalBind(to: slider.reactive.doubleValue)
    Property(0.0).bidirectionalBind(to: stepper.reactive.doubleValue)
    Property(0).bidirectionalBind(to: segments.reactive.selectedSegment)
    Property(Date()).bidirectionalBind(to: picker.reactive.dateValue)

    SafeSignal(just: "OK").bind(to: button.reactive.title)
    SafeSignal(just: false).bind(to: textField.reactive.isEditable)
    SafeSignal(just: true).bind(to: view.reactive.isHidden)
    SafeSignal(just: CGFloat(0.5)).bind(to: view.reactive.alphaValue)
    SafeSignal(just: image).bind(to: imageView.reactive.image)
    SafeSignal(just: 0.5).bind(to: indicator.reactive.doubleValue)
    SafeSignal(just: true).bind(to: indicator.reactive.isAnimating)

    // Bond's shorthands: the control itself is the binding target.
    SafeSignal(just: "name").bind(to: textField)
    SafeSignal(just: 0.25).bind(to: slider)
    SafeSignal(just: 1).bind(to: segments)
    SafeSignal(just: image).bind(to: imageView)
  }
}
