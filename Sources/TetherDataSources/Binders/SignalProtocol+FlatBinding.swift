import Foundation
import TetherChangesets
import TetherSignals

extension SignalProtocol where Error == Never, Element: FlatDataSourceChangesetConvertible {
  /// The collection type a flat view shows for these elements.
  public typealias FlatCollection = Element.FlatChangeset.Collection

  /// Binds the changesets to a flat list view through `dataSource`, which becomes the view's data
  /// source and applies every changeset.
  ///
  /// Changesets sent on any thread are applied on the main thread in the order they were sent
  /// (synchronously when sent on the main thread). The binding holds the view weakly and ends when
  /// the returned disposable is disposed, when the signal completes, or when the view goes away (at
  /// once if the view is a `DisposeBagProvider`, else at the next changeset).
  /// When the signal completes, the changesets sent before are applied first, and a view that is a
  /// `DisposeBagProvider` keeps the binder as its data source until it goes away, so that it can
  /// still reload what it shows.
  @MainActor
  @discardableResult
  public func bind<View: FlatViewProtocol>(
    to view: View,
    using dataSource: FlatBinderDataSource<Element.FlatChangeset, View>
  ) -> any Disposable {
    dataSource.view = view
    return bindOnMain(view: view, binder: dataSource) { [weak dataSource] in
      dataSource?.view != nil
    } apply: { element in
      dataSource.apply(element.asFlatDataSourceChangeset)
    }
  }

  /// Binds the changesets to a flat list view, making each row's cell with `createCell`.
  ///
  /// See `bind(to:using:)` for threading and lifetime.
  @MainActor
  @discardableResult
  public func bind<View: FlatViewProtocol>(
    to view: View,
    animations: FlatViewAnimations = .fade,
    createCell: @escaping @MainActor (FlatCollection, Int, View) -> View.Cell
  ) -> any Disposable {
    bind(to: view, using: FlatBinderDataSource(animations: animations, createCell: createCell))
  }
}
