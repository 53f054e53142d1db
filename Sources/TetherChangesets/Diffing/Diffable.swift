/// An element that can be diffed by identity and compared for content changes (Epoxy's protocol).
///
/// Two elements are the *same item* when their ``diffIdentifier``s are equal; the same item has
/// *changed* when ``isDiffableItemEqual(to:)`` returns `false`, which a diff reports as an update.
///
/// ```swift
/// extension String: Diffable {
///   public func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool {
///     guard let other = otherDiffableItem as? String else { return false }
///     return self == other
///   }
///   public var diffIdentifier: AnyHashable { self }
/// }
/// ```
///
/// Identifiers should be unique within a collection; see ``IndexChangeset/duplicates`` for what
/// happens when they are not. When all the identifiers of a diff are `Int`s, `String`s or `UUID`s
/// (one of these types throughout), the diff unwraps them once and matches them as that type;
/// identifiers of other or of mixed types are matched as `AnyHashable`s, which is slower. Making
/// an `AnyHashable` of an integer costs more than the rest of the diff does per element, so store
/// the identifier when the model is made (as Epoxy's models store their `dataID`) rather than
/// computing it on every read, and compare only the content in ``isDiffableItemEqual(to:)``; for
/// large collections, `Identifiable` elements need no box at all.
public protocol Diffable {
  /// Whether this item's content equals `otherDiffableItem`'s, for items with equal identifiers.
  ///
  /// - Parameter otherDiffableItem: The other item to check equality against while diffing.
  func isDiffableItemEqual(to otherDiffableItem: any Diffable) -> Bool

  /// The identifier to use when checking identity while diffing.
  var diffIdentifier: AnyHashable { get }
}

/// A section of ``Diffable`` items that is itself diffable (Epoxy's protocol).
///
/// A sectioned diff (`makeSectionedChangeset(from:)`) matches sections by their
/// ``Diffable/diffIdentifier`` and items by theirs, within each section and then across sections,
/// so an item can move from one section to another. Item identifiers need only be unique within
/// a section.
public protocol DiffableSection: Diffable {
  /// The diffable items in this section.
  associatedtype DiffableItems: Collection where DiffableItems.Index == Int, DiffableItems.Element: Diffable

  /// The diffable items in this section.
  var diffableItems: DiffableItems { get }
}

/// Which algorithm a diff uses to match the elements of the old and the new collection.
public enum DiffAlgorithm: Hashable, Sendable {
  /// Paul Heckel's algorithm: O(n + m) time and memory; matches every identifier that occurs in
  /// both collections and reports the fewest moves for that matching (matched elements minus the
  /// longest run that kept its relative order). The default: the right choice for UI updates.
  case heckel

  /// Eugene Myers' algorithm: the shortest script of inserts and deletes, in O(min(n, m) · D + n + m)
  /// time for D inserted and deleted elements (so one short side keeps even a long diff cheap)
  /// and O(n + m) memory.
  ///
  /// With `inferMoves`, a deleted and an inserted element of the same identity are paired into a
  /// move (the k-th deleted copy of an identifier with the k-th inserted one, in order), so an
  /// element that changed position is animated as a move rather than a delete and an insert.
  /// The elements Myers keeps never move, so the moves are minimal for the resulting matching.
  case myers(inferMoves: Bool = false)
}
