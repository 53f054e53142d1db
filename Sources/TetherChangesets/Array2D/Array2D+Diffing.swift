import Foundation
import TetherSynchronization

// One identity rule for 2D arrays, whichever path diffs them: `MutableObservableArray2D.replace`,
// `Array2D.diff(from:)`, `TreeChangeset(from:to:)` and `diff()` on a signal of 2D arrays all run
// the sectioned engine of `SectionedChangeset` (tree diffs of an `Array2D` are routed to it).

extension Array2D {
  /// The changes that turn `old` into this 2D array, as a tree diff of the 2D array: sections
  /// matched by `sectionIdentifiedBy`, items by `itemIdentifiedBy`.
  ///
  /// The diff follows ``SectionedChangeset``'s rules: items are listed for every matched section,
  /// an item that changes section is one move, an item identifier need only be unique within its
  /// section, and an item move UIKit cannot make in the batch that moves its section is a delete
  /// and an insert. A matched section whose metadata is not `isSectionEqual` is a section update:
  /// under tree rules it updates the metadata only, and the section's item changes stay listed.
  ///
  /// ```swift
  /// let diff = new.diff(
  ///   from: old,
  ///   sectionIdentifiedBy: \.letter, isSectionEqual: ==,
  ///   itemIdentifiedBy: \.id, isItemEqual: ==
  /// )
  /// ```
  ///
  /// - Complexity: O(s + n) expected for s sections and n items on both sides.
  @inlinable
  public func diff<SectionID: Hashable, ItemID: Hashable>(
    from old: Self,
    sectionIdentifiedBy sectionID: (SectionMetadata) -> SectionID,
    isSectionEqual: (SectionMetadata, SectionMetadata) -> Bool,
    itemIdentifiedBy itemID: (Item) -> ItemID,
    isItemEqual: (Item, Item) -> Bool
  ) -> OrderedCollectionDiff<IndexPath> {
    OrderedCollectionDiff(
      SectionedChangeset(
        from: old.sections,
        to: sections,
        sectionIdentifiedBy: { sectionID($0.metadata) },
        isSectionEqual: { isSectionEqual($0.metadata, $1.metadata) },
        items: \.items,
        itemIdentifiedBy: itemID,
        isItemEqual: isItemEqual
      )
    )
  }
}

/// The identity of a 2D array's tree node whose item is `Identifiable`: a section is identified by
/// its metadata, an item by its `id`.
public enum Array2DElementID<SectionMetadata: Hashable, ItemID: Hashable>: Hashable {
  /// A section, identified by its metadata.
  case section(SectionMetadata)
  /// An item, identified by its `id`.
  case item(ItemID)
}

extension Array2DElementID: Sendable where SectionMetadata: Sendable, ItemID: Sendable {}

extension Array2DElement: Identifiable where SectionMetadata: Hashable, Item: Identifiable {
  /// The section's metadata or the item's `id`: so tree diffs of a 2D array of `Identifiable`
  /// items match items by `id` and report changed ones as updates, as
  /// `MutableObservableArray2D.replace(with:performDiff:)` does.
  public var id: Array2DElementID<SectionMetadata, Item.ID> {
    switch self {
    case .section(let metadata): .section(metadata)
    case .item(let item): .item(item.id)
    }
  }
}

/// A tree whose diffs follow rules of its own rather than the general tree rules (a 2D array is
/// diffed as sections of items). The tree differ checks for it once per diff.
@usableFromInline
internal protocol _SectionedTreeDiffing {
  /// The diff from `old` (a value of this type), with node identity and equality given on the
  /// node type of `Tree` (this type).
  func _sectionedTreeDiff<Tree: TreeProtocol, ID: Hashable>(
    from old: Tree,
    identifiedBy identifier: (Tree.ChildNode) -> ID,
    isEqual: (Tree.ChildNode, Tree.ChildNode) -> Bool
  ) -> OrderedCollectionDiff<IndexPath>
}

extension Array2D: _SectionedTreeDiffing {
  @usableFromInline
  internal func _sectionedTreeDiff<Tree: TreeProtocol, ID: Hashable>(
    from old: Tree,
    identifiedBy identifier: (Tree.ChildNode) -> ID,
    isEqual: (Tree.ChildNode, Tree.ChildNode) -> Bool
  ) -> OrderedCollectionDiff<IndexPath> {
    // `Tree` is this type: the differ only routes here after checking it.
    guard let old = old as? Self else {
      tetherPreconditionFailure("A 2D array can only be diffed against a 2D array of the same type, not \(Tree.self)")
    }
    func node(_ value: Array2DElement<SectionMetadata, Item>) -> Tree.ChildNode {
      // A childless node: identity and equality of tree nodes compare values, not children.
      guard let node = TreeNode(value) as? Tree.ChildNode else {
        tetherPreconditionFailure("The nodes of \(Tree.self) are not \(ChildNode.self)")
      }
      return node
    }
    return diff(
      from: old,
      sectionIdentifiedBy: { identifier(node(.section($0))) },
      isSectionEqual: { isEqual(node(.section($0)), node(.section($1))) },
      itemIdentifiedBy: { identifier(node(.item($0))) },
      isItemEqual: { isEqual(node(.item($0)), node(.item($1))) }
    )
  }
}
