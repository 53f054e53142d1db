import Foundation

// Sectioned diffing: sections are matched by identifier; items are matched within each matched
// pair of sections, then across sections, so an item can move between sections. See
// `SectionedChangeset` for the rules that keep the result valid for one UIKit batch update.

extension Collection where Element: DiffableSection {
  /// The changes that turn the sections of `old` into these sections: section changes by offset
  /// and item changes by `IndexPath` (Epoxy's API).
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in `difference(from:)`.
  /// Sections are matched by ``Diffable/diffIdentifier`` and compared with
  /// ``Diffable/isDiffableItemEqual(to:)``: a changed section is a section update, and, as in
  /// Epoxy, the item changes of every matched section are listed. Item identifiers need only be
  /// unique within a section. See ``SectionedChangeset`` for the exact rules and for how to apply
  /// the result in one batch.
  ///
  /// Unlike Epoxy, which diffs the items of each matched section on their own, an item that moves
  /// to another section is one move rather than a delete and an insert, unless its section or the
  /// other one moves too (UIKit moves no row into or out of a moving section).
  ///
  /// - Parameter old: The sections before the change.
  /// - Complexity: O(s + i) expected time for s sections and i items on both sides.
  @inlinable
  public func makeSectionedChangeset(from old: some Collection<Element>) -> SectionedChangeset {
    let sections = _flattenSections(
      from: old,
      to: self,
      sectionID: \.diffIdentifier,
      isSectionEqual: { $0.isDiffableItemEqual(to: $1) },
      items: \.diffableItems
    )
    return sections.oldItems.withUnsafeBufferPointer { oldItems in
      sections.newItems.withUnsafeBufferPointer { newItems in
        _withDiffableIdentifiers(old: oldItems, new: newItems, _DiffableSectionedItemsBody(sections: sections))
      }
    }
  }
}

extension SectionedChangeset {
  /// The changes that turn the sections `old` into the sections `new`, with caller-supplied
  /// identity and equality for sections and items.
  ///
  /// A section whose identifier is kept but which is not `isSectionEqual` is a section update (a
  /// refresh of the section itself); the item changes of every matched section are listed. See
  /// ``SectionedChangeset`` for the rules.
  ///
  /// - Parameters:
  ///   - old: The sections before the change.
  ///   - new: The sections after the change.
  ///   - sectionID: The identity of a section.
  ///   - isSectionEqual: Whether two sections with equal identities are equal; when not, the
  ///     section is an update (its item changes are listed all the same).
  ///   - items: The items of a section.
  ///   - itemID: The identity of an item.
  ///   - isItemEqual: Whether two items with equal identities are equal.
  /// - Complexity: O(s + i) expected time for s sections and i items on both sides.
  @inlinable
  public init<Section, SectionID: Hashable, Items: Collection, ItemID: Hashable>(
    from old: some Collection<Section>,
    to new: some Collection<Section>,
    sectionIdentifiedBy sectionID: (Section) -> SectionID,
    isSectionEqual: (Section, Section) -> Bool,
    items: (Section) -> Items,
    itemIdentifiedBy itemID: (Items.Element) -> ItemID,
    isItemEqual: (Items.Element, Items.Element) -> Bool
  ) {
    self = _sectionedChangeset(
      from: old,
      to: new,
      sectionID: sectionID,
      isSectionEqual: isSectionEqual,
      items: items,
      itemID: itemID,
      isItemEqual: isItemEqual
    )
  }
}

/// The sectioned engine behind both public forms.
@inlinable
internal func _sectionedChangeset<Section, SectionID: Hashable, Items: Collection, ItemID: Hashable>(
  from old: some Collection<Section>,
  to new: some Collection<Section>,
  sectionID: (Section) -> SectionID,
  isSectionEqual: (Section, Section) -> Bool,
  items: (Section) -> Items,
  itemID: (Items.Element) -> ItemID,
  isItemEqual: (Items.Element, Items.Element) -> Bool
) -> SectionedChangeset {
  let sections = _flattenSections(
    from: old,
    to: new,
    sectionID: sectionID,
    isSectionEqual: isSectionEqual,
    items: items
  )
  return _sectionedChangeset(
    sections,
    oldItemIDs: sections.oldItems.map(itemID),
    newItemIDs: sections.newItems.map(itemID),
    isItemEqual: isItemEqual
  )
}

/// The first half of a sectioned diff: the sections diffed, and the items of the sections kept on
/// both sides laid out in flat arrays.
@usableFromInline
internal struct _FlattenedSections<Item, SectionID: Hashable> {
  @usableFromInline
  internal var sectionMatching: _Matching

  @usableFromInline
  internal var sectionParts: _DiffParts

  @usableFromInline
  internal var sectionsHaveDuplicates: Bool

  /// The identifiers of the new sections, for the duplicate report.
  @usableFromInline
  internal var newSectionIDs: [SectionID]

  @usableFromInline
  internal var layout: _SectionLayout

