import Foundation
import TetherChangesets
import TetherSignals

// Bond 7's table-view binding, under Tether's name: Bond's two arguments (whether to animate,
// and one row animation for every kind of change) are one `SectionedViewAnimations` value.

extension SignalProtocol where Error == Never, Element: SectionedDataSourceChangesetConvertible {
  /// Bond's `bind(to:animated:rowAnimation:createCell:)`; `bind(to:animations:createCell:)`
  /// with `SectionedViewAnimations(all: rowAnimation)`, or `.none` when not animated.
  @available(
    *, deprecated, renamed: "bind(to:animations:createCell:)",
    message: "pass animations: SectionedViewAnimations(all: rowAnimation), or .none when not animated"
  )
  @MainActor
  @discardableResult
  public func bind<View: SectionedViewProtocol>(
    to view: View,
    animated: Bool,
    rowAnimation: ViewRowAnimation,
    createCell: @escaping @MainActor (SectionedCollection, IndexPath, View) -> View.Cell
  ) -> any Disposable {
    bind(to: view, animations: animated ? SectionedViewAnimations(all: rowAnimation) : .none, createCell: createCell)
  }
}
