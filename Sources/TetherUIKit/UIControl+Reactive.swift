// Apple platforms only. On Linux, Checks/AppleAdapters type-checks this file against stub UIKit
// and ObjectiveC modules written from Apple's documentation.
#if canImport(UIKit) && !os(watchOS)
import ObjectiveC
import TetherSignals
import UIKit

extension ReactiveExtensions where Base: UIControl {
  /// A signal that fires each time the control sends one of `events`, on the main actor, until the
  /// control is deallocated (it completes then). Bond's `controlEvents(_:)`.
  ///
  /// Each observation registers a `UIAction` (iOS and tvOS 14 and later) or a target-action
  /// trampoline (earlier), removed when the observation is disposed; the control is not kept alive.
  public func controlEvents(_ events: UIControl.Event) -> SafeSignal<Void> {
    self.events(
      register: { control, send in addHandler(for: events, to: control) { send(()) } },
      unregister: { control, registration in removeHandler(registration, for: events, from: control) })
  }

  /// Enables or disables the control.
  public var isEnabled: Bond<Bool> {
    bond { control, isEnabled in control.isEnabled = isEnabled }
  }
}

/// Makes `control` call `handler` for `events`: with a `UIAction` on iOS and tvOS 14 and later,
/// else with a trampoline target. Returns what `removeHandler(_:for:from:)` needs, which must be
/// kept (a control holds its targets weakly).
@MainActor
func addHandler(
  for events: UIControl.Event, to control: UIControl, _ handler: @escaping @MainActor () -> Void
)
  -> NSObject
{
  if #available(iOS 14.0, tvOS 14.0, *) {
    let action = UIAction { _ in handler() }
    control.addAction(action, for: events)
    return action
  }
  let trampoline = ActionTrampoline(handler)
  control.addTarget(trampoline, action: ActionTrampoline.action, for: events)
  return trampoline
}

/// Undoes `addHandler(for:to:_:)`.
@MainActor
func removeHandler(_ registration: NSObject, for events: UIControl.Event, from control: UIControl) {
  if #available(iOS 14.0, tvOS 14.0, *), let action = registration as? UIAction {
    control.removeAction(action, for: events)
  } else {
    control.removeTarget(registration, action: ActionTrampoline.action, for: events)
  }
}

extension ReactiveExtensions where Base: UIButton {
  /// A signal that fires each time the button is tapped (`.touchUpInside`).
  public var tap: SafeSignal<Void> {
    controlEvents(.touchUpInside)
  }

  /// Sets the button's title for the normal state.
  public var title: Bond<String?> {
    bond { button, title in button.setTitle(title, for: .normal) }
  }

  /// Selects or deselects the button.
  public var isSelected: Bond<Bool> {
    bond { button, isSelected in button.isSelected = isSelected }
  }

  /// Highlights the button or not.
  public var isHighlighted: Bond<Bool> {
    bond { button, isHighlighted in button.isHighlighted = isHighlighted }
  }

  /// Sets the button's image for the normal state.
  public var image: Bond<UIImage?> {
    bond { button, image in button.setImage(image, for: .normal) }
  }

  /// Sets the button's background image for the normal state.
  public var backgroundImage: Bond<UIImage?> {
    bond { button, image in button.setBackgroundImage(image, for: .normal) }
  }
}
#endif
