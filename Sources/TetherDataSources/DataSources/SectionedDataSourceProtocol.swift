import Foundation
import TetherChangesets

/// A collection a table-like or collection-like view can show: sections, each with a number of
/// items (Bond's name for what used to be `DataSourceProtocol`).
///
/// `Array` is one section, ``Array2D`` is its sections, and a ``TreeArray`` is two levels (roots are
/// sections, their children are the items).
public protocol SectionedDataSourceProtocol {
  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of items in the section at `section`.
  ///
  /// - Precondition: `section` is in `0..<numberOfSections`.
  func numberOfItems(inSection section: Int) -> Int
}

/// A sectioned data source whose items can be read by index path (`[section, item]`).
public protocol QueryableSectionedDataSourceProtocol: SectionedDataSourceProtocol {
  /// The type of the items.
  associatedtype Item

  /// The item at `indexPath` (`[section, item]`).
  ///
  /// - Precondition: `indexPath` has two indices, both in range.
  func item(at indexPath: IndexPath) -> Item
}

/// A sectioned data source that gives each section a title (a table's section header).
///
/// ``Array2D`` provides its section metadata's description when the metadata is
/// `CustomStringConvertible`, and a two-level ``TreeArray`` its roots' values.
public protocol SectionTitleProviding {
  /// The title of the section at `section`, or `nil` for no header.
  func title(forSection section: Int) -> String?
}

/// A changeset a sectioned binder can apply: its collection is a ``SectionedDataSourceProtocol`` and
/// its diff mixes section entries (index paths of length 1) and item entries (length 2).
///
/// As everywhere in Tether, deletes, updates and move sources are in the source index space,
/// inserts and move targets in the final one, and a reload is ``ChangesetProtocol/isReload``,
/// never an empty diff.
public protocol SectionedDataSourceChangeset: ChangesetProtocol
where Diff == OrderedCollectionDiff<IndexPath>, Collection: SectionedDataSourceProtocol {}

/// A value that can be presented as a ``SectionedDataSourceChangeset``: a changeset of a flat
/// collection (one section), a tree changeset, or a plain collection (a reload).
///
/// Signals of such values bind to sectioned views (`bind(to:createCell:)`).
public protocol SectionedDataSourceChangesetConvertible {
  /// The sectioned changeset type this value converts to.
  associatedtype SectionedChangeset: SectionedDataSourceChangeset

  /// This value as a sectioned changeset. A reload stays a reload.
  var asSectionedDataSourceChangeset: SectionedChangeset { get }
}