  @usableFromInline
  internal var oldItems: ContiguousArray<Item>

  @usableFromInline
  internal var newItems: ContiguousArray<Item>

  @inlinable
  internal init(
    sectionMatching: _Matching,
    sectionParts: _DiffParts,
    sectionsHaveDuplicates: Bool,
    newSectionIDs: [SectionID],
    layout: _SectionLayout,
    oldItems: ContiguousArray<Item>,
    newItems: ContiguousArray<Item>
  ) {
    self.sectionMatching = sectionMatching
    self.sectionParts = sectionParts
    self.sectionsHaveDuplicates = sectionsHaveDuplicates
    self.newSectionIDs = newSectionIDs
    self.layout = layout
    self.oldItems = oldItems
    self.newItems = newItems
  }
}

/// Diffs the sections and flattens the items of the kept ones.
@inlinable
internal func _flattenSections<Section, SectionID: Hashable, Items: Collection>(
  from old: some Collection<Section>,
  to new: some Collection<Section>,
  sectionID: (Section) -> SectionID,
  isSectionEqual: (Section, Section) -> Bool,
  items: (Section) -> Items
) -> _FlattenedSections<Items.Element, SectionID> {
  let oldSections = ContiguousArray(old)
  let newSections = ContiguousArray(new)
  let newSectionIDs = newSections.map(sectionID)
  let sections = _precomputedHeckelDiff(
    oldIDs: oldSections.map(sectionID),
    newIDs: newSectionIDs,
    isEqual: { isSectionEqual(oldSections[$0], newSections[$1]) }
  )
  var layout = _SectionLayout(sectionMatching: sections.matching, sectionMoves: sections.parts.moves)
  var oldItems: ContiguousArray<Items.Element> = []
  var newItems: ContiguousArray<Items.Element> = []
  for section in layout.keptOldSections {
    let sectionItems = items(oldSections[section])
    layout.appendOldItems(of: section, count: sectionItems.count)
    oldItems.append(contentsOf: sectionItems)
  }
  for section in layout.keptNewSections {
    let sectionItems = items(newSections[section])
    layout.appendNewItems(of: section, count: sectionItems.count)
    newItems.append(contentsOf: sectionItems)
  }
  return _FlattenedSections(
    sectionMatching: sections.matching,
    sectionParts: sections.parts,
    sectionsHaveDuplicates: sections.hasDuplicates,
    newSectionIDs: newSectionIDs,
    layout: layout,
    oldItems: oldItems,
    newItems: newItems
  )
}

/// The second half of a sectioned diff: the flattened items matched by their identifiers.
@inlinable
internal func _sectionedChangeset<Item, SectionID: Hashable, ItemID: Hashable>(
  _ sections: _FlattenedSections<Item, SectionID>,
  oldItemIDs: [ItemID],
  newItemIDs: [ItemID],
  isItemEqual: (Item, Item) -> Bool
) -> SectionedChangeset {
  let layout = sections.layout
  // Identifiers are unique per section (Epoxy's rule): items are matched within each pair of
  // matched sections first, then the rest across sections where that is unambiguous.
  let scopedOldIDs = oldItemIDs.indices.map {
    _SectionScopedID(section: layout.pairedSection(ofOldItem: $0), id: oldItemIDs[$0])
  }
  let scopedNewIDs = newItemIDs.indices.map {
    _SectionScopedID(section: layout.section(ofNewItem: $0), id: newItemIDs[$0])
  }
  var matching = _precomputedHeckelMatching(oldIDs: scopedOldIDs, newIDs: scopedNewIDs)
  _matchAcrossSections(&matching, oldIDs: oldItemIDs, newIDs: newItemIDs)
  var updated = [Bool](repeating: false, count: sections.oldItems.count)
  for (old, match) in matching.oldMatch.enumerated() where match < 0 {
    updated[old] = !isItemEqual(sections.oldItems[old], sections.newItems[Int(~match)])
  }
  var changeset = SectionedChangeset(
    sectionChangeset: sections.sectionParts.indexChangeset,
    itemChangeset: layout.itemChangeset(matching, updated: updated)
  )
  let sectionsHaveDuplicates = sections.sectionsHaveDuplicates
  let itemsHaveDuplicates = matching.oldHasDuplicates || matching.newHasDuplicates
  if sectionsHaveDuplicates || itemsHaveDuplicates {
    let sectionGroups = _duplicateGroups(count: sections.newSectionIDs.count) { sections.newSectionIDs[$0] }
    let itemGroups = _duplicateGroups(count: scopedNewIDs.count) { scopedNewIDs[$0] }
    changeset.sectionChangeset.duplicates = sectionGroups.map(\.offsets)
    changeset.itemChangeset.duplicates = itemGroups.map { $0.offsets.map(layout.newPath) }
    TetherLogger.shared.warn(
      "Sectioned diff with duplicate identifiers: \(sectionsHaveDuplicates ? "sections" : "")"
        + "\(sectionsHaveDuplicates && itemsHaveDuplicates ? " and " : "")"
        + "\(itemsHaveDuplicates ? "items within a section" : ""). "
        + "The k-th old copy of an identifier is matched with its k-th new copy and extra copies are "
        + "deleted or inserted; make identifiers unique for meaningful animations."
    )
  }
  return changeset
}

