import Foundation
import TetherChangesets
import TetherSynchronization

// A persistent list is what an array is to a view: one section (always one, even when empty) and
// a flat list. Rows are read in O(log n), so a bound list of a million rows reads a visible row
// in a few index-node steps.

extension PersistentArray: SectionedDataSourceProtocol {
  /// A list is always one section.
  public var numberOfSections: Int { 1 }

  /// The number of elements; `section` must be 0.
  public func numberOfItems(inSection section: Int) -> Int {
    guard section == 0 else {
      tetherPreconditionFailure("Section index \(section) is out of range for a list, which is 1 section")
    }
    return count
  }
}

extension PersistentArray: QueryableSectionedDataSourceProtocol {
  /// The element at `indexPath[1]`; `indexPath` must be `[0, item]`.
  ///
  /// - Complexity: O(log n).
  public func item(at indexPath: IndexPath) -> Element {
    guard indexPath.count == 2 else {
      tetherPreconditionFailure("An item index path has 2 indices (section, item); got \(indexPath)")
    }
    guard indexPath[0] == 0 else {
      tetherPreconditionFailure("Section index \(indexPath[0]) is out of range for a list, which is 1 section")
    }
    return self[indexPath[1]]
  }
}

extension PersistentArray: FlatDataSourceProtocol {
  /// The number of elements.
  public var numberOfItems: Int { count }
}

extension PersistentArray: QueryableFlatDataSourceProtocol {
  /// The element at `index`.
  ///
  /// - Complexity: O(log n).
  public func item(at index: Int) -> Element {
    self[index]
  }
}

extension PersistentArray: SingleSectionDataSourceProtocol {}

extension PersistentArray: SectionedDataSourceChangesetConvertible {
  /// A reload of one section holding the list: binding a signal of plain lists reloads the view
  /// on every element.
  public var asSectionedDataSourceChangeset: SingleSectionChangeset<PersistentArray<Element>> {
    SingleSectionChangeset(OrderedCollectionChangeset(reloading: self))
  }
}

extension PersistentArray: FlatDataSourceChangesetConvertible {
  /// A reload holding the list: binding a signal of plain lists reloads the view on every element.
  public var asFlatDataSourceChangeset: OrderedCollectionChangeset<PersistentArray<Element>> {
    OrderedCollectionChangeset(reloading: self)
  }
}
