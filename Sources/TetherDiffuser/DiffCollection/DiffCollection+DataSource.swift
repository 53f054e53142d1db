import Foundation
import TetherChangesets
import TetherDataSources

// Bins as a sectioned data source: one section per bin (titled with the filter's name), one item
// per stored element, so bins bind to the sectioned binder like any 2D array.
//
// `DiffCollection` keeps the seed's `numberOfSections()` method, which Swift does not allow next
// to the protocol's `numberOfSections` property; the plain value conforms through ``array2D``
// and ``changeset(for:)``, the observable form conforms directly.

extension ObservableDiffCollection: QueryableSectionedDataSourceProtocol, SectionTitleProviding {
  /// The number of bins (one per filter).
  ///
  /// - Complexity: O(1)
  public var numberOfSections: Int {
    collection.numberOfSections
  }

  /// The number of elements now in the bin at `section`.
  ///
  /// - Precondition: `section` is in `0..<numberOfSections`.
  /// - Complexity: O(1)
  public func numberOfItems(inSection section: Int) -> Int {
    collection.numberOfItems(inSection: section)
  }

  /// The element now at `indexPath` (`[bin, row]`).
  ///
  /// - Precondition: `indexPath` has two indices, both in range.
  /// - Complexity: O(1)
  public func item(at indexPath: IndexPath) -> Element {
    collection.item(at: indexPath)
  }

  /// The name of the filter whose bin is the section at `section`.
  ///
  /// - Complexity: O(1)
  public func title(forSection section: Int) -> String? {
    collection.title(forSection: section)
  }
}

extension DiffCollection {
  /// The change a mutation made, as a sectioned changeset a binder can apply: this collection's
  /// bins (``array2D``, one section per bin) and the result's index paths as the diff.
  ///
  /// Call it right after the mutation that returned `result`, before the next one:
  ///
  /// ```swift
  /// let result = bins.update(element: message)
  /// changes.send(bins.changeset(for: result))
  /// ```
  ///
  /// - Complexity: O(*n*) to build the 2D array for *n* stored elements.
  public func changeset(for result: DiffCollectionResult) -> SectionedDiffChangeset<Array2D<String, Element>> {
    SectionedDiffChangeset(collection: array2D, diff: result.diff)
  }
}
