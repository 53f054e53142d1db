import Foundation
import TetherSynchronization

/// A two-dimensional array: sections, each with metadata and an array of items, addressed by
/// `IndexPath` (`[section, item]`).
///
/// `Array2D` is also a two-level tree (see ``Array2D/children``): sections are the depth-1 nodes
/// and items the depth-2 nodes, so tree changesets, `apply(_:)` and tree diffing work on it. A
/// tree diff of a 2D array is its sectioned diff (see ``diff(from:sectionIdentifiedBy:isSectionEqual:itemIdentifiedBy:isItemEqual:)``):
/// sections are identified by their metadata, items by `id` when `Identifiable`, else by value,
/// whichever path diffs it.
///
/// ```swift
/// var contacts = Array2D(sectionsWithItems: [("A", ["Alice", "Avery"]), ("B", ["Bob"])])
/// contacts[itemAt: [1, 0]]  // "Bob"
/// contacts.insert(item: "Amir", at: [0, 1])
/// contacts.moveItem(from: [0, 0], to: [1, 1])  // across sections
/// ```
public struct Array2D<SectionMetadata, Item> {
  /// One section: its metadata and its items.
  public struct Section {
    /// The section's metadata (a header title, a model object).
    public var metadata: SectionMetadata

    /// The section's items in order.
    public var items: [Item]

    /// Creates a section.
    public init(metadata: SectionMetadata, items: [Item] = []) {
      self.metadata = metadata
      self.items = items
    }
  }

  /// The sections in order.
  public var sections: [Section]

  /// Creates a 2D array from sections (none by default).
  public init(sections: [Section] = []) {
    self.sections = sections
  }

  /// Creates a 2D array from pairs of section metadata and items.
  ///
  /// ```swift
  /// Array2D(sectionsWithItems: [("Fruit", ["apple", "pear"]), ("Vegetables", [])])
  /// ```
  public init(sectionsWithItems: [(SectionMetadata, [Item])]) {
    self.sections = sectionsWithItems.map { Section(metadata: $0.0, items: $0.1) }
  }

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of items in the section at `section`.
  ///
  /// - Precondition: `section` is in range.
  ///
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    checkSection(section)
    return sections[section].items.count
  }

  /// The number of items in all sections.
  ///
  /// - Complexity: O(s) for s sections.
  public var numberOfItems: Int {
    sections.reduce(0) { $0 + $1.items.count }
  }

  /// Every item, section after section.
  ///
  /// - Complexity: O(n) for n items.
  public var allItems: [Item] {
    sections.flatMap(\.items)
  }

  /// The item at `indexPath` (`[section, item]`).
  ///
  /// - Precondition: `indexPath` has two indices, both in range; otherwise this traps naming the
  ///   failing index and the count.
  /// - Complexity: O(1).
  public subscript(itemAt indexPath: IndexPath) -> Item {
    get {
      let (section, item) = checkItemPath(indexPath, inserting: false)
      return sections[section].items[item]
    }
    set {
      let (section, item) = checkItemPath(indexPath, inserting: false)
      sections[section].items[item] = newValue
    }
  }

  /// The section at `index`.
  ///
  /// - Precondition: `index` is in range.
  /// - Complexity: O(1).
  public subscript(sectionAt index: Int) -> Section {
    get {
      checkSection(index)
      return sections[index]
    }
    set {
      checkSection(index)
      sections[index] = newValue
    }
  }

  func checkSection(_ section: Int, inserting: Bool = false) {
    let limit = inserting ? sections.count + 1 : sections.count
    guard section >= 0, section < limit else {
      tetherPreconditionFailure("Section index \(section) is out of range for a 2D array of \(sections.count) sections")
    }
  }

  /// Validates a `[section, item]` path and returns its two indices.
  func checkItemPath(_ indexPath: IndexPath, inserting: Bool) -> (section: Int, item: Int) {
    guard indexPath.count == 2 else {
      tetherPreconditionFailure("An item index path has 2 indices (section, item); got \(indexPath)")
    }
    let (section, item) = (indexPath[0], indexPath[1])
    checkSection(section)
    let count = sections[section].items.count
    let limit = inserting ? count + 1 : count
    guard item >= 0, item < limit else {
      tetherPreconditionFailure(
        "Index \(item) is out of range for section \(section) of \(count) items (index path \(indexPath))"
      )
    }
    return (section, item)
  }
}

extension Array2D.Section: Equatable where SectionMetadata: Equatable, Item: Equatable {}
extension Array2D.Section: Hashable where SectionMetadata: Hashable, Item: Hashable {}
extension Array2D.Section: Sendable where SectionMetadata: Sendable, Item: Sendable {}
extension Array2D: Equatable where SectionMetadata: Equatable, Item: Equatable {}
extension Array2D: Hashable where SectionMetadata: Hashable, Item: Hashable {}
extension Array2D: Sendable where SectionMetadata: Sendable, Item: Sendable {}

extension Array2D: CustomStringConvertible {
  /// A compact description such as `[A: [Alice, Avery], B: [Bob]]`.
  public var description: String {
    let parts = sections.map { "\($0.metadata): [\($0.items.map { "\($0)" }.joined(separator: ", "))]" }
    return "[\(parts.joined(separator: ", "))]"
  }
}
