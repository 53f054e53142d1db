import Foundation
import TetherChangesets
import TetherSignals
import TetherSynchronization

extension SignalProtocol where Error == Never, Element: SectionedDataSourceChangesetConvertible {
  /// The collection type a sectioned view shows for these elements.
  public typealias SectionedCollection = Element.SectionedChangeset.Collection

  /// Binds the changesets to a sectioned view through `dataSource`, which becomes the view's data
  /// source and applies every changeset (Bond's `bind(to:using:)`).
  ///
  /// Changesets sent on any thread are applied on the main thread in the order they were sent
  /// (synchronously when sent on the main thread). The binding holds the view weakly and ends
  /// when the returned disposable is disposed, when the signal completes, or when the view goes away
  /// (at once if the view is a `DisposeBagProvider`, else at the next changeset); the binder is then
  /// released. When the signal completes (a property released by its owner), the changesets sent
  /// before are applied first, and a view that is a `DisposeBagProvider` keeps the binder as its
  /// data source until it goes away, as Bond's views do, so that it can still reload what it shows.
  ///
  /// - Returns: The binding; dispose it to stop updating the view.
  @MainActor
  @discardableResult
  public func bind<View: SectionedViewProtocol>(
    to view: View,
    using dataSource: SectionedBinderDataSource<Element.SectionedChangeset, View>
  ) -> any Disposable {
    dataSource.view = view
    return bindOnMain(view: view, binder: dataSource) { [weak dataSource] in
      dataSource?.view != nil
    } apply: { element in
      dataSource.apply(element.asSectionedDataSourceChangeset)
    }
  }

  /// Binds the changesets to a sectioned view, making each cell with `createCell` (Bond's
  /// `bind(to:createCell:)`).
  ///
  /// ```swift
  /// let fruits = Property(OrderedCollectionChangeset(reloading: ["apple", "pear"]))
  /// fruits.bind(to: listView) { fruits, indexPath, view in
  ///   TerminalTextCell(text: fruits.item(at: indexPath))
  /// }
  /// ```
  ///
  /// `createCell` gets the collection, the item's index path in it and the view, so it can
  /// dequeue its cell as Bond's closures do: a `UICollectionView` accepts only cells dequeued
  /// with `dequeueReusableCell(withReuseIdentifier:for:)` from a registered identifier. During
  /// the intermediate stages of a staged update (rows moved along with their sections) the item's
  /// index path is not the row the view asked for; a binder subclass overriding
  /// `cell(for:at:in:)` dequeues for `requestedIndexPath` instead (see
  /// ``SectionedBinderDataSource``).
  ///
  /// See `bind(to:using:)` for threading and lifetime.
  ///
  /// - Parameters:
  ///   - view: The view; held weakly.
  ///   - animations: The batch-update animations (`.none` for none at all).
  ///   - createCell: Makes the cell for the item at an index path of the collection.
  @MainActor
  @discardableResult
  public func bind<View: SectionedViewProtocol>(
    to view: View,
    animations: SectionedViewAnimations = .automatic,
    createCell: @escaping @MainActor (SectionedCollection, IndexPath, View) -> View.Cell
  ) -> any Disposable {
    bind(to: view, using: SectionedBinderDataSource(animations: animations, createCell: createCell))
  }
}

extension SignalProtocol
where
  Error == Never, Element: SectionedDataSourceChangesetConvertible,
  Element.SectionedChangeset.Collection: QueryableSectionedDataSourceProtocol
{
  /// Binds the changesets to a sectioned view with cells of `cellType`, each configured with its
  /// item by `configureCell` (Bond's `bind(to:cellType:configureCell:)`).
  ///
  /// The binder registers `cellType` with the view once, under the reuse identifier
  /// `String(reflecting: cellType)`, and dequeues every cell by index path
  /// (`dequeueReusableCell(withIdentifier:for:)`), so it works unchanged on a `UITableView` and on
  /// a `UICollectionView`, which accepts no other cells. The view creates the cells: UIKit with the
  /// cell class's own initializer, Tether's Linux views with `init()` (a ``ConstructibleCell``).
  ///
  /// ```swift
  /// fruits.bind(to: listView, cellType: TerminalTextCell.self) { cell, fruit in cell.text = fruit }
  /// ```
  ///
  /// See `bind(to:using:)` for threading and lifetime.
  @MainActor
  @discardableResult
  public func bind<View: SectionedViewProtocol, CellType: AnyObject>(
    to view: View,
    animations: SectionedViewAnimations = .automatic,
    cellType: CellType.Type,
    configureCell: @escaping @MainActor (CellType, SectionedCollection.Item) -> Void
  ) -> any Disposable {
    let dataSource = RegisteredCellBinderDataSource<Element.SectionedChangeset, View, CellType>(
      animations: animations,
      configureCell: configureCell
    )
    return bind(to: view, using: dataSource)
  }

  /// Binds the changesets to a sectioned view with Epoxy-style cells: each is created from `style`
  /// and shows `content(item)`, set only when it changed (see ``StyledCellBinderDataSource``).
  ///
  /// See `bind(to:using:)` for threading and lifetime.
  @MainActor
  @discardableResult
  public func bind<View: SectionedViewProtocol, CellType: StyledView & ContentConfigurableView>(
    to view: View,
    animations: SectionedViewAnimations = .automatic,
    cellType: CellType.Type,
    style: CellType.Style,
    content: @escaping @MainActor (SectionedCollection.Item) -> CellType.Content
  ) -> any Disposable {
    let dataSource = StyledCellBinderDataSource<Element.SectionedChangeset, View, CellType>(
      animations: animations,
      style: { _ in style },
      content: content
    )
    return bind(to: view, using: dataSource)
  }

  /// Binds the changesets to a sectioned view with Epoxy-style cells whose content is the item
  /// itself: each cell is created from `style`, and `setContent` is called only when an item's
  /// content changed (see ``StyledCellBinderDataSource``).
  ///
  /// ```swift
  /// prices.bind(to: listView, cellType: PriceRow.self, style: .init(currency: "EUR"))
  /// ```
  ///
  /// See `bind(to:using:)` for threading and lifetime.
  @MainActor
  @discardableResult
  public func bind<View: SectionedViewProtocol, CellType: StyledView & ContentConfigurableView>(
    to view: View,
    animations: SectionedViewAnimations = .automatic,
    cellType: CellType.Type,
    style: CellType.Style
  ) -> any Disposable where SectionedCollection.Item == CellType.Content {
    bind(to: view, animations: animations, cellType: cellType, style: style) { $0 }
  }

  /// Binds the changesets to a sectioned view with Epoxy-style cells whose items carry their own
  /// style and content (``StyledItemProtocol``): each cell is created from its item's style, cells
  /// of one style are reused for one another, and `setContent` is called only when an item's
  /// content changed (see ``StyledCellBinderDataSource``).
  ///
  /// See `bind(to:using:)` for threading and lifetime.
  @MainActor
  @discardableResult
  public func bind<View: SectionedViewProtocol, CellType: StyledView & ContentConfigurableView>(
    to view: View,
    animations: SectionedViewAnimations = .automatic,
    cellType: CellType.Type
  ) -> any Disposable
  where
    SectionedCollection.Item: StyledItemProtocol, SectionedCollection.Item.Style == CellType.Style,
    SectionedCollection.Item.Content == CellType.Content
  {
    let dataSource = StyledCellBinderDataSource<Element.SectionedChangeset, View, CellType>(
      animations: animations,
      style: { $0.style },
      content: { $0.content }
    )
    return bind(to: view, using: dataSource)
  }
}
