import Foundation

/// The bins of a ``DiffCollection`` at one moment, read-only: sections of elements, one per
/// filter, as a table data source reads them.
///
/// A snapshot shares storage with the collection it was taken from (copy-on-write), so taking one
/// is O(1), and it never changes afterwards. It carries only the bins, not the collection's
/// identity index, so holding a snapshot (as an observer or a view does) makes the next change to
/// the collection copy only what that change touches, not the whole collection.
public struct DiffCollectionSnapshot<Element> {
  @usableFromInline let storage: [DiffCollectionBin<Element>]

  /// The name of each section's filter, in section order.
  public let sectionNames: [String]

  @inlinable
  init(storage: [DiffCollectionBin<Element>], sectionNames: [String]) {
    self.storage = storage
    self.sectionNames = sectionNames
  }

  /// Creates a snapshot holding `bins`, named `sectionNames` (for expected values in tests, or to
  /// show fixed bins).
  ///
  /// - Precondition: `sectionNames` and `bins` have the same count.
  public init(sectionNames: [String], bins: [[Element]]) {
    precondition(
      sectionNames.count == bins.count,
      "\(sectionNames.count) section names for \(bins.count) bins"
    )
    self.sectionNames = sectionNames
    self.storage = bins.map { elements in
      var bin = DiffCollectionBin<Element>(chunkCapacity: DiffCollectionBin<Element>.defaultChunkCapacity)
      for (row, element) in elements.enumerated() {
        bin.insert(element, stamp: UInt64(row), at: bin.lowerBound { _, stamp in stamp < UInt64(row) })
      }
      return bin
    }
  }

  /// The number of sections (bins), empty ones included.
  public var numberOfSections: Int { storage.count }

  /// The number of elements in section `section`.
  ///
  /// - Complexity: O(1)
  public func numberOfItems(inSection section: Int) -> Int {
    checkSection(section)
    return storage[section].count
  }

  /// The element at `indexPath` (`[section, row]`); traps when there is none.
  ///
  /// - Complexity: O(log(*n* / 512)), *n* being the size of the section.
  @inlinable
  public subscript(itemAt indexPath: IndexPath) -> Element {
    guard indexPath.count == 2, storage.indices.contains(indexPath[0]) else {
      preconditionFailure("Index path \(indexPath) is out of range for a collection of \(storage.count) sections")
    }
    let bin = storage[indexPath[0]]
    guard indexPath[1] >= 0, indexPath[1] < bin.count else {
      preconditionFailure(
        "Index \(indexPath[1]) is out of range for section \(indexPath[0]) of \(bin.count) elements"
      )
    }
    return bin[row: indexPath[1]]
  }

  /// The element at `path` (`[section, row]`), or `nil` when there is none.
  ///
  /// - Complexity: O(log(*n* / 512)), *n* being the size of the section.
  @inlinable
  public func element(atIndexPath path: IndexPath) -> Element? {
    guard path.count == 2, storage.indices.contains(path[0]), path[1] >= 0, path[1] < storage[path[0]].count else {
      return nil
    }
    return storage[path[0]][row: path[1]]
  }

  /// The elements of section `section`, in row order.
  ///
  /// - Complexity: O(*n*), *n* being the size of the section.
  public func elements(inSection section: Int) -> [Element] {
    checkSection(section)
    return storage[section].elements
  }

  /// Every section's elements.
  ///
  /// - Complexity: O(*n*)
  public var bins: [[Element]] { storage.map { $0.elements } }

  /// The number of elements over all sections.
  ///
  /// - Complexity: O(number of sections)
  public var count: Int { storage.reduce(0) { $0 + $1.count } }

  /// The number of elements in each section, in section order.
  public var itemCounts: [Int] { storage.map { $0.count } }

  func checkSection(_ section: Int) {
    guard storage.indices.contains(section) else {
      preconditionFailure("Section \(section) is out of range for a collection of \(storage.count) sections")
    }
  }
}

extension DiffCollectionSnapshot: Sendable where Element: Sendable {}

extension DiffCollectionSnapshot: Equatable where Element: Equatable {
  /// Two snapshots are equal when they have the same section names and the same elements in the
  /// same places.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sectionNames == rhs.sectionNames && lhs.itemCounts == rhs.itemCounts && lhs.bins == rhs.bins
  }
}

extension DiffCollectionSnapshot: CustomStringConvertible {
  /// The sections with their names, such as `["a": [apple], "b": []]`.
  public var description: String {
    "[" + zip(sectionNames, storage).map { "\"\($0)\": \($1.elements)" }.joined(separator: ", ") + "]"
  }
}

extension DiffCollection {
  /// The bins as they are now, as a read-only snapshot for observers and data sources.
  ///
  /// - Complexity: O(number of bins); the elements are shared, not copied.
  public var snapshot: DiffCollectionSnapshot<Element> {
    DiffCollectionSnapshot(storage: storage, sectionNames: filters.map { $0.name })
  }
}
