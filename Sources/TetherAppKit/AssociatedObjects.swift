// Apple platforms only (AppKit). On Linux this module is empty; the nested package
// Checks/AppleAdapters type-checks it against stub AppKit and ObjectiveC modules.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import ObjectiveC
import TetherSignals

/// Keys of the associated objects this module attaches to views. Only their addresses are used.
enum AssociatedObjectKeys {
  /// The bridge object that is a view's `dataSource` (AppKit views hold their data sources weakly).
  nonisolated(unsafe) static var dataSourceBridge: UInt8 = 0  // Unsafe: only its address is used, as a key.
  /// The bag of bindings that ends when the view is deallocated.
  nonisolated(unsafe) static var bindingBag: UInt8 = 0  // Unsafe: only its address is used, as a key.
  /// The target of a control's action messages while `reactive.controlEvent` is observed.
  nonisolated(unsafe) static var controlActions: UInt8 = 0  // Unsafe: only its address is used, as a key.
}

/// The view's bag of bindings, made on first use and kept as an associated object, so that it is
/// released (and disposes every binding in it) when the view is deallocated.
func associatedBag(of object: AnyObject) -> DisposeBag {
  if let bag = objc_getAssociatedObject(object, &AssociatedObjectKeys.bindingBag) as? DisposeBag {
    return bag
  }
  let bag = DisposeBag()
  objc_setAssociatedObject(object, &AssociatedObjectKeys.bindingBag, bag, .OBJC_ASSOCIATION_RETAIN)
  return bag
}
#endif
