// Apple platforms only. On Linux, Checks/AppleAdapters type-checks this file against stub UIKit
// and ObjectiveC modules written from Apple's documentation. Gesture recognizers have no
// closure-based API, so their actions go through a trampoline target.
#if canImport(UIKit) && !os(watchOS)
import Foundation
import TetherSignals
import UIKit

extension ReactiveExtensions where Base: UIGestureRecognizer {
  /// A signal of the recognizer each time it sends its action (each state change of a continuous
  /// gesture, each recognition of a discrete one), until it is deallocated.
  public var recognized: SafeSignal<Base> {
    events(
      register: { recognizer, send -> ActionTrampoline in
        let trampoline = ActionTrampoline { [unowned recognizer] in send(recognizer) }
        recognizer.addTarget(trampoline, action: ActionTrampoline.action)
        return trampoline
      },
      unregister: { recognizer, trampoline in
        recognizer.removeTarget(trampoline, action: ActionTrampoline.action)
      })
  }

  /// Enables or disables the recognizer.
  public var isEnabled: Bond<Bool> {
    bond { recognizer, isEnabled in recognizer.isEnabled = isEnabled }
  }
}

extension ReactiveExtensions where Base: UIView {
  /// Adds `gestureRecognizer` to the view while the result is observed, and sends it each time it
  /// fires; disposing the observation removes it. Bond's `addGestureRecognizer(_:)`.
  public func addGestureRecognizer<T: UIGestureRecognizer>(_ gestureRecognizer: T) -> SafeSignal<T> {
    let recognizer = UncheckedMainActorBox(gestureRecognizer)
    return events(
      register: { view, send -> ActionTrampoline in
        let gesture = recognizer.value
        let trampoline = ActionTrampoline { [unowned gesture] in send(gesture) }
        gesture.addTarget(trampoline, action: ActionTrampoline.action)
        view.addGestureRecognizer(gesture)
        return trampoline
      },
      unregister: { view, trampoline in
        let gesture = recognizer.value
        gesture.removeTarget(trampoline, action: ActionTrampoline.action)
        view.removeGestureRecognizer(gesture)
      })
  }

  /// Taps on the view. Bond's `tapGesture(numberOfTaps:numberOfTouches:)`.
  public func tapGesture(numberOfTaps: Int = 1, numberOfTouches: Int = 1) -> SafeSignal<UITapGestureRecognizer> {
    gesture(UITapGestureRecognizer()) { gesture in
      gesture.numberOfTapsRequired = numberOfTaps
      gesture.numberOfTouchesRequired = numberOfTouches
    }
  }

  /// Pans on the view. Bond's `panGesture(numberOfTouches:)`.
  public func panGesture(numberOfTouches: Int = 1) -> SafeSignal<UIPanGestureRecognizer> {
    gesture(UIPanGestureRecognizer()) { gesture in
      gesture.minimumNumberOfTouches = numberOfTouches
      gesture.maximumNumberOfTouches = numberOfTouches
    }
  }

  /// Swipes on the view. Bond's `swipeGesture(numberOfTouches:direction:)`.
  public func swipeGesture(
    numberOfTouches: Int, direction: UISwipeGestureRecognizer.Direction
  ) -> SafeSignal<UISwipeGestureRecognizer> {
    gesture(UISwipeGestureRecognizer()) { gesture in
      gesture.numberOfTouchesRequired = numberOfTouches
      gesture.direction = direction
    }
  }

  /// Long presses on the view. Bond's
  /// `longPressGesture(numberOfTaps:numberOfTouches:minimumPressDuration:allowableMovement:)`.
  public func longPressGesture(
    numberOfTaps: Int = 0, numberOfTouches: Int = 1, minimumPressDuration: TimeInterval = 0.3,
    allowableMovement: CGFloat = 10
  ) -> SafeSignal<UILongPressGestureRecognizer> {
    gesture(UILongPressGestureRecognizer()) { gesture in
      gesture.numberOfTapsRequired = numberOfTaps
      gesture.numberOfTouchesRequired = numberOfTouches
      gesture.minimumPressDuration = minimumPressDuration
      gesture.allowableMovement = allowableMovement
    }
  }

  // Pinch and rotation recognizers do not exist on tvOS.
  #if !os(tvOS)
  /// Pinches on the view. Bond's `pinchGesture()`.
  public func pinchGesture() -> SafeSignal<UIPinchGestureRecognizer> {
    gesture(UIPinchGestureRecognizer()) { _ in }
  }

  /// Rotations on the view. Bond's `rotationGesture()`.
  public func rotationGesture() -> SafeSignal<UIRotationGestureRecognizer> {
    gesture(UIRotationGestureRecognizer()) { _ in }
  }
  #endif

  /// A recognizer made by `make` and configured on the main actor for each observation, and added
  /// to the view while it lasts.
  private func gesture<T: UIGestureRecognizer>(
    _ make: @autoclosure @escaping @MainActor () -> T, configure: @escaping @MainActor (T) -> Void
  ) -> SafeSignal<T> {
    events(
      register: { view, send -> (T, ActionTrampoline) in
        let gesture = make()
        configure(gesture)
        let trampoline = ActionTrampoline { [unowned gesture] in send(gesture) }
        gesture.addTarget(trampoline, action: ActionTrampoline.action)
        view.addGestureRecognizer(gesture)
        return (gesture, trampoline)
      },
      unregister: { view, registration in
        registration.0.removeTarget(registration.1, action: ActionTrampoline.action)
        view.removeGestureRecognizer(registration.0)
      })
  }
}

/// A main-actor object carried into `@Sendable` code that only touches it on the main actor.
private struct UncheckedMainActorBox<Value: AnyObject>: @unchecked Sendable {
  // Safe: `value` is only read inside main-actor closures.
  let value: Value
  init(_ value: Value) { self.value = value }
}
#endif
