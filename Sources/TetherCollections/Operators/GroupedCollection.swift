import TetherChangesets
import TetherSignals

/// The order of the sections `groupedCollection(by:sectionOrder:)` makes.
public struct GroupedSectionOrder<Key>: Sendable {
  /// The ordering of keys, or `nil` for the order of first appearance.
  let areInIncreasingOrder: (@Sendable (Key, Key) -> Bool)?

  /// Sections in the order their first elements have in the source: the section of the first
  /// element comes first. A section moves when the element that came first in it leaves or moves.
  public static var firstAppearance: Self { Self(areInIncreasingOrder: nil) }

  /// Sections sorted by key with `areInIncreasingOrder`, a strict weak ordering; keys that compare
  /// equal keep the order of first appearance.
  public static func sorted(by areInIncreasingOrder: @escaping @Sendable (Key, Key) -> Bool) -> Self {
    Self(areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension GroupedSectionOrder where Key: Comparable & SendableMetatype {
  /// Sections sorted by key in ascending order.
  public static var ascending: Self { .sorted(by: { $0 < $1 }) }
}

extension SignalProtocol {
  /// Groups the elements of each ordered changeset into sections by key, as changesets of a 2D
  /// array whose section metadata are the keys: what the sectioned binders take.
  ///
  /// Each section holds the elements of one key in source order; an empty group has no section.
  /// Sections come in the order `sectionOrder` gives: by first appearance (the default) or sorted
  /// by key. Emits one changeset per source changeset. The first changeset an observation
  /// receives, and every source reload, is a reload. After that the output is the difference
  /// between the old and the new grouping, following the source's patch for identity: an element
  /// is the same element as long as the source moves or updates it, whatever its value, so
  /// - an element whose update changes its key moves to the other section (one item move across
  ///   sections, and an update when its value changed), not a delete and an insert; only a move
  ///   into a section that appears in the same changeset is a delete and an insert, as UIKit
  ///   cannot move a row into a section it inserts in the same batch;
  /// - a group that appears is a section insert, one that empties a section delete, and sections
  ///   whose place in `sectionOrder` changes move;
  /// - an updated element that stays in its section is an update, a source move is an item move
  ///   within the section when it changes the element's place there.
  ///
  /// The diff follows the sectioned diff's rules (as `Array2D.diff(from:…)`), so a sectioned binder
  /// applies it as one batch update. Each observation keeps its own grouping. Fails or completes
  /// when the receiver does.
  ///
  /// A list source (`MutableObservableList`) gets the same `Array2D` output: the regrouping costs
  /// O(n) per changeset anyway, so keeping the output adds nothing to it; only the single-update
  /// path, which skips the regrouping, then copies the sections array and the one or two sections
  /// it changes.
  ///
  /// ```swift
  /// let byStatus = tasks.groupedCollection(by: \.status, sectionOrder: .ascending)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The section an element belongs to; called for each inserted or updated element,
  ///     outside any lock.
  ///   - sectionOrder: The order of the sections.
  /// - Complexity: O(n + s log s) per changeset over n elements in s sections (the grouping is
  ///   rebuilt and diffed), plus O(n) per source operation at worst to follow the source order. A
  ///   changeset that updates one element, keeping or changing its key, without a section
  ///   appearing, emptying or moving, skips the regrouping: O(n) key comparisons at worst and
  ///   O(s) copying (plus the items of the changed sections while the previous output is kept). A
  ///   reload costs n calls of `key`.
  public func groupedCollection<C: Collection & SendableMetatype, Key: Hashable & SendableMetatype>(
    by key: @escaping @Sendable (C.Element) -> Key,
    sectionOrder: GroupedSectionOrder<Key> = .firstAppearance
  ) -> Signal<TreeChangeset<Array2D<Key, C.Element>>, Error> where Element == OrderedCollectionChangeset<C> {
    withSubscriberState({ GroupedState<Key, C.Element>(sectionOrder: sectionOrder) }) { state, changeset in
      state.receive(changeset, key: key)
    }
  }
}

/// One `groupedCollection` observation: every source element as a record in source order, and the
/// last grouping of record ids, which the next changeset's grouping is diffed against.
///
/// Record ids are never reused, so an id matched across two groupings is the same element.
struct GroupedState<Key: Hashable, Element> {
  private struct Record {
    var id: Int
    var key: Key
    var element: Element
  }

  private let sectionOrder: GroupedSectionOrder<Key>
  private var records: [Record] = []
  private var nextID = 0
  private var groupedIDs: Array2D<Key, Int>?
  private var grouped = Array2D<Key, Element>()
  /// A small integer per distinct key, and the records' keys as those integers, in source order:
  /// built on the first single-element key change after a regrouping, so that finding an
  /// element's place in its new section is a scan of integers.
  private var classOfKey: [Key: Int] = [:]
  private var keyClasses: [Int]?

  init(sectionOrder: GroupedSectionOrder<Key>) {
    self.sectionOrder = sectionOrder
  }

  mutating func receive<C: Collection<Element>>(
    _ changeset: OrderedCollectionChangeset<C>,
    key: (Element) -> Key
  ) -> TreeChangeset<Array2D<Key, Element>> {
    guard let oldIDs = groupedIDs, !changeset.isReload else {
      records = changeset.collection.map { makeRecord($0, key: key) }
      keyClasses = nil
      let (ids, elements) = group()
      groupedIDs = ids
      grouped = elements
      return .reload(elements)
    }
    if changeset.patch.count == 1, case .update(let offset, let element) = changeset.patch[0],
      changeset.collection.count == records.count,
      let output = updateInPlace(at: offset, with: element, key: key)
    {
      return output
    }
    keyClasses = nil
    var updated: Set<Int> = []
    for operation in changeset.patch {
      switch operation {
      case .insert(let element, let offset):
        check(offset, limit: records.count + 1)
        records.insert(makeRecord(element, key: key), at: offset)
      case .delete(let offset):
        check(offset, limit: records.count)
        records.remove(at: offset)
      case .update(let offset, let element):
        check(offset, limit: records.count)
        records[offset].key = key(element)
        records[offset].element = element
        updated.insert(records[offset].id)
      case .move(let from, let to):
        check(from, limit: records.count)
        check(to, limit: records.count)
        records.insert(records.remove(at: from), at: to)
      }
    }
    let newCount = changeset.collection.count
    guard records.count == newCount else {
      operatorCountMismatch(patchLeavesCount: records.count, collectionCount: newCount)
    }
    let (ids, elements) = group()
    groupedIDs = ids
    grouped = elements
    let diff = ids.diff(
      from: oldIDs,
      sectionIdentifiedBy: { $0 },
      isSectionEqual: { _, _ in true },
      itemIdentifiedBy: { $0 },
      isItemEqual: { id, _ in !updated.contains(id) }
    )
    return TreeChangeset(collection: elements, diff: diff)
  }

  /// The output of a changeset that only updates one element, made without regrouping: an update
  /// in place, or a move to the element's place in another section followed by an update there.
  /// `nil` (nothing changed) when the sections themselves would change: a section appears,
  /// empties or moves (when the element was or becomes the first of its section).
  ///
  /// - Complexity: O(n) key comparisons at worst, no regrouping and no diff.
  private mutating func updateInPlace(
    at offset: Int,
    with element: Element,
    key: (Element) -> Key
  ) -> TreeChangeset<Array2D<Key, Element>>? {
    check(offset, limit: records.count)
    guard var ids = groupedIDs.take() else { return nil }
    defer { groupedIDs = ids }
    let record = records[offset]
    let newKey = key(element)
    guard let section = ids.sections.firstIndex(where: { $0.metadata == record.key }),
      let item = ids.sections[section].items.firstIndex(of: record.id)
    else { return nil }
    let node = TreeNode<Array2DElement<Key, Element>>(.item(element))
    if newKey == record.key {
      records[offset].element = element
      grouped.sections[section].items[item] = element
      // Both forms: deriving a diff from a patch walks the tree.
      return TreeChangeset(
        collection: grouped, patch: [.update(at: [section, item], newElement: node)],
        diff: OrderedCollectionDiff(updates: [[section, item]]))
    }
    guard ids.sections[section].items.count > 1,
      let target = ids.sections.firstIndex(where: { $0.metadata == newKey })
    else { return nil }
    if keyClasses == nil { classifyKeys() }
    guard let targetClass = classOfKey[newKey] else { return nil }
    let targetItem = keyClasses!.withUnsafeBufferPointer { classes in
      var count = 0
      for index in 0..<offset where classes[index] == targetClass { count += 1 }
      return count
    }
    // Only a change of a section's first element can change the order of the sections.
    if item == 0 || targetItem == 0 {
      let keys = ids.sections.map(\.metadata)
      guard sectionsStayInOrder(keys, around: [section, target], movingOffset: offset, to: newKey) else { return nil }
    }
    records[offset].key = newKey
    records[offset].element = element
    keyClasses![offset] = targetClass
    ids.sections[section].items.remove(at: item)
    ids.sections[target].items.insert(record.id, at: targetItem)
    grouped.sections[section].items.remove(at: item)
    grouped.sections[target].items.insert(element, at: targetItem)
    return TreeChangeset(
      collection: grouped,
      patch: [
        .move(from: [section, item], to: [target, targetItem]),
        .update(at: [target, targetItem], newElement: node),
      ],
      diff: OrderedCollectionDiff(
        updates: [[section, item]], moves: [(from: [section, item], to: [target, targetItem])]))
  }

  /// Whether the sections with `keys` stay in `sectionOrder` around the sections at `changed` once
  /// the element at source offset `offset` has the key `newKey`.
  ///
  /// - Complexity: O(n) key comparisons per neighbouring pair.
  private func sectionsStayInOrder(
    _ keys: [Key], around changed: [Int], movingOffset offset: Int, to newKey: Key
  ) -> Bool {
    func firstOffset(_ key: Key) -> Int {
      records.indices.first { ($0 == offset ? newKey : records[$0].key) == key } ?? records.count
    }
    func inOrder(_ first: Int, _ second: Int) -> Bool {
      if let areInIncreasingOrder = sectionOrder.areInIncreasingOrder {
        if areInIncreasingOrder(keys[first], keys[second]) { return true }
        if areInIncreasingOrder(keys[second], keys[first]) { return false }
      }
      return firstOffset(keys[first]) < firstOffset(keys[second])
    }
    for index in changed {
      if index > 0, !inOrder(index - 1, index) { return false }
      if index + 1 < keys.count, !inOrder(index, index + 1) { return false }
    }
    return true
  }

  /// Numbers the distinct keys of the records and lists the records' keys as those numbers.
  ///
  /// - Complexity: O(n) hashing.
  private mutating func classifyKeys() {
    classOfKey = [:]
    var classes: [Int] = []
    classes.reserveCapacity(records.count)
    for record in records {
      if let known = classOfKey[record.key] {
        classes.append(known)
      } else {
        classes.append(classOfKey.count)
        classOfKey[record.key] = classOfKey.count
      }
    }
    keyClasses = classes
  }

  private mutating func makeRecord(_ element: Element, key: (Element) -> Key) -> Record {
    defer { nextID += 1 }
    return Record(id: nextID, key: key(element), element: element)
  }

  /// The grouping of the records, as record ids and as elements, sections in `sectionOrder`.
  private func group() -> (ids: Array2D<Key, Int>, elements: Array2D<Key, Element>) {
    var sectionOfKey: [Key: Int] = [:]
    var keys: [Key] = []
    var ids: [[Int]] = []
    var elements: [[Element]] = []
    for record in records {
      let section: Int
      if let existing = sectionOfKey[record.key] {
        section = existing
      } else {
        section = keys.count
        sectionOfKey[record.key] = section
        keys.append(record.key)
        ids.append([])
        elements.append([])
      }
      ids[section].append(record.id)
      elements[section].append(record.element)
    }
    var order = Array(keys.indices)
    if let areInIncreasingOrder = sectionOrder.areInIncreasingOrder {
      // Stable: keys that compare equal keep the order of first appearance.
      order.sort { areInIncreasingOrder(keys[$0], keys[$1]) }
    }
    return (
      Array2D(sections: order.map { Array2D.Section(metadata: keys[$0], items: ids[$0]) }),
      Array2D(sections: order.map { Array2D.Section(metadata: keys[$0], items: elements[$0]) })
    )
  }

  private func check(_ offset: Int, limit: Int) {
    if offset < 0 || offset >= limit { operatorIndexOutOfRange(offset, count: records.count) }
  }
}