/// Finishes Epoxy's sectioned diff once the item identifiers are known (unwrapped when they
/// share one concrete type).
@usableFromInline
internal struct _DiffableSectionedItemsBody<Item: Diffable>: _IdentifiersBody {
  @usableFromInline
  internal let sections: _FlattenedSections<Item, AnyHashable>

  @inlinable
  internal init(sections: _FlattenedSections<Item, AnyHashable>) {
    self.sections = sections
  }

  @inlinable
  internal func run<ID: Hashable>(oldIDs: [ID], newIDs: [ID]) -> SectionedChangeset {
    // Without a new item nothing is compared.
    guard let first = sections.newItems.first else {
      return _sectionedChangeset(sections, oldItemIDs: oldIDs, newItemIDs: newIDs) { _, _ in true }
    }
    let argument = _DiffableArgument(first)
    defer { argument.release() }
    return _sectionedChangeset(sections, oldItemIDs: oldIDs, newItemIDs: newIDs) {
      argument.isDiffableItemEqual($0, to: $1)
    }
  }
}

/// An item identifier qualified by the (new offset of the) section pair it belongs to, so that
/// the same identifier in two sections names two items.
@usableFromInline
internal struct _SectionScopedID<ID: Hashable>: Hashable {
  @usableFromInline
  internal var section: Int

  @usableFromInline
  internal var id: ID

  @inlinable
  internal init(section: Int, id: ID) {
    self.section = section
    self.id = id
  }
}

/// Heckel's matching over precomputed identifiers, without moves or updates.
@inlinable
internal func _precomputedHeckelMatching<ID: Hashable>(oldIDs: [ID], newIDs: [ID]) -> _Matching {
  oldIDs.withUnsafeBufferPointer { oldIDs in
    newIDs.withUnsafeBufferPointer { newIDs in
      _heckelMatching(_PrecomputedElements(oldIDs: oldIDs, newIDs: newIDs, compare: { _, _ in true }))
    }
  }
}

/// Matches the items left unmatched within their sections across sections: an identifier that
/// occurs exactly once among the unmatched old items and once among the unmatched new ones is one
/// item that changed section. Identifiers left over several times stay deletes and inserts.
///
/// - Complexity: O(n) for n items, hashing only the unmatched ones.
@inlinable
internal func _matchAcrossSections<ID: Hashable>(_ matching: inout _Matching, oldIDs: [ID], newIDs: [ID]) {
  guard matching.matchedCount < oldIDs.count, matching.matchedCount < newIDs.count else { return }
  // For each leftover identifier: its old and new offsets, -1 for none, -2 for several.
  var leftovers: [ID: (old: Int32, new: Int32)] = [:]
  for (old, match) in matching.oldMatch.enumerated() where match >= 0 {
    let id = oldIDs[old]
    if leftovers[id] == nil {
      leftovers[id] = (old: Int32(truncatingIfNeeded: old), new: -1)
    } else {
      leftovers[id]!.old = -2
    }
  }
  for (new, match) in matching.newMatch.enumerated() where match == -1 {
    guard let entry = leftovers[newIDs[new]] else { continue }
    leftovers[newIDs[new]]!.new = entry.new == -1 ? Int32(truncatingIfNeeded: new) : -2
  }
  for (old, new) in leftovers.values where old >= 0 && new >= 0 {
    matching.oldMatch[Int(old)] = ~new
    matching.newMatch[Int(new)] = old
    matching.matchedCount += 1
  }
}

/// A Heckel diff over precomputed identifiers, keeping the matching for sectioned post-processing.
@inlinable
internal func _precomputedHeckelDiff<ID: Hashable>(
  oldIDs: [ID],
  newIDs: [ID],
  isEqual: (Int, Int) -> Bool
) -> (matching: _Matching, parts: _DiffParts, hasDuplicates: Bool) {
  oldIDs.withUnsafeBufferPointer { oldIDs in
    newIDs.withUnsafeBufferPointer { newIDs in
      withoutActuallyEscaping(isEqual) { isEqual in
        let elements = _PrecomputedElements(oldIDs: oldIDs, newIDs: newIDs, compare: isEqual)
        var matching = _heckelMatching(elements)
        let marksMoves = !matching.keepsOrder
        let moveCount = marksMoves ? _markKeptElements(&matching) : 0
        let parts = _assembleDiffParts(matching, marksMoves: marksMoves, moveCount: moveCount, elements: elements)
        return (matching, parts, matching.oldHasDuplicates || matching.newHasDuplicates)
      }
    }
  }
}
