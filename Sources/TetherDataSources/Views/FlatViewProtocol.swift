import Foundation

/// A flat list view that a flat binder can drive: the row-update methods of `NSTableView`, with the
/// same names and signatures.
///
/// Unlike a ``SectionedViewProtocol`` batch, each call between ``beginUpdates()`` and
/// ``endUpdates()`` applies to the rows as they are right after the previous call (AppKit's
/// semantics), so a binder replays a changeset's patch one operation at a time. The view asks its
/// ``flatDataSource`` for cells of inserted and reloaded rows after ``endUpdates()``.
///
/// ``AnimationOptions`` is the view's own animation type (`NSTableView.AnimationOptions`);
/// ``animationOptions(_:)`` translates Tether's neutral ``ViewAnimationOptions``.
@MainActor
public protocol FlatViewProtocol: AnyObject {
  /// The type of the view's cells (row views).
  associatedtype Cell

  /// The view's animation type; Tether's ``ViewAnimationOptions`` unless the view has its own.
  associatedtype AnimationOptions = ViewAnimationOptions

  /// The view's animation options for Tether's neutral `options`.
  static func animationOptions(_ options: ViewAnimationOptions) -> AnimationOptions

  /// The object the view asks for its row count and cells, held weakly.
  var flatDataSource: (any FlatViewDataSource<Cell>)? { get set }

  /// The number of columns (reloading a row reloads all of them).
  var numberOfColumns: Int { get }

  /// Forgets every row and asks the data source for everything again.
  func reloadData()

  /// Starts a group of row updates, animated together.
  func beginUpdates()

  /// Ends the group started by ``beginUpdates()``.
  func endUpdates()

  /// Inserts rows at `indexes` (offsets after the insertion).
  func insertRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions)

  /// Removes the rows at `indexes` (offsets before the removal).
  func removeRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions)

  /// Moves the row at `oldIndex` so that it ends up at `newIndex`.
  func moveRow(at oldIndex: Int, to newIndex: Int)

  /// Asks the data source again for the given rows' cells.
  func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet)

  /// Runs `updates` without animations.
  func performWithoutAnimation(_ updates: () -> Void)
}

extension FlatViewProtocol where AnimationOptions == ViewAnimationOptions {
  /// The neutral options themselves.
  public static func animationOptions(_ options: ViewAnimationOptions) -> ViewAnimationOptions { options }
}

extension FlatViewProtocol {
  /// Runs `updates`; views without animations need nothing more.
  public func performWithoutAnimation(_ updates: () -> Void) {
    updates()
  }
}

/// What a flat list view asks its data source (the `NSTableViewDataSource` questions).
@MainActor
public protocol FlatViewDataSource<Cell>: AnyObject {
  /// The type of the cells it makes.
  associatedtype Cell

  /// The number of rows the view should show now.
  func numberOfRows() -> Int

  /// The cell for the row at `row`, in the current (post-update) index space.
  func cellForRow(at row: Int) -> Cell
}
