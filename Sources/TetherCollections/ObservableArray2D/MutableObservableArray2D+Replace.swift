import Foundation
import TetherChangesets

extension MutableObservableArray2D {
  /// Replaces the whole 2D array with `array`, emitting the differences of sections and items
  /// together, or a reload when `performDiff` is `false`.
  ///
  /// The diff is `Array2D.diff(from:sectionIdentifiedBy:isSectionEqual:itemIdentifiedBy:isItemEqual:)`:
  /// sections are matched by `sectionIdentifiedBy`, items by `itemIdentifiedBy` within each
  /// matched section and then across sections, so an item that changes section is one move (a
  /// delete and an insert when its section or the other one moves, which UIKit cannot animate in
  /// one batch). A matched section whose metadata is not `isSectionEqual` is a section update (its
  /// metadata only: item changes inside it are listed as usual, and a binder reloads the section
  /// after the batch); a matched item that is not `isItemEqual` is an item update.
  ///
  /// ```swift
  /// contacts.replace(
  ///   with: fresh, performDiff: true,
  ///   sectionIdentifiedBy: \.letter, isSectionEqual: ==,
  ///   itemIdentifiedBy: \.id, isItemEqual: ==
  /// )
  /// ```
  ///
  /// The closures run outside the container's lock, on a snapshot (again if another thread
  /// mutated the container meanwhile).
  ///
  /// - Complexity: O(s + n) expected for s sections and n items on both sides.
  public func replace<SectionID: Hashable, ItemID: Hashable>(
    with array: Array2D<SectionMetadata, Item>,
    performDiff: Bool,
    sectionIdentifiedBy sectionID: (SectionMetadata) -> SectionID,
    isSectionEqual: (SectionMetadata, SectionMetadata) -> Bool,
    itemIdentifiedBy itemID: (Item) -> ItemID,
    isItemEqual: (Item, Item) -> Bool
  ) {
    guard performDiff else {
      replace(with: array)
      return
    }
    core.mutate(
      preparing: { old in
        array.diff(
          from: old,
          sectionIdentifiedBy: sectionID,
          isSectionEqual: isSectionEqual,
          itemIdentifiedBy: itemID,
          isItemEqual: isItemEqual
        )
      },
      { current, diff in
        current = array
        return ((), Changeset(collection: array, diff: diff))
      }
    )
  }

  /// Replaces the items of the section at `section` with `items`, emitting the differences of the
  /// two item lists (matched by `itemIdentifiedBy`, updated when not `isItemEqual`), or, when
  /// `performDiff` is `false`, a reload of the whole 2D array.
  ///
  /// - Precondition: `section` is in range.
  /// - Complexity: O(m + k) expected for m old and k new items.
  public func replaceItems<ID: Hashable>(
    ofSectionAt section: Int,
    with items: [Item],
    performDiff: Bool,
    itemIdentifiedBy itemID: (Item) -> ID,
    isItemEqual: (Item, Item) -> Bool
  ) {
    guard performDiff else {
      // Without a diff there is nothing to animate: say so with an explicit reload, never with
      // a diff a consumer could mistake for the change.
      core.mutate { array in
        array.checkSectionIndex(section)
        array.sections[section].items = items
        return ((), .reload(array))
      }
      return
    }
    replaceItems(ofSectionAt: section, with: items) { old in
      items.diff(from: old, identifiedBy: itemID, isEqual: isItemEqual)
    }
  }

  func replaceItems(ofSectionAt section: Int, with items: [Item], diff: ([Item]) -> OrderedCollectionDiff<Int>) {
    core.mutate(
      preparing: { old -> OrderedCollectionDiff<Int>? in
        section >= 0 && section < old.sections.count ? diff(old.sections[section].items) : nil
      },
      { array, itemDiff in
        array.checkSectionIndex(section)
        let edit = array.editReplaceItems(ofSectionAt: section, with: items, diff: itemDiff!)
        return ((), Changeset(collection: array, diff: edit.diff))
      }
    )
  }
}

// The identity rule of every 2D diff path (this, `TreeChangeset(from:to:)`, `Array2D.diff(from:)`,
// `diff()` on a signal of 2D arrays): sections are identified by their metadata; items by `id` when
// `Identifiable` (updated when `!=`), else by their value (never updated).

