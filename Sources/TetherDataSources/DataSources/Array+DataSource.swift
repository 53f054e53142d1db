import Foundation
import TetherChangesets
import TetherSynchronization

// An array is one section (always one, even when empty, as in Bond) and a flat list.

extension Array: SectionedDataSourceProtocol {
  /// An array is always one section.
  public var numberOfSections: Int { 1 }

  /// The number of elements; `section` must be 0.
  public func numberOfItems(inSection section: Int) -> Int {
    guard section == 0 else {
      tetherPreconditionFailure("Section index \(section) is out of range for an array, which is 1 section")
    }
    return count
  }
}

extension Array: QueryableSectionedDataSourceProtocol {
  /// The element at `indexPath[1]`; `indexPath` must be `[0, item]`.
  ///
  /// - Complexity: O(1).
  public func item(at indexPath: IndexPath) -> Element {
    guard indexPath.count == 2 else {
      tetherPreconditionFailure("An item index path has 2 indices (section, item); got \(indexPath)")
    }
    guard indexPath[0] == 0 else {
      tetherPreconditionFailure("Section index \(indexPath[0]) is out of range for an array, which is 1 section")
    }
    let index = indexPath[1]
    guard index >= 0, index < count else {
      tetherPreconditionFailure("Index \(index) is out of range for a collection of \(count) elements")
    }
    return self[index]
  }
}

extension Array: FlatDataSourceProtocol {
  /// The number of elements.
  public var numberOfItems: Int { count }
}

extension Array: QueryableFlatDataSourceProtocol {
  /// The element at `index`.
  ///
  /// - Complexity: O(1).
  public func item(at index: Int) -> Element {
    guard index >= 0, index < count else {
      tetherPreconditionFailure("Index \(index) is out of range for a collection of \(count) elements")
    }
    return self[index]
  }
}

extension Array: SingleSectionDataSourceProtocol {}

extension Array: SectionedDataSourceChangesetConvertible {
  /// A reload of one section holding the array: binding a signal of plain arrays reloads the view
  /// on every element.
  public var asSectionedDataSourceChangeset: SingleSectionChangeset<[Element]> {
    SingleSectionChangeset(OrderedCollectionChangeset(reloading: self))
  }
}

extension Array: FlatDataSourceChangesetConvertible {
  /// A reload holding the array: binding a signal of plain arrays reloads the view on every element.
  public var asFlatDataSourceChangeset: OrderedCollectionChangeset<[Element]> {
    OrderedCollectionChangeset(reloading: self)
  }
}

extension OrderedCollectionChangeset: FlatDataSourceChangeset where Collection: FlatDataSourceProtocol {}

extension OrderedCollectionChangeset: FlatDataSourceChangesetConvertible where Collection: FlatDataSourceProtocol {
  /// The changeset itself.
  public var asFlatDataSourceChangeset: Self { self }
}

extension OrderedCollectionChangeset: SectionedDataSourceChangesetConvertible
where Collection: SingleSectionDataSourceProtocol {
  /// The changeset as one section: offset `i` becomes the index path `[0, i]`. A reload stays a
  /// reload.
  ///
  /// - Complexity: O(1); the mapped diff and patch are made when read.
  public var asSectionedDataSourceChangeset: SingleSectionChangeset<Collection> {
    SingleSectionChangeset(self)
  }
}
