// The UIKit sample of DataSourcesAndBinders.md: compiled only where UIKit exists. Its Linux
// counterpart, `datasources-collection-view-check`, runs the same binding against the validating
// view in collection-view mode.
#if canImport(UIKit) && !os(watchOS)
import Tether
import UIKit

// snippet: datasources-collection-view
final class FruitCell: UICollectionViewCell {
  let label = UILabel()
}

@MainActor
func showFruits(_ fruits: MutableObservableArray<String>, in collectionView: UICollectionView) {
  fruits.bind(to: collectionView, cellType: FruitCell.self) { cell, fruit in
    cell.label.text = fruit
  }
}
// snippet-end
#endif
