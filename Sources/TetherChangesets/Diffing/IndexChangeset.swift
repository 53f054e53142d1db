import Foundation

/// The changes between two collections by `Int` offsets, in UIKit batch-update form (Epoxy's type).
///
/// Deletes, update sources and move sources are offsets in the *old* collection; inserts, update
/// targets and move targets are offsets in the *new* collection. Produced by
/// `makeChangeset(from:algorithm:)` and friends; convert it with
/// ``OrderedCollectionDiff/init(_:)-(IndexChangeset)`` for Tether's changesets.
///
/// Diffs made by Tether list deletes and inserts ascending, updates and moves by ascending old
/// offset. An element both moved and changed appears in ``moves`` and in ``updates``.
public struct IndexChangeset: Sendable {
  /// Offsets of inserted elements in the new collection.
  public var inserts: [Int]

  /// Offsets of deleted elements in the old collection.
  public var deletes: [Int]

  /// Elements whose identity was kept but whose content changed: offset in the old collection and
  /// offset in the new one.
  public var updates: [(old: Int, new: Int)]

  /// Elements that changed position relative to the others: old offset and new offset.
  public var moves: [(old: Int, new: Int)]

  /// Groups of offsets in the new collection whose elements share an identifier, each group
  /// ascending, groups ordered by their first offset; empty when identifiers are unique.
  ///
  /// Duplicate identifiers are misuse that Tether recovers from: the k-th occurrence of an
  /// identifier in the old collection is matched with its k-th occurrence in the new one, and
  /// every extra copy is a delete or an insert, so the changeset stays valid. The diff reports
  /// duplicates on either side once through ``TetherLogger/warn(_:fileID:line:)``.
  public var duplicates: [[Int]]

  /// Creates a changeset from its parts.
  public init(
    inserts: [Int] = [],
    deletes: [Int] = [],
    updates: [(old: Int, new: Int)] = [],
    moves: [(old: Int, new: Int)] = [],
    duplicates: [[Int]] = []
  ) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
    self.duplicates = duplicates
  }

  /// Whether the changeset describes no change (``duplicates`` is not a change).
  public var isEmpty: Bool {
    inserts.isEmpty && deletes.isEmpty && updates.isEmpty && moves.isEmpty
  }
}

extension IndexChangeset: Equatable {
  /// Two changesets are equal when all their parts are equal, element by element and in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.inserts == rhs.inserts && lhs.deletes == rhs.deletes && lhs.duplicates == rhs.duplicates
      && _pairsEqual(lhs.updates, rhs.updates) && _pairsEqual(lhs.moves, rhs.moves)
  }
}

extension IndexChangeset: CustomStringConvertible {
  /// A compact description such as `D[1] I[0] U[2→3] M[0→4]`.
  public var description: String {
    "D\(deletes) I\(inserts) U[\(_pairsText(updates))] M[\(_pairsText(moves))]"
      + (duplicates.isEmpty ? "" : " duplicates\(duplicates)")
  }
}

/// The changes between two sectioned collections for items addressed by `IndexPath`s
/// (section, item), in UIKit batch-update form (Epoxy's type).
///
/// Deletes, update sources and move sources are paths in the *old* sections; inserts, update
/// targets and move targets are paths in the *new* sections. A move may change the section.
public struct IndexPathChangeset: Sendable {
  /// Paths of inserted items in the new sections.
  public var inserts: [IndexPath]

  /// Paths of deleted items in the old sections.
  public var deletes: [IndexPath]

  /// Items whose identity was kept but whose content changed: old path and new path.
  public var updates: [(old: IndexPath, new: IndexPath)]

  /// Items that changed position (possibly section) relative to the others: old and new path.
  public var moves: [(old: IndexPath, new: IndexPath)]

  /// Groups of paths in the new sections whose items share an identifier (see
  /// ``IndexChangeset/duplicates``); empty when identifiers are unique.
  public var duplicates: [[IndexPath]]

  /// Creates a changeset from its parts.
  public init(
    inserts: [IndexPath] = [],
    deletes: [IndexPath] = [],
    updates: [(old: IndexPath, new: IndexPath)] = [],
    moves: [(old: IndexPath, new: IndexPath)] = [],
    duplicates: [[IndexPath]] = []
  ) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
    self.duplicates = duplicates
  }

  /// Whether the changeset describes no change (``duplicates`` is not a change).
  public var isEmpty: Bool {
    inserts.isEmpty && deletes.isEmpty && updates.isEmpty && moves.isEmpty
  }
}

extension IndexPathChangeset: Equatable {
  /// Two changesets are equal when all their parts are equal, element by element and in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.inserts == rhs.inserts && lhs.deletes == rhs.deletes && lhs.duplicates == rhs.duplicates
      && _pairsEqual(lhs.updates, rhs.updates) && _pairsEqual(lhs.moves, rhs.moves)
  }
}

