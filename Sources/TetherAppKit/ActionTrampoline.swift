// macOS only. The target of the target-action messages of AppKit controls, which have no
// closure-based API; no method swizzling.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import ObjectiveC
import AppKit

/// Calls a closure when AppKit sends it its action message. AppKit holds targets weakly: whoever
/// registers one (an observation of a `reactive` event signal) keeps it.
@MainActor
final class ActionTrampoline: NSObject {
  private let handler: @MainActor () -> Void

  init(_ handler: @escaping @MainActor () -> Void) {
    self.handler = handler
  }

  /// The action message AppKit sends. Spelt as a string, since `#selector` needs the Objective-C
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
