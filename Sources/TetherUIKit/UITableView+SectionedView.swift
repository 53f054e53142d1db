// Apple platforms only. On Linux, Checks/AppleAdapters type-checks this file against stub UIKit
// and ObjectiveC modules written from Apple's documentation; every method of
// `SectionedViewProtocol` is UIKit's own (registration and dequeuing by index path included),
// except the collection-view names, which the protocol forwards to the table-view ones.
#if canImport(UIKit) && !os(watchOS)
import ObjectiveC
import TetherDataSources
import TetherSignals
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
      objc_setAssociatedObject(self, &AssociatedObjectKeys.dataSourceBridge, bridge, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      dataSource = bridge
    }
  }

  /// Runs `updates` inside `UIView.performWithoutAnimation`.
  public func performWithoutAnimation(_ updates: () -> Void) {
    withoutActuallyEscaping(updates) { UIView.performWithoutAnimation($0) }
  }
}

extension UITableView: DisposeBagProvider {
  /// The table view's bindings, disposed when it is deallocated (an associated object), so a
  /// binding ends with its view rather than at the next changeset.
  nonisolated public var bag: DisposeBag { associatedBag(of: self) }
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
