import Foundation

/// An outline view that an outline binder can drive: the item-update methods of `NSOutlineView`,
/// with the same names and signatures.
///
/// Items are objects the data source hands out (an ``OutlineItem`` from the binder); `nil` is the
/// invisible root. As with ``FlatViewProtocol``, each call between ``beginUpdates()`` and
/// ``endUpdates()`` applies to the tree as it is right after the previous call, so the binder
/// replays a tree changeset's patch operation by operation.
@MainActor
public protocol OutlineViewProtocol: AnyObject {
  /// The type of the view's cells (row views).
  associatedtype Cell

  /// The view's animation type; Tether's ``ViewAnimationOptions`` unless the view has its own.
  associatedtype AnimationOptions = ViewAnimationOptions

  /// The view's animation options for Tether's neutral `options`.
  static func animationOptions(_ options: ViewAnimationOptions) -> AnimationOptions

  /// The object the view asks for items and cells, held weakly.
  var outlineDataSource: (any OutlineViewDataSource<Cell>)? { get set }

  /// Forgets every item and asks the data source for everything again.
  func reloadData()

  /// Starts a group of updates, animated together.
  func beginUpdates()

  /// Ends the group started by ``beginUpdates()``.
  func endUpdates()

  /// Inserts children of `parent` (`nil` for the root) at `indexes`, offsets after the insertion.
  func insertItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: AnimationOptions)

  /// Removes the children of `parent` at `indexes`, offsets before the removal.
  func removeItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: AnimationOptions)

  /// Moves the child at `fromIndex` of `oldParent` so that it ends up at `toIndex` of `newParent`.
  func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?)

  /// Asks the data source again for `item`'s cell (and, with `reloadChildren`, its children).
  func reloadItem(_ item: Any?, reloadChildren: Bool)

  /// Runs `updates` without animations.
  func performWithoutAnimation(_ updates: () -> Void)
}

extension OutlineViewProtocol where AnimationOptions == ViewAnimationOptions {
  /// The neutral options themselves.
  public static func animationOptions(_ options: ViewAnimationOptions) -> ViewAnimationOptions { options }
}

extension OutlineViewProtocol {
  /// Runs `updates`; views without animations need nothing more.
  public func performWithoutAnimation(_ updates: () -> Void) {
    updates()
  }
}

/// What an outline view asks its data source (the `NSOutlineViewDataSource` questions).
@MainActor
public protocol OutlineViewDataSource<Cell>: AnyObject {
  /// The type of the cells it makes.
  associatedtype Cell

  /// The number of children of `item` (`nil` for the root).
  func numberOfChildren(ofItem item: Any?) -> Int

  /// The child at `index` of `item` (`nil` for the root): an object that stays the same item
  /// through moves and updates.
  func child(_ index: Int, ofItem item: Any?) -> Any

  /// Whether `item` can be expanded (it has children).
  func isItemExpandable(_ item: Any) -> Bool

  /// The cell showing `item`.
  func cell(forItem item: Any) -> Cell
}
