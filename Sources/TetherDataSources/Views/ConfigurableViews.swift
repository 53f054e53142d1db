/// A view created from a style that holds everything needed to set it up (Epoxy's `StyledView`,
/// without the UIKit constraint).
///
/// The style is `Hashable` so that views of equal styles can be reused for one another:
/// `bind(to:cellType:style:)` gives cells of one style one reuse identifier.
///
/// ```swift
/// final class PriceRow: TerminalListRow, StyledView, ContentConfigurableView {
///   struct Style: Hashable { var currency: String }
///   let style: Style
///   private(set) var text = ""
///   init(style: Style) { self.style = style }
///   func setContent(_ price: Int, animated: Bool) { text = "\(price) \(style.currency)" }
/// }
/// ```
@MainActor
public protocol StyledView: AnyObject {
  /// The view's style; `Never` for views without one.
  associatedtype Style: Hashable = Never

  /// Creates the view with its style.
  init(style: Style)
}

/// A view whose content is set all at once from one `Equatable` value (Epoxy's
/// `ContentConfigurableView`, without the UIKit constraint).
///
/// Content is `Equatable` so that binders can skip ``setContent(_:animated:)`` when an item's
/// content did not change.
@MainActor
public protocol ContentConfigurableView: AnyObject {
  /// The content the view shows; `Never` for views without any.
  associatedtype Content: Equatable = Never

  /// Shows `content`, animating the change when `animated` is `true` (a change within a batch
  /// update rather than a reload).
  func setContent(_ content: Content, animated: Bool)
}

/// A styled view that its list view creates itself from a registered class, as UIKit creates a
/// registered cell (with `init(frame:)`), and that takes its style right after.
///
/// The styled binders (`bind(to:cellType:style:)` and friends) register such a cell type under one
/// reuse identifier per style and dequeue it by index path, which is the only way a
/// `UICollectionView` accepts; ``applyStyle(_:)`` is called once on each cell the view created,
/// before its first content. A plain ``StyledView`` is created with ``StyledView/init(style:)``
/// by the binder, which suits table views and ``TerminalListView`` but not a collection view.
@MainActor
public protocol ReusableStyledView: StyledView {
  /// Gives a cell the view just created its style (the style of the identifier it was dequeued
  /// with, so it never changes afterwards).
  func applyStyle(_ style: Style)
}

/// A cell type that Tether's own views can create from a registered class, with `init()`.
///
/// ``BatchUpdateValidatingView`` and ``TerminalListView`` create the cells of a class registered
/// with ``SectionedViewProtocol/register(_:forCellReuseIdentifier:)`` this way, as UIKit creates
/// a registered `UITableViewCell` or `UICollectionViewCell` subclass with its own initializer; the
/// UIKit views need no such conformance. ``TerminalTextCell`` conforms.
@MainActor
public protocol ConstructibleCell: AnyObject {
  /// Creates an empty cell.
  init()
}

/// An item that says how its cell looks and what it shows, like Epoxy's item models: binding a
/// collection of such items with `bind(to:cellType:)` gives each item a cell of its own style.
public protocol StyledItemProtocol {
  /// The style of the item's cell.
  associatedtype Style: Hashable
  /// The content the item's cell shows.
  associatedtype Content: Equatable

  /// The style of the item's cell.
  var style: Style { get }
  /// The content the item's cell shows.
  var content: Content { get }
}

/// A style and a content: the simplest ``StyledItemProtocol``.
///
/// ```swift
/// let rows = [StyledItem(style: .title, content: "Fruit"), StyledItem(style: .body, content: "apple")]
/// Property(OrderedCollectionChangeset(reloading: rows)).bind(to: listView, cellType: TextRow.self)
/// ```
public struct StyledItem<Style: Hashable, Content: Equatable>: StyledItemProtocol {
  /// The style of the item's cell.
  public var style: Style
  /// The content the item's cell shows.
  public var content: Content

  /// Creates an item.
  public init(style: Style, content: Content) {
    self.style = style
    self.content = content
  }
}

extension StyledItem: Equatable {}
extension StyledItem: Hashable where Content: Hashable {}
extension StyledItem: Sendable where Style: Sendable, Content: Sendable {}
