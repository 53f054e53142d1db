import Foundation
import TetherChangesets
import TetherSynchronization

/// One edit of a 2D array as a tree change: its patch and its diff (both over `IndexPath`s, a
/// section at `[s]`, an item at `[s, i]`).
struct Array2DEdit<SectionMetadata, Item> {
  typealias Operation = OrderedCollectionOperation<TreeNode<Array2DElement<SectionMetadata, Item>>, IndexPath>

  /// The patch, or `nil` when it is left to be derived from the diff (outside the lock).
  var patch: [Operation]? = []
  var diff = OrderedCollectionDiff<IndexPath>()
}

// The edits shared by `MutableObservableArray2D` and its batch: each checks its arguments before
// changing anything, changes the 2D array and returns the change.
extension Array2D {
  typealias Edit = Array2DEdit<SectionMetadata, Item>

  static func sectionNode(_ section: Section) -> ChildNode {
    TreeNode(.section(section.metadata), section.items.map { TreeNode(.item($0)) })
  }

  static func itemNode(_ item: Item) -> ChildNode {
    TreeNode(.item(item))
  }

  func checkSectionIndex(_ section: Int) {
    if section < 0 || section >= sections.count {
      tetherPreconditionFailure(CollectionPreconditions.sectionOutOfRange(section, count: sections.count))
    }
  }

  func checkSectionInsertion(_ section: Int) {
    if section < 0 || section > sections.count {
      tetherPreconditionFailure(CollectionPreconditions.sectionInsertionOutOfRange(section, count: sections.count))
    }
  }

  /// Checks an item path; `extra` is 1 when the path may address the end of its section (an
  /// insertion), -1 when the item at `source` leaves that section first (a move target).
  func checkItemPath(_ indexPath: IndexPath, inserting: Bool, leaving source: IndexPath? = nil) {
    guard indexPath.count == 2 else { tetherPreconditionFailure(CollectionPreconditions.itemPathLength(indexPath)) }
    checkSectionIndex(indexPath[0])
    var count = sections[indexPath[0]].items.count
    if let source, source[0] == indexPath[0] { count -= 1 }
    let limit = inserting ? count + 1 : count
    if indexPath[1] < 0 || indexPath[1] >= limit {
      tetherPreconditionFailure(
        inserting
          ? CollectionPreconditions.itemInsertionOutOfRange(indexPath, count: count)
          : CollectionPreconditions.itemOutOfRange(indexPath, count: count)
      )
    }
  }

  mutating func editInsertSection(_ section: Section, at index: Int) -> Edit {
    checkSectionInsertion(index)
    sections.insert(section, at: index)
    let path = IndexPath(index: index)
    return Edit(patch: [.insert(Self.sectionNode(section), at: path)], diff: .init(inserts: [path]))
  }

  mutating func editRemoveSection(at index: Int) -> (Section, Edit) {
    checkSectionIndex(index)
    let path = IndexPath(index: index)
    return (sections.remove(at: index), Edit(patch: [.delete(at: path)], diff: .init(deletes: [path])))
  }

  mutating func editMoveSection(from: Int, to: Int) -> Edit {
    checkSectionIndex(from)
    checkSectionIndex(to)
    guard from != to else { return Edit() }
    moveSection(from: from, to: to)
    let (source, target) = (IndexPath(index: from), IndexPath(index: to))
    return Edit(patch: [.move(from: source, to: target)], diff: .init(moves: [(from: source, to: target)]))
  }

  /// Replaces a whole section (metadata and items): a delete and an insert at the same place.
  mutating func editReplaceSection(at index: Int, with section: Section) -> Edit {
    checkSectionIndex(index)
    sections[index] = section
    let path = IndexPath(index: index)
    return Edit(
      patch: [.delete(at: path), .insert(Self.sectionNode(section), at: path)],
      diff: .init(inserts: [path], deletes: [path])
    )
  }

  mutating func editInsertItems(_ items: [Item], at indexPath: IndexPath) -> Edit {
    checkItemPath(indexPath, inserting: true)
    sections[indexPath[0]].items.insert(contentsOf: items, at: indexPath[1])
    var edit = Edit()
    for offset in items.indices {
      let path = IndexPath(indexes: [indexPath[0], indexPath[1] + offset])
      edit.patch!.append(.insert(Self.itemNode(items[offset]), at: path))
      edit.diff.inserts.append(path)
    }
    return edit
  }

  mutating func editRemoveItem(at indexPath: IndexPath) -> (Item, Edit) {
    checkItemPath(indexPath, inserting: false)
    let item = sections[indexPath[0]].items.remove(at: indexPath[1])
    return (item, Edit(patch: [.delete(at: indexPath)], diff: .init(deletes: [indexPath])))
  }

  mutating func editMoveItem(from: IndexPath, to: IndexPath) -> Edit {
    checkItemPath(from, inserting: false)
    checkItemPath(to, inserting: true, leaving: from)
    guard from != to else { return Edit() }
    let item = sections[from[0]].items.remove(at: from[1])
    sections[to[0]].items.insert(item, at: to[1])
    return Edit(patch: [.move(from: from, to: to)], diff: .init(moves: [(from: from, to: to)]))
  }

  mutating func editUpdateItem(at indexPath: IndexPath, with item: Item) -> Edit {
    checkItemPath(indexPath, inserting: false)
    sections[indexPath[0]].items[indexPath[1]] = item
    return Edit(patch: [.update(at: indexPath, newElement: Self.itemNode(item))], diff: .init(updates: [indexPath]))
  }

  mutating func editUpdateMetadata(ofSectionAt index: Int, with metadata: SectionMetadata) -> Edit {
    checkSectionIndex(index)
    sections[index].metadata = metadata
    let path = IndexPath(index: index)
    return Edit(
      patch: [.update(at: path, newElement: TreeNode(.section(metadata)))],
      diff: .init(updates: [path])
    )
  }

  mutating func editRemoveAllItems() -> Edit {
    var edit = Edit()
    for section in sections.indices {
      for item in sections[section].items.indices.reversed() {
        let path = IndexPath(indexes: [section, item])
        edit.patch!.append(.delete(at: path))
        edit.diff.deletes.append(path)
      }
      sections[section].items.removeAll()
    }
    edit.diff.deletes.sort()
    return edit
  }

  mutating func editRemoveAllSections() -> Edit {
    var edit = Edit()
    for section in sections.indices.reversed() {
      let path = IndexPath(index: section)
      edit.patch!.append(.delete(at: path))
      edit.diff.deletes.append(path)
    }
    edit.diff.deletes.sort()
    sections.removeAll()
    return edit
  }

  /// Replaces the items of one section with `items`, as the `diff` of the two item lists (flat
  /// offsets, turned into paths in that section); the patch is left to be derived.
  mutating func editReplaceItems(ofSectionAt section: Int, with items: [Item], diff: OrderedCollectionDiff<Int>) -> Edit
  {
    checkSectionIndex(section)
    sections[section].items = items
    func path(_ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }
    let treeDiff = OrderedCollectionDiff(
      inserts: diff.inserts.map(path),
      deletes: diff.deletes.map(path),
      updates: diff.updates.map(path),
      moves: diff.moves.map { (from: path($0.from), to: path($0.to)) }
    )
    return Edit(patch: nil, diff: treeDiff)
  }
}
