// macOS only. On Linux, Checks/AppleAdapters type-checks this file against stub AppKit and
// ObjectiveC modules written from Apple's documentation. Kept minimal,
// every row-update method of `FlatViewProtocol` being AppKit's own.
//
// The bridge is the table view's `dataSource` and its `delegate` (view-based tables get their cell
// views from the delegate). `NSOutlineView` inherits this conformance but is bound through
// `OutlineViewProtocol` (see NSOutlineView+OutlineView.swift): an outline view asks
// `NSOutlineViewDataSource` questions.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ObjectiveC
import TetherDataSources
import TetherSignals

extension NSTableView: FlatViewProtocol {
  /// A view-based table view's cells.
  public typealias Cell = NSView

  /// AppKit's options for Tether's neutral ones (same raw values).
  public static func animationOptions(_ options: ViewAnimationOptions) -> NSTableView.AnimationOptions {
    NSTableView.AnimationOptions(rawValue: options.rawValue)
  }

  /// The binder answering the table view's questions, through a bridge object that becomes its
  /// `dataSource` and `delegate`.
  public var flatDataSource: (any FlatViewDataSource<NSView>)? {
    get { (dataSource as? TableViewFlatDataSourceBridge)?.source }
    set {
      let bridge = newValue.map { TableViewFlatDataSourceBridge(source: $0) }
      objc_setAssociatedObject(self, &AssociatedObjectKeys.dataSourceBridge, bridge, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      dataSource = bridge
      delegate = bridge
    }
  }

  /// Runs `updates` in an animation group of zero duration.
  public func performWithoutAnimation(_ updates: () -> Void) {
    withoutActuallyEscaping(updates) { updates in
      NSAnimationContext.runAnimationGroup { context in
        context.duration = 0
        updates()
      }
    }
  }
}

extension NSTableView: DisposeBagProvider {
  /// The table view's bindings (an outline view's too), disposed when it is deallocated (an
  /// associated object), so a binding ends with its view rather than at the next changeset.
  nonisolated public var bag: DisposeBag { associatedBag(of: self) }
}

/// Forwards the view's data-source questions to a binder, held weakly (the binding owns it).
/// Not generic: Objective-C protocols cannot be adopted conditionally.
@MainActor
final class TableViewFlatDataSourceBridge: NSObject, NSTableViewDataSource, NSTableViewDelegate {
  weak var source: (any FlatViewDataSource<NSView>)?

  init(source: any FlatViewDataSource<NSView>) {
    self.source = source
  }
  func numberOfRows(in tableView: NSTableView) -> Int {
    source?.numberOfRows() ?? 0
  }

  func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
    source?.cellForRow(at: row)
  }
}
#endif
