import TetherDataSources

/// A cell of a ``TerminalListView``: one line of text.
///
/// Any class can be a terminal row, so Epoxy-style cells (``StyledView`` and
/// ``ContentConfigurableView``) work here as they do with UIKit views elsewhere.
@MainActor
public protocol TerminalListRow: AnyObject {
  /// The text the row shows (one line; the view cuts it at its width).
  var text: String { get }
}

/// A terminal row that shows whatever text it is given.
///
/// ```swift
/// names.bind(to: listView, cellType: TerminalTextCell.self) { cell, name in cell.text = name }
/// ```
@MainActor
public final class TerminalTextCell: TerminalListRow, ConstructibleCell {
  /// The text the row shows.
  public var text: String

  /// Creates an empty row.
  public init() {
    text = ""
  }

  /// Creates a row showing `text`.
  public init(text: String) {
    self.text = text
  }
}
