import Foundation
import TetherChangesets
import TetherSynchronization

/// The binder of `bind(to:cellType:configureCell:)`: registers `CellType` with its view under
/// `String(reflecting: CellType.self)`, dequeues every cell by index path (the only way a
/// `UICollectionView` accepts) and configures it with its item.
@MainActor
final class RegisteredCellBinderDataSource<
  Changeset: SectionedDataSourceChangeset,
  View: SectionedViewProtocol,
  CellType: AnyObject
>: SectionedBinderDataSource<Changeset, View>
where Changeset.Collection: QueryableSectionedDataSourceProtocol {
  /// The reuse identifier of the cells: the cell type's name, the same for every binding.
  let identifier = String(reflecting: CellType.self)
  private let configureCell: @MainActor (CellType, Changeset.Collection.Item) -> Void

  init(
    animations: SectionedViewAnimations,
    configureCell: @escaping @MainActor (CellType, Changeset.Collection.Item) -> Void
  ) {
    self.configureCell = configureCell
    super.init(animations: animations, createCell: nil)
  }

  override func cell(for collection: Changeset.Collection, at indexPath: IndexPath, in view: View) -> View.Cell {
    registerIfNeeded(CellType.self, forCellReuseIdentifier: identifier, in: view)
    let dequeued = view.dequeueReusableCell(withIdentifier: identifier, for: requestedIndexPath ?? indexPath)
    guard let cell = dequeued as? CellType else {
      tetherPreconditionFailure(
        "\(View.self) dequeued a \(type(of: dequeued)) for the identifier \"\(identifier)\", not a \(CellType.self)")
    }
    configureCell(cell, collection.item(at: indexPath))
    return dequeued
  }
}
