import Foundation

extension Array2D {
  /// Appends an empty section (or one with `items`).
  ///
  /// - Complexity: Amortized O(1).
  public mutating func appendSection(_ metadata: SectionMetadata, items: [Item] = []) {
    sections.append(Section(metadata: metadata, items: items))
  }

  /// Inserts a section so that it ends up at `index`.
  ///
  /// - Precondition: `0 <= index <= numberOfSections`.
  /// - Complexity: O(s) for s sections.
  public mutating func insert(section: Section, at index: Int) {
    checkSection(index, inserting: true)
    sections.insert(section, at: index)
  }

  /// Removes and returns the section at `index` with its items.
  ///
  /// - Complexity: O(s) for s sections.
  @discardableResult
  public mutating func removeSection(at index: Int) -> Section {
    checkSection(index)
    return sections.remove(at: index)
  }

  /// Moves the section at `from` (with its items) so that it ends up at `to`.
  ///
  /// - Complexity: O(s) for s sections.
  public mutating func moveSection(from: Int, to: Int) {
    checkSection(from)
    checkSection(to)
    let section = sections.remove(at: from)
    sections.insert(section, at: to)
  }

  /// Appends `item` to the section at `section`.
  ///
  /// - Complexity: Amortized O(1).
  public mutating func appendItem(_ item: Item, toSectionAt section: Int) {
    checkSection(section)
    sections[section].items.append(item)
  }

  /// Inserts `item` so that it ends up at `indexPath` (`[section, item]`).
  ///
  /// - Complexity: O(m) for m items in the section.
  public mutating func insert(item: Item, at indexPath: IndexPath) {
    let (section, index) = checkItemPath(indexPath, inserting: true)
    sections[section].items.insert(item, at: index)
  }

  /// Inserts `items` so that the first ends up at `indexPath` and the others follow it.
  ///
  /// - Complexity: O(m + k) for m items in the section and k new items.
  public mutating func insert(contentsOf items: [Item], at indexPath: IndexPath) {
    let (section, index) = checkItemPath(indexPath, inserting: true)
    sections[section].items.insert(contentsOf: items, at: index)
  }

  /// Removes and returns the item at `indexPath`.
  ///
  /// - Complexity: O(m) for m items in the section.
  @discardableResult
  public mutating func removeItem(at indexPath: IndexPath) -> Item {
    let (section, index) = checkItemPath(indexPath, inserting: false)
    return sections[section].items.remove(at: index)
  }

  /// Moves the item at `from` so that it ends up at `to`, possibly in another section; `to` is the
  /// item's path after the move.
  ///
  /// - Complexity: O(m) for m items in the sections involved.
  public mutating func moveItem(from: IndexPath, to: IndexPath) {
    let item = removeItem(at: from)
    insert(item: item, at: to)
  }

  /// Removes every item and keeps the sections.
  ///
  /// - Complexity: O(n) for n items.
  public mutating func removeAllItems() {
    for section in sections.indices { sections[section].items.removeAll() }
  }

  /// Removes every section with its items.
  ///
  /// - Complexity: O(n) for n items.
  public mutating func removeAllItemsAndSections() {
    sections.removeAll()
  }
}
