// Apple platforms only. On Linux, Checks/AppleAdapters type-checks this file against stub UIKit
// and ObjectiveC modules written from Apple's documentation.
#if canImport(UIKit) && !os(watchOS)
import ObjectiveC
import TetherSignals
import UIKit

extension ReactiveExtensions where Base: UIBarItem {
  /// Sets the item's title.
  public var title: Bond<String?> {
    bond { item, title in item.title = title }
  }

  /// Sets the item's image.
  public var image: Bond<UIImage?> {
    bond { item, image in item.image = image }
  }

  /// Enables or disables the item.
  public var isEnabled: Bond<Bool> {
    bond { item, isEnabled in item.isEnabled = isEnabled }
  }
}

extension ReactiveExtensions where Base: UIBarButtonItem {
  /// A signal that fires each time the item is tapped, until it is deallocated. Bond's `tap`.
  ///
  /// It uses the item's `target` and `action` (as Bond does; setting `primaryAction` would also
  /// replace the item's title and image): while the signal is observed, they are Tether's.
  public var tap: SafeSignal<Void> {
    events(
      register: { item, send -> Int in BarButtonItemTaps.of(item).add { send(()) } },
      unregister: { item, id in BarButtonItemTaps.of(item).remove(id) })
  }
}

/// The one target of a bar button item's taps, calling every observer's handler. Kept as an
/// associated object of the item, since the item holds its target weakly.
@MainActor
final class BarButtonItemTaps {
  private var handlers: [Int: @MainActor () -> Void] = [:]
  private var nextID = 0
  private lazy var trampoline = ActionTrampoline { [unowned self] in
    for handler in self.handlers.values { handler() }
  }
  private weak var item: UIBarButtonItem?

  private init(item: UIBarButtonItem) {
    self.item = item
  }

  /// The item's taps, made and attached on first use.
  static func of(_ item: UIBarButtonItem) -> BarButtonItemTaps {
    if let taps = objc_getAssociatedObject(item, &AssociatedObjectKeys.barButtonItemTaps) as? BarButtonItemTaps {
      return taps
    }
    let taps = BarButtonItemTaps(item: item)
    objc_setAssociatedObject(item, &AssociatedObjectKeys.barButtonItemTaps, taps, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    return taps
  }

  /// Adds a handler, making the item's target this object's trampoline; returns its id.
  func add(_ handler: @escaping @MainActor () -> Void) -> Int {
    nextID += 1
    handlers[nextID] = handler
    item?.target = trampoline
    item?.action = ActionTrampoline.action
    return nextID
  }

  /// Removes a handler; with the last one, the item gets no target and no action back.
  func remove(_ id: Int) {
    handlers[id] = nil
    guard handlers.isEmpty, item?.target === trampoline else { return }
    item?.target = nil
    item?.action = nil
  }
}
#endif
