import Foundation
import TetherChangesets
import TetherSignals

extension SignalProtocol where Error == Never {
  /// Binds tree changesets to an outline view through `dataSource`, which becomes the view's data
  /// source and replays every changeset.
  ///
  /// Changesets sent on any thread are applied on the main thread in the order they were sent. The
  /// binding holds the view weakly and ends when the returned disposable is disposed, when the
  /// signal completes, or when the view goes away.
  /// When the signal completes, the changesets sent before are applied first, and a view that is a
  /// `DisposeBagProvider` keeps the binder as its data source until it goes away, so that it can
  /// still reload what it shows.
  @MainActor
  @discardableResult
  public func bind<Tree: TreeProtocol, View: OutlineViewProtocol>(
    to view: View,
    using dataSource: OutlineBinderDataSource<Tree, View>
  ) -> any Disposable where Element == TreeChangeset<Tree> {
    dataSource.view = view
    return bindOnMain(view: view, binder: dataSource) { [weak dataSource] in
      dataSource?.view != nil
    } apply: { changeset in
      dataSource.apply(changeset)
    }
  }

  /// Binds tree changesets to an outline view, making each item's cell with `createCell`.
  ///
  /// ```swift
  /// files.bind(to: outlineView) { item, view in FileCell(name: item.value) }
  /// ```
  ///
  /// See `bind(to:using:)` for threading and lifetime.
  @MainActor
  @discardableResult
  public func bind<Tree: TreeProtocol, View: OutlineViewProtocol>(
    to view: View,
    animations: FlatViewAnimations = .fade,
    createCell: @escaping @MainActor (OutlineItem<Tree.ChildNode.Value>, View) -> View.Cell
  ) -> any Disposable where Element == TreeChangeset<Tree> {
    bind(to: view, using: OutlineBinderDataSource<Tree, View>(animations: animations, createCell: createCell))
  }
}
