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

/// A cell type a binder can create on its own, for `bind(to:cellType:configureCell:)`.
///
/// On Linux, ``TerminalTextCell`` conforms; a `UITableViewCell` subclass is registered with the
/// table view instead (see the `TetherUIKit` module).
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
