// macOS only. On Linux, Checks/AppleAdapters type-checks this file against stub AppKit and
// ObjectiveC modules written from Apple's documentation. Kept minimal,
// every item-update method of `OutlineViewProtocol` being AppKit's own. The cell type,
// animation options and `performWithoutAnimation(_:)` come from the `NSTableView` conformance.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ObjectiveC
import TetherDataSources
import TetherSignals

extension NSOutlineView: OutlineViewProtocol {
  /// The binder answering the outline view's questions, through a bridge object that becomes its
  /// `dataSource` and `delegate`.
  public var outlineDataSource: (any OutlineViewDataSource<NSView>)? {
    get { (dataSource as? OutlineViewDataSourceBridge)?.source }
    set {
      let bridge = newValue.map { OutlineViewDataSourceBridge(source: $0) }
      objc_setAssociatedObject(self, &AssociatedObjectKeys.dataSourceBridge, bridge, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      dataSource = bridge
      delegate = bridge
    }
  }
}

/// Forwards an outline view's data-source and delegate questions to a binder, held weakly.
@MainActor
final class OutlineViewDataSourceBridge: NSObject, NSOutlineViewDataSource, NSOutlineViewDelegate {
  weak var source: (any OutlineViewDataSource<NSView>)?

  init(source: any OutlineViewDataSource<NSView>) {
    self.source = source
  }

  func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int {
    source?.numberOfChildren(ofItem: item) ?? 0
  }

  func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any {
    guard let source else {
      // The view reports no children once the binder is gone, so it should never ask.
      fatalError("NSOutlineView asked for child \(index) after its Tether binder was released")
    }
    return source.child(index, ofItem: item)
  }

  func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool {
    source?.isItemExpandable(item) ?? false
  }

  func outlineView(_ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any) -> NSView? {
    source?.cell(forItem: item)
  }
}
#endif
