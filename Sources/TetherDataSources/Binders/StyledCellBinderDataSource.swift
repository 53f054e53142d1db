import Foundation
import TetherChangesets
import TetherSynchronization

/// A sectioned binder whose cells are Epoxy-style views: each is created from its style
/// (``StyledView``) and shows one `Equatable` content (``ContentConfigurableView``).
///
/// Cells of one style share a reuse identifier; a ``ReusableStyledView`` cell type is registered
/// with the view under it and dequeued by index path, as a `UICollectionView` requires. When the
/// view hands back a cell for reuse (a
/// reloaded row gets its own cell back), ``ContentConfigurableView/setContent(_:animated:)`` is
/// only called if the content differs from what that cell last showed, so reloading a row whose
/// content did not change costs nothing. Content set during a batch update is `animated`, content
/// set by a reload is not.
///
/// `bind(to:cellType:style:)` and `bind(to:cellType:style:content:)` make one.
@MainActor
open class StyledCellBinderDataSource<
  Changeset: SectionedDataSourceChangeset,
  View: SectionedViewProtocol,
  CellView: StyledView & ContentConfigurableView
>: SectionedBinderDataSource<Changeset, View>
where Changeset.Collection: QueryableSectionedDataSourceProtocol {
  /// The type of the collection's items.
  public typealias Item = Changeset.Collection.Item

  private let style: @MainActor (Item) -> CellView.Style
  private let content: @MainActor (Item) -> CellView.Content
  private var identifiers: [CellView.Style: String] = [:]
  private var shownContent: [ObjectIdentifier: ShownContent] = [:]
  private var pruneThreshold = 64

  private struct ShownContent {
    weak var cell: CellView?
    var content: CellView.Content
  }

  /// Creates a binder making `CellView`s.
  ///
  /// - Parameters:
  ///   - cellType: The cell type; it only names `CellView` where the call cannot infer it.
  ///   - animations: The animations of batch updates.
  ///   - style: The style of an item's cell.
  ///   - content: The content an item's cell shows.
  public init(
    cellType: CellView.Type = CellView.self,
    animations: SectionedViewAnimations = .automatic,
    style: @escaping @MainActor (Item) -> CellView.Style,
    content: @escaping @MainActor (Item) -> CellView.Content
  ) {
    self.style = style
    self.content = content
    super.init(animations: animations, createCell: nil)
  }

  /// Dequeues a cell of the item's style and sets its content if it changed.
  ///
  /// A ``ReusableStyledView`` is registered with the view under its style's identifier and
  /// dequeued by index path (a new cell gets its style from ``ReusableStyledView/applyStyle(_:)``),
  /// which suits every view, `UICollectionView` included. Any other ``StyledView`` is reused with
  /// `dequeueReusableCell(withIdentifier:)` or created with `init(style:)`, which a table view
  /// accepts and a collection view does not.
  open override func cell(for collection: Changeset.Collection, at indexPath: IndexPath, in view: View) -> View.Cell {
    let item = collection.item(at: indexPath)
    let style = style(item)
    let content = content(item)
    let identifier = reuseIdentifier(for: style)
    let cell: CellView
    var isNew = false
    if CellView.self is any ReusableStyledView.Type {
      registerIfNeeded(CellView.self, forCellReuseIdentifier: identifier, in: view)
      let dequeued = view.dequeueReusableCell(withIdentifier: identifier, for: requestedIndexPath ?? indexPath)
      guard let styled = dequeued as? CellView else {
        tetherPreconditionFailure(
          "\(View.self) dequeued a \(type(of: dequeued)) for the identifier \"\(identifier)\", not a \(CellView.self)")
      }
      cell = styled
      if shownContent[ObjectIdentifier(cell)]?.cell !== cell {
        isNew = true
        applyStyle(style, to: cell)
      }
    } else {
      cell = (view.dequeueReusableCell(withIdentifier: identifier) as? CellView) ?? CellView(style: style)
    }
    let key = ObjectIdentifier(cell)
    if !isNew, let shown = shownContent[key], shown.cell === cell, shown.content == content {
      return viewCell(cell)
    }
    cell.setContent(content, animated: isPerformingBatchUpdates)
    shownContent[key] = ShownContent(cell: cell, content: content)
    if shownContent.count > pruneThreshold {
      // Forget cells that are gone, so the table stays proportional to the live cells.
      shownContent = shownContent.filter { $0.value.cell != nil }
      pruneThreshold = max(64, 2 * shownContent.count)
    }
    return viewCell(cell)
  }

  /// The reuse identifier of cells of `style`: the cell type's name and a number per distinct style.
  public func reuseIdentifier(for style: CellView.Style) -> String {
    if let known = identifiers[style] { return known }
    let identifier = "\(String(reflecting: CellView.self))#\(identifiers.count)"
    identifiers[style] = identifier
    return identifier
  }

  /// Gives a cell the view created its style (only called when `CellView` is reusable).
  private func applyStyle(_ style: CellView.Style, to cell: CellView) {
    func apply<Reusable: ReusableStyledView>(_ cell: Reusable) {
      guard let style = style as? Reusable.Style else {
        tetherPreconditionFailure("\(Reusable.self) has another style type than \(CellView.self)")
      }
      cell.applyStyle(style)
    }
    if let reusable = cell as? any ReusableStyledView { apply(reusable) }
  }

  private func viewCell(_ cell: CellView) -> View.Cell {
    guard let viewCell = cell as? View.Cell else {
      tetherPreconditionFailure("\(CellView.self) cannot be a cell of \(View.self), whose cells are \(View.Cell.self)")
    }
    return viewCell
  }
}
