import Foundation

/// A table-like or collection-like view that a sectioned binder can drive: the batch-update methods
/// of `UITableView`, with the same names and signatures.
///
/// On Apple platforms `UITableView` and `UICollectionView` conform in a few lines (see the
/// `TetherUIKit` module); on Linux ``BatchUpdateValidatingView`` and ``TerminalListView`` conform.
///
/// The view asks its ``sectionedDataSource`` for counts and cells, as `UITableView` asks its
/// `dataSource`: after ``reloadData()``, and for every inserted or reloaded row or section of a batch.
/// A binder installs itself there; a view holds it weakly, like UIKit.
///
/// Cells come from the view, as in UIKit: a binder registers a cell class for a reuse identifier
/// (``register(_:forCellReuseIdentifier:)``) and asks for a cell for each index path
/// (``dequeueReusableCell(withIdentifier:for:)``). `UICollectionView` has only that way (under
/// the names ``register(_:forCellWithReuseIdentifier:)`` and
/// ``dequeueReusableCell(withReuseIdentifier:for:)``, to which its conformance forwards).
///
/// ``RowAnimation`` is the view's own animation type (`UITableView.RowAnimation` for a table view),
/// so its methods keep their native signatures; ``rowAnimation(_:)`` translates Tether's neutral
/// ``ViewRowAnimation``.
@MainActor
public protocol SectionedViewProtocol: AnyObject {
  /// The type of the view's cells (`UITableViewCell` for a table view).
  associatedtype Cell

  /// The view's animation type; Tether's ``ViewRowAnimation`` unless the view has its own.
  associatedtype RowAnimation = ViewRowAnimation

  /// The view's animation for Tether's neutral `animation`.
  static func rowAnimation(_ animation: ViewRowAnimation) -> RowAnimation

  /// The object the view asks for counts and cells, held weakly.
  var sectionedDataSource: (any SectionedViewDataSource<Cell>)? { get set }

  /// Forgets every row and asks the data source for everything again.
  func reloadData()

  /// Runs `updates` (which calls the insert, delete, reload and move methods) as one animated batch,
  /// then `completion`.
  ///
  /// Within a batch, deletes and reloads use the index paths from before the batch, inserts and
  /// move targets those after it, whatever the order of the calls.
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)

  /// Inserts sections, asking the data source for their rows.
  func insertSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Deletes sections with their rows.
  func deleteSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Reloads sections, asking the data source for their rows again.
  func reloadSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Moves a section with its rows.
  func moveSection(_ section: Int, toSection newSection: Int)

  /// Inserts rows, asking the data source for their cells.
  func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Deletes rows.
  func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Reloads rows, asking the data source for their cells again.
  func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Moves a row.
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)

  /// A cell that left the view and was made with `identifier`, ready to be configured again, or
  /// `nil` (as `UITableView.dequeueReusableCell(withIdentifier:)`). A collection view has no such
  /// method and answers `nil`: use ``dequeueReusableCell(withIdentifier:for:)``.
  func dequeueReusableCell(withIdentifier identifier: String) -> Cell?

  /// Makes the view create cells of `cellClass` for `identifier` when it has none to reuse
  /// (`UITableView.register(_:forCellReuseIdentifier:)`); `nil` forgets the identifier.
  ///
  /// Binders register their cell types once per view; a `createCell` closure that dequeues itself
  /// registers its identifiers first, as UIKit code does in `viewDidLoad`.
  func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String)

  /// A cell for the row at `indexPath`, reused or created from the class registered for
  /// `identifier` (`UITableView.dequeueReusableCell(withIdentifier:for:)`); a collection view
  /// forwards to ``dequeueReusableCell(withReuseIdentifier:for:)``.
  ///
  /// Call it only from the data source's `cellForItem(at:)`, for the index path asked, and return
  /// the cell: a collection view rejects any other cell.
  func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Cell

  /// `UICollectionView.register(_:forCellWithReuseIdentifier:)`: as
  /// ``register(_:forCellReuseIdentifier:)``, which it calls unless the view has its own.
  func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String)

  /// `UICollectionView.dequeueReusableCell(withReuseIdentifier:for:)`: as
  /// ``dequeueReusableCell(withIdentifier:for:)``, which it calls unless the view has its own.
  func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> Cell

  /// Runs `updates` without animations (`UIView.performWithoutAnimation(_:)` on Apple platforms).
  func performWithoutAnimation(_ updates: () -> Void)
}

extension SectionedViewProtocol where RowAnimation == ViewRowAnimation {
  /// The neutral animation itself.
  public static func rowAnimation(_ animation: ViewRowAnimation) -> ViewRowAnimation { animation }
}

extension SectionedViewProtocol {
  /// Runs `updates`; views without animations need nothing more.
  public func performWithoutAnimation(_ updates: () -> Void) {
    updates()
  }

  /// Calls ``register(_:forCellReuseIdentifier:)``: a table-like view has one registry.
  public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    register(cellClass, forCellReuseIdentifier: identifier)
  }

  /// Calls ``dequeueReusableCell(withIdentifier:for:)``: a table-like view has one reuse pool.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> Cell {
    dequeueReusableCell(withIdentifier: identifier, for: indexPath)
  }
}

/// What a sectioned view asks its data source: counts, cells and section titles (the
/// `UITableViewDataSource` questions). Binders implement it.
@MainActor
public protocol SectionedViewDataSource<Cell>: AnyObject {
  /// The type of the cells it makes.
  associatedtype Cell

  /// The number of sections the view should show now.
  func numberOfSections() -> Int

  /// The number of rows of the section at `section` the view should show now.
  func numberOfItems(inSection section: Int) -> Int

  /// The cell for the row at `indexPath`, in the current (post-update) index space.
  func cellForItem(at indexPath: IndexPath) -> Cell

  /// The header title of the section at `section`, or `nil` for none.
  func titleForHeader(inSection section: Int) -> String?
}
