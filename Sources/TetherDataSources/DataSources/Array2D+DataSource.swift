import Foundation
import TetherChangesets
import TetherSynchronization

// `Array2D` already has `numberOfSections` and `numberOfItems(inSection:)`.
extension Array2D: SectionedDataSourceProtocol {}

extension Array2D: QueryableSectionedDataSourceProtocol {
  /// The item at `indexPath` (`[section, item]`).
  ///
  /// - Complexity: O(1).
  public func item(at indexPath: IndexPath) -> Item {
    self[itemAt: indexPath]
  }
}

extension Array2D: SectionTitleProviding where SectionMetadata: CustomStringConvertible {
  /// The section's metadata, described.
  public func title(forSection section: Int) -> String? {
    self[sectionAt: section].metadata.description
  }
}

// A forest seen as two levels: each root is a section, its children are the section's items.
// Deeper nodes are not shown by a sectioned view (bind an outline view for that).

extension TreeArray: SectionedDataSourceProtocol {
  /// The number of roots.
  public var numberOfSections: Int { children.count }

  /// The number of children of the root at `section`.
  public func numberOfItems(inSection section: Int) -> Int {
    guard section >= 0, section < children.count else {
      tetherPreconditionFailure("Section index \(section) is out of range for a tree of \(children.count) roots")
    }
    return children[section].children.count
  }
}

extension TreeArray: QueryableSectionedDataSourceProtocol {
  /// The value of the node at `indexPath` (`[root, child]`).
  ///
  /// - Complexity: O(1).
  public func item(at indexPath: IndexPath) -> Value {
    guard indexPath.count == 2 else {
      tetherPreconditionFailure("An item index path has 2 indices (section, item); got \(indexPath)")
    }
    return self[childAt: indexPath].value
  }
}

extension TreeArray: SectionTitleProviding where Value: CustomStringConvertible {
  /// The root's value, described.
  public func title(forSection section: Int) -> String? {
    self[childAt: [section]].value.description
  }
}

extension Array2D: SectionedDataSourceChangesetConvertible {
  /// A reload of the 2D array: binding a signal of plain 2D arrays reloads the view on every element.
  public var asSectionedDataSourceChangeset: TreeChangeset<Array2D<SectionMetadata, Item>> {
    TreeChangeset(reloading: self)
  }
}

extension TreeArray: SectionedDataSourceChangesetConvertible {
  /// A reload of the forest: binding a signal of plain forests reloads the view on every element.
  public var asSectionedDataSourceChangeset: TreeChangeset<TreeArray<Value>> {
    TreeChangeset(reloading: self)
  }
}

// A tree changeset of a 2D array or a forest is already sectioned: depth-1 paths are sections,
// depth-2 paths items. (Deeper paths are not shown by a sectioned view; the sectioned binder drops
// them, see `OrderedCollectionDiff.projectedToSections()`.)
extension TreeChangeset: SectionedDataSourceChangeset where Tree: SectionedDataSourceProtocol {}

extension TreeChangeset: SectionedDataSourceChangesetConvertible where Tree: SectionedDataSourceProtocol {
  /// The changeset itself.
  public var asSectionedDataSourceChangeset: Self { self }
}
