import Foundation
import TetherChangesets

/// A thread-safe observable 2D array (sections with metadata and items), emitting `TreeChangeset`s
/// addressed by `IndexPath`: `[s]` is a section, `[s, i]` an item.
///
/// Observing first delivers the current 2D array as a reload changeset, then one changeset per
/// mutation call, with a diff in batch-update form (section and item entries mixed, as in Bond) and
/// a patch of tree operations. A section update changes the section's metadata only; items moving
/// between sections are single moves. See ``ObservableContainer`` for the delivery guarantees.
///
/// ```swift
/// let contacts = MutableObservableArray2D(Array2D(sectionsWithItems: [("A", ["Alice"]), ("B", ["Bob"])]))
/// contacts.appendItem("Avery", toSectionAt: 0)   // insert [0, 1]
/// contacts.moveItem(from: [1, 0], to: [0, 0])    // move [1, 0] → [0, 0]
/// contacts.removeSection(at: 1)                  // delete [1]
/// ```
///
/// Out-of-range sections and items trap with a message naming the index and the count, before
/// anything changes; nothing is emitted.
public final class MutableObservableArray2D<SectionMetadata, Item>:
  ObservableContainer<TreeChangeset<Array2D<SectionMetadata, Item>>>
{

  /// The changeset type this container emits.
  public typealias Changeset = TreeChangeset<Array2D<SectionMetadata, Item>>

  /// One section of the 2D array.
  public typealias Section = Array2D<SectionMetadata, Item>.Section

  /// Creates a container holding `array`.
  public override init(_ array: Array2D<SectionMetadata, Item>) {
    super.init(array)
  }

  /// A read-only view of this container.
  public var readOnlyView: ObservableArray2D<SectionMetadata, Item> { self }

  /// The number of sections.
  public var numberOfSections: Int { core.read { $0.numberOfSections } }

  /// The number of items in the section at `section`.
  ///
  /// - Precondition: `section` is in range.
  ///
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    core.read { array in
      array.checkSectionIndex(section)
      return array.sections[section].items.count
    }
  }

  /// Applies `edit` under the lock and emits it.
  @discardableResult
  func perform<Result>(
    _ edit: (inout Array2D<SectionMetadata, Item>) -> (Result, Array2DEdit<SectionMetadata, Item>)
  ) -> Result {
    core.mutate { array in
      #if DEBUG
      let oldChildCount = array.children.count
      #endif
      let (result, change) = edit(&array)
      #if DEBUG
      array._checkInvariants(after: change.diff, oldChildCount: oldChildCount)
      #endif
      guard let patch = change.patch else { return (result, Changeset(collection: array, diff: change.diff)) }
      return (result, Changeset(collection: array, patch: patch, diff: change.diff))
    }
  }

  /// The item at `indexPath` (`[section, item]`); setting it emits an update.
  ///
  /// - Complexity: O(1) to read; setting it is O(1) plus emitting the update.
  public subscript(itemAt indexPath: IndexPath) -> Item {
    get {
      core.read { array in
        array.checkItemPath(indexPath, inserting: false)
        return array.sections[indexPath[0]].items[indexPath[1]]
      }
    }
    set { perform { ((), $0.editUpdateItem(at: indexPath, with: newValue)) } }
  }

  /// The section at `index`; setting it replaces the section with its items (emitted as a delete
  /// and an insert of the section). To change only its metadata, use
  /// ``updateMetadata(ofSectionAt:with:)``.
  ///
  /// - Complexity: O(1) to read; setting it is O(m) for a section of m items.
  public subscript(sectionAt index: Int) -> Section {
    get {
      core.read { array in
        array.checkSectionIndex(index)
        return array.sections[index]
      }
    }
    set { perform { ((), $0.editReplaceSection(at: index, with: newValue)) } }
  }

  /// Replaces the metadata of the section at `index`, keeping its items; emits a section update.
  ///
  /// - Complexity: O(1).
  public func updateMetadata(ofSectionAt index: Int, with metadata: SectionMetadata) {
    perform { ((), $0.editUpdateMetadata(ofSectionAt: index, with: metadata)) }
  }

  /// Appends a section (empty, or with `items`), emitting a section insert.
  ///
  /// - Complexity: Amortized O(m) for a section of m items.
  public func appendSection(_ metadata: SectionMetadata, items: [Item] = []) {
    appendSection(Section(metadata: metadata, items: items))
  }

  /// Appends `section` with its items, emitting a section insert.
  ///
  /// - Complexity: Amortized O(m) for a section of m items.
  public func appendSection(_ section: Section) {
    perform { ((), $0.editInsertSection(section, at: $0.sections.count)) }
  }

  /// Inserts `section` with its items so that it ends up at `index`, emitting a section insert.
  ///
  /// - Precondition: `0 <= index <= numberOfSections`.
  ///
  /// - Complexity: O(s + m) for s sections and a section of m items.
  public func insert(section: Section, at index: Int) {
    perform { ((), $0.editInsertSection(section, at: index)) }
  }

  /// Removes and returns the section at `index` with its items, emitting a section delete.
  ///
  /// - Complexity: O(s) for s sections.
  @discardableResult
  public func removeSection(at index: Int) -> Section {
    perform { $0.editRemoveSection(at: index) }
  }

  /// Moves the section at `from` (with its items) so that it ends up at `to`, emitting a move.
  ///
  /// - Complexity: O(s) for s sections.
  public func moveSection(from: Int, to: Int) {
    perform { ((), $0.editMoveSection(from: from, to: to)) }
  }

  /// Appends `item` to the section at `section`, emitting an item insert.
  ///
  /// - Complexity: Amortized O(1).
  public func appendItem(_ item: Item, toSectionAt section: Int) {
    perform { array in
      array.checkSectionIndex(section)
      return ((), array.editInsertItems([item], at: [section, array.sections[section].items.count]))
    }
  }

  /// Inserts `item` so that it ends up at `indexPath`, emitting an item insert.
  ///
  /// - Complexity: O(c) for c items in the section.
  public func insert(item: Item, at indexPath: IndexPath) {
    perform { ((), $0.editInsertItems([item], at: indexPath)) }
  }

  /// Inserts `items` so that the first ends up at `indexPath`, the others after it.
  ///
  /// - Complexity: O(c + k) for c items in the section and k new ones.
  public func insert(contentsOf items: [Item], at indexPath: IndexPath) {
    perform { ((), $0.editInsertItems(items, at: indexPath)) }
  }

  /// Removes and returns the item at `indexPath`, emitting an item delete.
  ///
  /// - Complexity: O(c) for c items in the section.
  @discardableResult
  public func removeItem(at indexPath: IndexPath) -> Item {
    perform { $0.editRemoveItem(at: indexPath) }
  }

  /// Moves the item at `from` so that it ends up at `to` (its path after the move), possibly in
  /// another section; emits one move.
  ///
  /// - Complexity: O(c + c') for the items of the source and target sections.
  public func moveItem(from: IndexPath, to: IndexPath) {
    perform { ((), $0.editMoveItem(from: from, to: to)) }
  }

  /// Removes every item and keeps the sections, emitting one changeset of item deletes.
  ///
  /// - Complexity: O(n) for n items in all.
  public func removeAllItems() {
    perform { ((), $0.editRemoveAllItems()) }
  }

  /// Removes every section with its items, emitting one changeset of section deletes.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  public func removeAllItemsAndSections() {
    perform { ((), $0.editRemoveAllSections()) }
  }

  /// Replaces the whole 2D array and emits a reload changeset (`isReload == true`).
  ///
  /// - Complexity: O(1) (a reload), plus releasing the old 2D array.
  public func replace(with array: Array2D<SectionMetadata, Item>) {
    core.mutate { current in
      current = array
      return ((), .reload(array))
    }
  }
}

/// A read-only observable 2D array (see ``MutableObservableArray2D``).
public typealias ObservableArray2D<SectionMetadata, Item> =
  ObservableContainer<TreeChangeset<Array2D<SectionMetadata, Item>>>

extension TreeChangeset: ObservableContainerChangeset {}

/// The container is `Sendable` when its section metadata and items are (see ``ObservableContainer``); use one of
/// non-`Sendable` section metadata and items from one isolation domain.
extension MutableObservableArray2D: @unchecked Sendable where SectionMetadata: Sendable, Item: Sendable {
  // Safe: no stored properties beyond the superclass's thread-safe core.
}
