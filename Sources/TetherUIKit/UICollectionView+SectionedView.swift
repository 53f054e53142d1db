// Apple platforms only. On Linux, Checks/AppleAdapters type-checks this file against stub UIKit
// and ObjectiveC modules written from Apple's documentation. A collection view names its rows
// "items" and does not animate per kind, so the row methods forward to the item methods and the
// animation is ignored. Its own `register(_:forCellWithReuseIdentifier:)` and
// `dequeueReusableCell(withReuseIdentifier:for:)` satisfy the protocol's collection-view
// requirements; the table-view names forward to them.
#if canImport(UIKit) && !os(watchOS)
import ObjectiveC
import TetherDataSources
import TetherSignals
import UIKit

extension UICollectionView: SectionedViewProtocol {
  /// A collection view's cells.
  public typealias Cell = UICollectionViewCell

  /// The binder answering the collection view's data-source questions, through a bridge object
  /// that becomes the collection view's `dataSource`.
  public var sectionedDataSource: (any SectionedViewDataSource<UICollectionViewCell>)? {
    get { (dataSource as? CollectionViewDataSourceBridge)?.source }
    set {
      let bridge = newValue.map { CollectionViewDataSourceBridge(source: $0) }
      objc_setAssociatedObject(self, &AssociatedObjectKeys.dataSourceBridge, bridge, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      dataSource = bridge
    }
  }

  /// `insertSections(_:)`.
  public func insertSections(_ sections: IndexSet, with animation: ViewRowAnimation) { insertSections(sections) }
  /// `deleteSections(_:)`.
  public func deleteSections(_ sections: IndexSet, with animation: ViewRowAnimation) { deleteSections(sections) }
  /// `reloadSections(_:)`.
  public func reloadSections(_ sections: IndexSet, with animation: ViewRowAnimation) { reloadSections(sections) }
  /// `insertItems(at:)`.
  public func insertRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) { insertItems(at: indexPaths) }
  /// `deleteItems(at:)`.
  public func deleteRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) { deleteItems(at: indexPaths) }
  /// `reloadItems(at:)`.
  public func reloadRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) { reloadItems(at: indexPaths) }
  /// `moveItem(at:to:)`.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { moveItem(at: indexPath, to: newIndexPath) }

  /// Always `nil`: a collection view dequeues by index path only (see
  /// ``dequeueReusableCell(withIdentifier:for:)``).
  public func dequeueReusableCell(withIdentifier identifier: String) -> UICollectionViewCell? { nil }

  /// `register(_:forCellWithReuseIdentifier:)`, under the table-view name the binders call.
  public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    register(cellClass, forCellWithReuseIdentifier: identifier)
  }

  /// `dequeueReusableCell(withReuseIdentifier:for:)`, under the table-view name the binders call:
  /// the only way to get a cell a collection view accepts from `collectionView(_:cellForItemAt:)`.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
    dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
  }

  /// Runs `updates` inside `UIView.performWithoutAnimation`.
  public func performWithoutAnimation(_ updates: () -> Void) {
    withoutActuallyEscaping(updates) { UIView.performWithoutAnimation($0) }
  }
}

extension UICollectionView: DisposeBagProvider {
  /// The collection view's bindings, disposed when it is deallocated (an associated object), so a
  /// binding ends with its view rather than at the next changeset.
  nonisolated public var bag: DisposeBag { associatedBag(of: self) }
}

/// Forwards the view's data-source questions to a binder, held weakly (the binding owns it).
/// Not generic: Objective-C protocols cannot be adopted conditionally.
@MainActor
final class CollectionViewDataSourceBridge: NSObject, UICollectionViewDataSource {
  weak var source: (any SectionedViewDataSource<UICollectionViewCell>)?

  init(source: any SectionedViewDataSource<UICollectionViewCell>) {
    self.source = source
  }
  func numberOfSections(in collectionView: UICollectionView) -> Int {
    source?.numberOfSections() ?? 0
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    source?.numberOfItems(inSection: section) ?? 0
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    guard let source else {
      // The view reports no items once the binder is gone, so it should never ask.
      fatalError(
        "UICollectionView asked for the cell at \(indexPath) after its Tether binder was released")
    }
    return source.cellForItem(at: indexPath)
  }
}
#endif
