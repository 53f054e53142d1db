// Apple platforms only. The target of target-action messages where UIKit has no closure-based API
// (controls before iOS 14, bar button items, gesture recognizers); no method swizzling.
#if canImport(UIKit) && !os(watchOS)
import ObjectiveC
import UIKit

/// Calls a closure when UIKit sends it its action message. UIKit holds targets weakly: whoever
/// registers one (an observation of a `reactive` event signal) keeps it.
@MainActor
final class ActionTrampoline: NSObject {
  private let handler: @MainActor () -> Void

  init(_ handler: @escaping @MainActor () -> Void) {
    self.handler = handler
  }

  /// The action message UIKit sends. Spelt as a string, since `#selector` needs the Objective-C
  /// runtime that the Linux type-check (Checks/AppleAdapters) lacks; `fire` below is its method.
  static var action: Selector { Selector(("tetherFire")) }

  #if TETHER_APPLE_STUBS
  // The Linux type-check has no Objective-C runtime, so the method cannot be `@objc` there.
  func tetherFire() { handler() }
  #else
  @objc func tetherFire() { handler() }
  #endif
}
#endif
