import Foundation
import TetherChangesets
import TetherSignals
import TetherSynchronization

extension SignalProtocol {
  /// Flattens each 2D-array changeset into a changeset of all items, section after section.
  ///
  /// Emits one changeset per source changeset. The first changeset an observation receives, and
  /// every source reload, is a reload of `collection.allItems`. After that each tree operation
  /// becomes operations on the flat item array: an item insert, delete, update or move (across
  /// sections too) is one operation at the item's flat offset; inserting or deleting a section
  /// inserts or deletes its items; moving a section moves each of its items; a section metadata
  /// update changes nothing. Each observation keeps its own item count per section.
  ///
  /// The output changesets are made from their patch; the diff is derived on first use. Fails or
  /// completes when the receiver does.
  ///
  /// ```swift
  /// let everyone = contacts.flattenSections()  // Signal<OrderedCollectionChangeset<[Contact]>, Never>
  /// ```
  ///
  /// - Complexity: O(k · s) per changeset of k tree operations over s sections, plus one output
  ///   operation per item of an inserted, deleted or moved section, plus updating the flat array
  ///   (a rebuild in O(n) for more than 16 output operations). A reload costs O(n).
  public func flattenSections<SectionMetadata, Item>() -> Signal<OrderedCollectionChangeset<[Item]>, Error>
  where Element == TreeChangeset<Array2D<SectionMetadata, Item>> {
    withSubscriberState({ FlattenedSectionsState<SectionMetadata, Item>() }) { state, changeset in
      state.receive(changeset)
    }
  }
}

/// The item count of each section, and the flat item array, of one `flattenSections` observation.
struct FlattenedSectionsState<SectionMetadata, Item> {
  private var counts: [Int]?
  private var items: [Item] = []

  init() {}

  mutating func receive(
    _ changeset: TreeChangeset<Array2D<SectionMetadata, Item>>
  ) -> OrderedCollectionChangeset<[Item]> {
    let tree = changeset.collection
    guard !changeset.isReload, var counts = counts.take() else {
      counts = tree.sections.map(\.items.count)
      items = tree.allItems
      return .reload(items)
    }
    var output: [OrderedCollectionOperation<Item, Int>] = []
    for operation in changeset.patch {
      Self.translate(operation, counts: &counts, into: &output)
    }
    guard counts == tree.sections.map(\.items.count) else {
      tetherPreconditionFailure(
        "A 2D-array changeset's patch leaves sections of \(counts) items but its collection has "
          + "\(tree.sections.map(\.items.count))"
      )
    }
    self.counts = counts
    if OutputUpdate.appliesInPlace(patchCount: output.count) {
      items.applyOperatorPatch(output)
    } else {
      items = tree.allItems
    }
    return OrderedCollectionChangeset(collection: items, patch: output)
  }

  /// The flat offset of the first item of `section` (which may be `counts.count`, the end).
  private static func offset(ofSection section: Int, _ counts: [Int]) -> Int {
    checkSection(section, counts, inserting: true)
    return counts[..<section].reduce(0, +)
  }

  private static func checkSection(_ section: Int, _ counts: [Int], inserting: Bool) {
    let limit = inserting ? counts.count + 1 : counts.count
    if section < 0 || section >= limit {
      tetherPreconditionFailure("Section index \(section) is out of range for a 2D array of \(counts.count) sections")
    }
  }

  private static func checkItem(_ path: IndexPath, _ counts: [Int], inserting: Bool) -> (section: Int, item: Int) {
    let (section, item) = (path[0], path[1])
    guard section >= 0, section < counts.count else {
      tetherPreconditionFailure("Section index \(section) is out of range for a 2D array of \(counts.count) sections")
    }
    let limit = inserting ? counts[section] + 1 : counts[section]
    guard item >= 0, item < limit else {
      tetherPreconditionFailure(
        "Index \(item) is out of range for section \(section) of \(counts[section]) items (index path \(path))")
    }
    return (section, item)
  }

  private static func translate(
    _ operation: OrderedCollectionOperation<TreeNode<Array2DElement<SectionMetadata, Item>>, IndexPath>,
    counts: inout [Int],
    into output: inout [OrderedCollectionOperation<Item, Int>]
  ) {
    switch operation {
    case .insert(let node, let path) where path.count == 1:
      let base = offset(ofSection: path[0], counts)
      let sectionItems = node.children.map { item(of: $0, at: path) }
      for (index, item) in sectionItems.enumerated() { output.append(.insert(item, at: base + index)) }
      counts.insert(sectionItems.count, at: path[0])
    case .insert(let node, let path) where path.count == 2:
      let (section, index) = checkItem(path, counts, inserting: true)
      output.append(.insert(item(of: node, at: path), at: offset(ofSection: section, counts) + index))
      counts[section] += 1
    case .delete(let path) where path.count == 1:
      checkSection(path[0], counts, inserting: false)
      let base = offset(ofSection: path[0], counts)
      for _ in 0..<counts[path[0]] { output.append(.delete(at: base)) }
      counts.remove(at: path[0])
    case .delete(let path) where path.count == 2:
      let (section, index) = checkItem(path, counts, inserting: false)
      output.append(.delete(at: offset(ofSection: section, counts) + index))
      counts[section] -= 1
    case .update(let path, _) where path.count == 1:
      // Section metadata only: the items stay.
      checkSection(path[0], counts, inserting: false)
    case .update(let path, let node) where path.count == 2:
      let (section, index) = checkItem(path, counts, inserting: false)
      output.append(.update(at: offset(ofSection: section, counts) + index, newElement: item(of: node, at: path)))
    case .move(let from, let to) where from.count == 1 && to.count == 1:
      moveSection(from: from[0], to: to[0], counts: &counts, into: &output)
    case .move(let from, let to) where from.count == 2 && to.count == 2:
      let (fromSection, fromIndex) = checkItem(from, counts, inserting: false)
      let source = offset(ofSection: fromSection, counts) + fromIndex
      counts[fromSection] -= 1
      let (toSection, toIndex) = checkItem(to, counts, inserting: true)
      let target = offset(ofSection: toSection, counts) + toIndex
      counts[toSection] += 1
      if source != target { output.append(.move(from: source, to: target)) }
    case .insert(_, let path), .delete(let path), .update(let path, _):
      badDepth(path)
    case .move(let from, let to):
      badDepth(from.count == 1 || from.count == 2 ? to : from)
    }
  }

  /// A section of `count` items moving from `from` to `to` moves each item, keeping their order.
  private static func moveSection(
    from: Int,
    to: Int,
    counts: inout [Int],
    into output: inout [OrderedCollectionOperation<Item, Int>]
  ) {
    checkSection(from, counts, inserting: false)
    checkSection(to, counts, inserting: false)
    let start = offset(ofSection: from, counts)
    let count = counts.remove(at: from)
    counts.insert(count, at: to)
    let target = offset(ofSection: to, counts)
    if target > start {
      for _ in 0..<count { output.append(.move(from: start, to: target + count - 1)) }
    } else if target < start {
      for index in 0..<count { output.append(.move(from: start + index, to: target + index)) }
    }
  }

  private static func item(of node: TreeNode<Array2DElement<SectionMetadata, Item>>, at path: IndexPath) -> Item {
    guard case .item(let item) = node.value else {
      tetherPreconditionFailure("The Array2D node inserted at \(path) must carry .item values; got \(node.value)")
    }
    return item
  }

  private static func badDepth(_ path: IndexPath) -> Never {
    tetherPreconditionFailure(
      "An Array2D index path has 1 index (a section) or 2 (an item); got \(path.count) in \(path)")
  }
}
