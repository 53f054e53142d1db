import Foundation
import TetherChangesets

/// The 2D array a ``MutableObservableArray2D/batchUpdate(_:)`` body changes: it has the
/// container's mutation methods, applies them at once and records them as one tree patch.
///
/// Reads see the batch's changes so far. Out-of-range sections and items trap like the container's
/// methods.
public struct Array2DBatch<SectionMetadata, Item> {
  /// One operation of the recorded patch.
  public typealias Operation = OrderedCollectionOperation<TreeNode<Array2DElement<SectionMetadata, Item>>, IndexPath>

  /// One section of the 2D array.
  public typealias Section = Array2D<SectionMetadata, Item>.Section

  var base: Array2D<SectionMetadata, Item>
  var operations: [Operation] = []

  init(_ array: Array2D<SectionMetadata, Item>) {
    base = array
  }

  /// The 2D array with the batch's changes so far.
  public var collection: Array2D<SectionMetadata, Item> { base }

  /// The operations so far, each applying to the tree right before it.
  public var patch: [Operation] { operations }

  private mutating func record(_ edit: Array2DEdit<SectionMetadata, Item>) {
    operations.append(contentsOf: edit.patch ?? edit.diff.generateTreePatch(to: base))
  }

  /// The number of sections.
  public var numberOfSections: Int { base.numberOfSections }

  /// The number of items in the section at `section`.
  ///
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    base.checkSectionIndex(section)
    return base.sections[section].items.count
  }

  /// The item at `indexPath`; setting it records an update.
  ///
  /// - Complexity: O(1) to read; setting it is O(1) plus recording the update.
  public subscript(itemAt indexPath: IndexPath) -> Item {
    get {
      base.checkItemPath(indexPath, inserting: false)
      return base.sections[indexPath[0]].items[indexPath[1]]
    }
    set { record(base.editUpdateItem(at: indexPath, with: newValue)) }
  }

  /// The section at `index`; setting it records a delete and an insert of the section.
  ///
  /// - Complexity: O(1) to read; setting it is O(m) for a section of m items.
  public subscript(sectionAt index: Int) -> Section {
    get {
      base.checkSectionIndex(index)
      return base.sections[index]
    }
    set { record(base.editReplaceSection(at: index, with: newValue)) }
  }

  /// Replaces the metadata of the section at `index`, keeping its items.
  ///
  /// - Complexity: O(1).
  public mutating func updateMetadata(ofSectionAt index: Int, with metadata: SectionMetadata) {
    record(base.editUpdateMetadata(ofSectionAt: index, with: metadata))
  }

  /// Appends a section (empty, or with `items`).
  ///
  /// - Complexity: Amortized O(m) for a section of m items.
  public mutating func appendSection(_ metadata: SectionMetadata, items: [Item] = []) {
    record(base.editInsertSection(Section(metadata: metadata, items: items), at: base.sections.count))
  }

  /// Inserts `section` so that it ends up at `index`.
  ///
  /// - Complexity: O(s + m) for s sections and a section of m items.
  public mutating func insert(section: Section, at index: Int) {
    record(base.editInsertSection(section, at: index))
  }

  /// Removes and returns the section at `index`.
  ///
  /// - Complexity: O(s) for s sections.
  @discardableResult
  public mutating func removeSection(at index: Int) -> Section {
    let (section, edit) = base.editRemoveSection(at: index)
    record(edit)
    return section
  }

  /// Moves the section at `from` so that it ends up at `to`.
  ///
  /// - Complexity: O(s) for s sections.
  public mutating func moveSection(from: Int, to: Int) {
    record(base.editMoveSection(from: from, to: to))
  }

  /// Appends `item` to the section at `section`.
  ///
  /// - Complexity: Amortized O(1).
  public mutating func appendItem(_ item: Item, toSectionAt section: Int) {
    base.checkSectionIndex(section)
    record(base.editInsertItems([item], at: [section, base.sections[section].items.count]))
  }

  /// Inserts `item` so that it ends up at `indexPath`.
  ///
  /// - Complexity: O(c) for c items in the section.
  public mutating func insert(item: Item, at indexPath: IndexPath) {
    record(base.editInsertItems([item], at: indexPath))
  }

  /// Inserts `items` so that the first ends up at `indexPath`.
  ///
  /// - Complexity: O(c + k) for c items in the section and k new ones.
  public mutating func insert(contentsOf items: [Item], at indexPath: IndexPath) {
    record(base.editInsertItems(items, at: indexPath))
  }

  /// Removes and returns the item at `indexPath`.
  ///
  /// - Complexity: O(c) for c items in the section.
  @discardableResult
  public mutating func removeItem(at indexPath: IndexPath) -> Item {
    let (item, edit) = base.editRemoveItem(at: indexPath)
    record(edit)
    return item
  }

  /// Moves the item at `from` so that it ends up at `to`, possibly in another section.
  ///
  /// - Complexity: O(c + c') for the items of the source and target sections.
  public mutating func moveItem(from: IndexPath, to: IndexPath) {
    record(base.editMoveItem(from: from, to: to))
  }

  /// Removes every item and keeps the sections.
  ///
  /// - Complexity: O(n) for n items in all.
  public mutating func removeAllItems() {
    record(base.editRemoveAllItems())
  }

  /// Removes every section with its items.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  public mutating func removeAllItemsAndSections() {
    record(base.editRemoveAllSections())
  }
}

extension MutableObservableArray2D {
  /// Applies any number of mutations atomically and emits them as ONE changeset, whose patch is
  /// their sequence and whose diff is their merged effect (derived on first read, outside the
  /// lock).
  ///
  /// ```swift
  /// contacts.batchUpdate { batch in
  ///   batch.appendSection("C")
  ///   batch.moveItem(from: [0, 0], to: [2, 0])
  /// }
  /// ```
  ///
  /// The whole batch holds the container's lock once; `body` must not touch this container (read
  /// the batch instead): doing so traps with a message rather than deadlocking.
  ///
  /// - Returns: What `body` returns.
  ///
  /// - Complexity: The mutations themselves, plus O(k log k) to derive the diff of k recorded
  ///   operations when it is read.
  @discardableResult
  public func batchUpdate<Result>(_ body: (inout Array2DBatch<SectionMetadata, Item>) -> Result) -> Result {
    core.batch { array in
      var batch = Array2DBatch<SectionMetadata, Item>(Array2D())
      swap(&batch.base, &array)  // keeps the sections uniquely referenced
      let result = body(&batch)
      swap(&batch.base, &array)
      return (result, Changeset(collection: array, patch: batch.operations))
    }
  }
}
