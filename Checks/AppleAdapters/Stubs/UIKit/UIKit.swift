// Stub of the parts of UIKit that Tether's adapters (Sources/TetherUIKit) use, written from Apple's
// documentation: the same class hierarchy, names, argument labels, types and main-actor isolation,
// with empty bodies. It type-checks the adapters on Linux; it runs nothing.
//
// Differences that Swift on Linux forces (there is no Objective-C runtime):
// - the data-source protocols are plain Swift protocols, and the optional requirements the adapters
//   implement are declared as required ones, so a misspelt implementation fails to compile instead
//   of silently becoming an unrelated method;
// - `UIView` declares `init()`, which Objective-C classes inherit from `NSObject` on Apple platforms.
@_exported import Foundation  // UIKit and AppKit re-export Foundation, as on Apple platforms.

/// An object that manages the content for a rectangular area on the screen.
@MainActor
open class UIView: NSObject {
  public override init() {}

  /// Runs a block with animations disabled.
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {}
}

/// A view that allows scrolling of its contained views.
@MainActor
open class UIScrollView: UIView {}

/// A view that presents data using rows in a single column.
@MainActor
open class UITableView: UIScrollView {
  /// The type of animation when rows are inserted or deleted.
  public enum RowAnimation: Int, @unchecked Sendable {  // Safe: a plain enum; UIKit declares it so.
    case fade = 0
    case right = 1
    case left = 2
    case top = 3
    case bottom = 4
    case none = 5
    case middle = 6
    case automatic = 100
  }

  /// The object that acts as the data source of the table view.
  weak open var dataSource: (any UITableViewDataSource)?

  /// Reloads the rows and sections of the table view.
  open func reloadData() {}

  /// Animates multiple insert, delete, reload, and move operations as a group.
  @available(iOS 11.0, tvOS 11.0, *)
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}

  /// Inserts one or more sections in the table view, with an option to animate the insertion.
  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}

  /// Deletes one or more sections in the table view, with an option to animate the deletion.
  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}

  /// Reloads the specified sections using a given animation effect.
  open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}

  /// Moves a section to a new location in the table view.
  open func moveSection(_ section: Int, toSection newSection: Int) {}

  /// Inserts rows in the table view at the locations that an array of index paths identifies.
  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}

  /// Deletes the rows that an array of index paths identifies.
  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}

  /// Reloads the specified rows using the specified animation effect.
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}

  /// Moves the row at a specified location to a destination location.
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}

  /// Returns a reusable table-view cell object located by its identifier.
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? { nil }

  /// Returns a reusable table-view cell object for the specified reuse identifier and adds it to
  /// the table.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    UITableViewCell()
  }

  /// Registers a class to use in creating new table cells.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
}

/// The visual representation of a single row in a table view.
@MainActor
open class UITableViewCell: UIView {
  /// A string that identifies the purpose of the view.
  open var reuseIdentifier: String? { nil }
}

/// The methods that an object adopts to manage data and provide cells for a table view.
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
  /// Tells the data source to return the number of rows in a given section of a table view.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// Asks the data source for a cell to insert in a particular location of the table view.
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  /// Asks the data source to return the number of sections in the table view (optional in UIKit).
  func numberOfSections(in tableView: UITableView) -> Int
  /// Asks the data source for the title of the header of the specified section (optional in UIKit).
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
}

/// An object that manages an ordered collection of data items and presents them using
/// customizable layouts.
@MainActor
open class UICollectionView: UIScrollView {
  /// The object that provides the data for the collection view.
  weak open var dataSource: (any UICollectionViewDataSource)?

  /// Reloads all of the data for the collection view.
  open func reloadData() {}

  /// Animates multiple insert, delete, reload, and move operations as a group.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}

  /// Inserts new sections at the specified indexes.
  open func insertSections(_ sections: IndexSet) {}

  /// Deletes the sections at the specified indexes.
  open func deleteSections(_ sections: IndexSet) {}

  /// Reloads the data in the specified sections of the collection view.
  open func reloadSections(_ sections: IndexSet) {}

  /// Moves a section from one location to another in the collection view.
  open func moveSection(_ section: Int, toSection newSection: Int) {}

  /// Inserts new items at the specified index paths.
  open func insertItems(at indexPaths: [IndexPath]) {}

  /// Deletes the items at the specified index paths.
  open func deleteItems(at indexPaths: [IndexPath]) {}

  /// Reloads just the items at the specified index paths.
  open func reloadItems(at indexPaths: [IndexPath]) {}

  /// Moves an item from one location to another in the collection view.
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}

  /// Registers a class for use in creating new collection view cells.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}

  /// Dequeues a reusable cell object located by its identifier.
  open func dequeueReusableCell(
    withReuseIdentifier identifier: String, for indexPath: IndexPath
  )
    -> UICollectionViewCell
  {
    UICollectionViewCell()
  }
}

/// A view that defines the behavior for all cells and supplementary views presented by a
/// collection view.
@MainActor
open class UICollectionReusableView: UIView {
  /// A string that identifies the purpose of the view.
  open var reuseIdentifier: String? { nil }
}

/// A single data item when that item is within the collection view's visible bounds.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {}

/// The methods that an object adopts to manage data and provide cells for a collection view.
@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
  /// Asks your data source object for the number of items in the specified section.
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  /// Asks your data source object for the cell that corresponds to the specified item.
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
  /// Asks your data source object for the number of sections in the collection view (optional in
  /// UIKit).
  func numberOfSections(in collectionView: UICollectionView) -> Int
}
