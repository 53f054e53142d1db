// Apple platforms only. This file cannot be compiled on Linux, where Tether is developed and
// tested: it is kept minimal, every method of `SectionedViewProtocol` being UIKit's own.
#if canImport(UIKit) && !os(watchOS)
import ObjectiveC
import UIKit

extension UITableView: SectionedViewProtocol {
  /// A table view's cells.
  public typealias Cell = UITableViewCell

  /// UIKit's animation for Tether's neutral one (same raw values).
  public static func rowAnimation(_ animation: ViewRowAnimation) -> UITableView.RowAnimation {
    UITableView.RowAnimation(rawValue: animation.rawValue) ?? .automatic
  }

  /// The binder answering the table view's data-source questions, through a small bridge object
  /// that becomes the table view's `dataSource`.
  public var sectionedDataSource: (any SectionedViewDataSource<UITableViewCell>)? {
    get { (dataSource as? TableViewDataSourceBridge)?.source }
    set {
      let bridge = newValue.map { TableViewDataSourceBridge(source: $0) }
      objc_setAssociatedObject(self, &dataSourceBridgeKey, bridge, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      dataSource = bridge
    }
  }

  /// Runs `updates` inside `UIView.performWithoutAnimation`.
  public func performWithoutAnimation(_ updates: () -> Void) {
    withoutActuallyEscaping(updates) { UIView.performWithoutAnimation($0) }
  }
}

/// Forwards the view's data-source questions to a binder, held weakly (the binding owns it).
/// Not generic: Objective-C protocols cannot be adopted conditionally.
@MainActor
final class TableViewDataSourceBridge: NSObject, UITableViewDataSource {
  weak var source: (any SectionedViewDataSource<UITableViewCell>)?

  init(source: any SectionedViewDataSource<UITableViewCell>) {
    self.source = source
  }
  func numberOfSections(in tableView: UITableView) -> Int {
    source?.numberOfSections() ?? 0
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    source?.numberOfItems(inSection: section) ?? 0
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    source?.cellForItem(at: indexPath) ?? UITableViewCell()
  }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    source?.titleForHeader(inSection: section)
  }
}
#endif