extension MutableObservableArray2D where SectionMetadata: Hashable, Item: Hashable {
  /// Replaces the whole 2D array, emitting the differences (sections and items are their own
  /// identity, as in `TreeChangeset(from:to:)`), or a reload when `performDiff` is `false`. See
  /// ``replace(with:performDiff:sectionIdentifiedBy:isSectionEqual:itemIdentifiedBy:isItemEqual:)``.
  ///
  /// - Complexity: O(s + n) expected for s sections and n items on both sides (the sectioned
  ///   diff); O(1) without a diff.
  public func replace(with array: Array2D<SectionMetadata, Item>, performDiff: Bool) {
    replace(
      with: array,
      performDiff: performDiff,
      sectionIdentifiedBy: { $0 },
      isSectionEqual: { _, _ in true },
      itemIdentifiedBy: { $0 },
      isItemEqual: { _, _ in true }
    )
  }
}

extension MutableObservableArray2D where SectionMetadata: Hashable, Item: Identifiable & Equatable {
  /// Replaces the whole 2D array, emitting the differences (sections are their own identity, items
  /// are matched by `id` and updated when `!=`), or a reload when `performDiff` is `false`.
  ///
  /// - Complexity: O(s + n) expected for s sections and n items on both sides (the sectioned
  ///   diff); O(1) without a diff.
  public func replace(with array: Array2D<SectionMetadata, Item>, performDiff: Bool) {
    replace(
      with: array,
      performDiff: performDiff,
      sectionIdentifiedBy: { $0 },
      isSectionEqual: { _, _ in true },
      itemIdentifiedBy: \.id,
      isItemEqual: ==
    )
  }
}

extension MutableObservableArray2D where SectionMetadata: Hashable, Item: Identifiable & Hashable {
  /// Replaces the whole 2D array, emitting the differences (sections are their own identity, items
  /// are matched by `id` and updated when `!=`), or a reload when `performDiff` is `false`.
  ///
  /// - Complexity: O(s + n) expected for s sections and n items on both sides (the sectioned
  ///   diff); O(1) without a diff.
  public func replace(with array: Array2D<SectionMetadata, Item>, performDiff: Bool) {
    replace(
      with: array,
      performDiff: performDiff,
      sectionIdentifiedBy: { $0 },
      isSectionEqual: { _, _ in true },
      itemIdentifiedBy: \.id,
      isItemEqual: ==
    )
  }
}

extension MutableObservableArray2D where Item: Hashable {
  /// Replaces the items of the section at `section`, emitting their differences (items are their
  /// own identity), or a reload when `performDiff` is `false`.
  ///
  /// - Complexity: O(m + k) expected for m old and k new items; O(1) without a diff.
  public func replaceItems(ofSectionAt section: Int, with items: [Item], performDiff: Bool) {
    replaceItems(ofSectionAt: section, with: items, performDiff: performDiff, itemIdentifiedBy: { $0 }) { _, _ in
      true
    }
  }
}

extension MutableObservableArray2D where Item: Identifiable & Equatable {
  /// Replaces the items of the section at `section`, emitting their differences (matched by `id`,
  /// updated when `!=`), or a reload when `performDiff` is `false`.
  ///
  /// - Complexity: O(m + k) expected for m old and k new items; O(1) without a diff.
  public func replaceItems(ofSectionAt section: Int, with items: [Item], performDiff: Bool) {
    replaceItems(ofSectionAt: section, with: items, performDiff: performDiff, itemIdentifiedBy: \.id, isItemEqual: ==)
  }
}

extension MutableObservableArray2D where Item: Identifiable & Hashable {
  /// Replaces the items of the section at `section`, emitting their differences (matched by `id`,
  /// updated when `!=`), or a reload when `performDiff` is `false`.
  ///
  /// - Complexity: O(m + k) expected for m old and k new items; O(1) without a diff.
  public func replaceItems(ofSectionAt section: Int, with items: [Item], performDiff: Bool) {
    replaceItems(ofSectionAt: section, with: items, performDiff: performDiff, itemIdentifiedBy: \.id, isItemEqual: ==)
  }
}