extension IndexPathChangeset: CustomStringConvertible {
  /// A compact description such as `D[[0, 1]] I[] U[] M[[0, 2]→[1, 0]]`.
  public var description: String {
    "D\(deletes) I\(inserts) U[\(_pairsText(updates))] M[\(_pairsText(moves))]"
      + (duplicates.isEmpty ? "" : " duplicates\(duplicates)")
  }
}

/// The changes between two collections of sections: section changes by offset, item changes by
/// `IndexPath` (Epoxy's type), in UIKit batch-update form.
///
/// Rules (Epoxy's, plus what one UIKit batch requires):
/// - Sections are matched by identifier. A matched section whose own content changed (its
///   ``Diffable/isDiffableItemEqual(to:)`` is `false`) is a section *update*: a refresh of the
///   section itself (its header, its metadata). Its items are listed as usual, whatever the
///   section equality says, so a section type that compares its items too (Epoxy's
///   `StringSection`) keeps its item animations.
/// - Items are listed for every matched section; the items of inserted and deleted sections are
///   covered by the section change. An item identifier need only be unique within its section.
///   Items are matched within each matched pair of sections first; an item left over that occurs
///   exactly once among the leftovers on each side changed section and is one move.
/// - An item that stays in its section moves only when its order relative to the other items
///   that stayed changed; the moves are minimal for that rule.
/// - UIKit moves no row into, out of or within a section that moves in the same batch, so such an
///   item is a delete and an insert instead (without an update).
///
/// So section inserts, deletes and moves and item inserts, deletes and moves are valid together
/// as one batch (``ChangesetValidator`` and `BatchUpdateValidatingView` agree), and so are the
/// updates of items that do not move. The rest comes after the batch, as Epoxy's collection view
/// does it: refresh the updated sections, and the updated items that moved at their new paths.
/// `StagedChangeset` (which the binders use) does exactly that with
/// `OrderedCollectionDiff<IndexPath>(changeset)`: one batch, then a batch of row reloads and one of
/// section reloads when needed.
public struct SectionedChangeset: Sendable {
  /// The changes to the sections, by section offset.
  public var sectionChangeset: IndexChangeset

  /// The changes to the items of kept sections, by `IndexPath`.
  public var itemChangeset: IndexPathChangeset

  /// Creates a sectioned changeset from its two parts.
  public init(
    sectionChangeset: IndexChangeset = IndexChangeset(),
    itemChangeset: IndexPathChangeset = IndexPathChangeset()
  ) {
    self.sectionChangeset = sectionChangeset
    self.itemChangeset = itemChangeset
  }

  /// Whether neither sections nor items changed.
  public var isEmpty: Bool { sectionChangeset.isEmpty && itemChangeset.isEmpty }
}

extension SectionedChangeset: Equatable {}

extension SectionedChangeset: CustomStringConvertible {
  /// The section changes, then the item changes.
  public var description: String { "sections: \(sectionChangeset); items: \(itemChangeset)" }
}

extension OrderedCollectionDiff where Index == Int {
  /// The same change as a Tether diff: update and move offsets keep their old/new meaning.
  ///
  /// - Complexity: O(k) for k changes.
  public init(_ changeset: IndexChangeset) {
    self.init(
      inserts: changeset.inserts,
      deletes: changeset.deletes,
      updates: changeset.updates.map(\.old),
      moves: changeset.moves.map { (from: $0.old, to: $0.new) }
    )
  }
}

extension OrderedCollectionDiff where Index == IndexPath {
  /// The same item changes as a Tether diff over `IndexPath`s.
  ///
  /// - Complexity: O(k) for k changes.
  public init(_ changeset: IndexPathChangeset) {
    self.init(
      inserts: changeset.inserts,
      deletes: changeset.deletes,
      updates: changeset.updates.map(\.old),
      moves: changeset.moves.map { (from: $0.old, to: $0.new) }
    )
  }

  /// The same section and item changes as one Tether diff over `IndexPath`s: section changes as
  /// paths of length 1, then item changes as paths of length 2 (see ``SectionedChangeset`` for
  /// the rules that make the mix valid).
  ///
  /// - Complexity: O(k) for k changes.
  public init(_ changeset: SectionedChangeset) {
    let sections = changeset.sectionChangeset
    let items = changeset.itemChangeset
    self.init(
      inserts: sections.inserts.map { IndexPath(index: $0) } + items.inserts,
      deletes: sections.deletes.map { IndexPath(index: $0) } + items.deletes,
      updates: sections.updates.map { IndexPath(index: $0.old) } + items.updates.map(\.old),
      moves: sections.moves.map { (from: IndexPath(index: $0.old), to: IndexPath(index: $0.new)) }
        + items.moves.map { (from: $0.old, to: $0.new) }
    )
  }
}

private func _pairsEqual<T: Equatable>(_ lhs: [(old: T, new: T)], _ rhs: [(old: T, new: T)]) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.old == $1.old && $0.new == $1.new }
}

private func _pairsText<T>(_ pairs: [(old: T, new: T)]) -> String {
  pairs.map { "\($0.old)→\($0.new)" }.joined(separator: ", ")
}
