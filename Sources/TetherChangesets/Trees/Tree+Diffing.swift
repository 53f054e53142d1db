import Foundation

// Public entry points of tree diffing, one per kind of node value. The receiver is the *new* tree
// and the argument the *old* one, as in the standard library's `difference(from:)`.
//
// Rules shared by every entry point:
// - Nodes are matched by identity anywhere in the trees: a node found under another parent is a
//   move (reparenting is one move, never a delete plus an insert), and its subtree goes with it.
// - Among the matched children that kept their parent, the longest run in their old order stays;
//   each other one is one move. So moves are minimal for every sibling list.
// - Deletes and inserts list whole subtrees by their root (see `TreeChangeset` for the rules).
// - Duplicate identities: in each tree, the first node with an identity in depth-first pre-order
//   (the order an outline shows) is the one that can match. Any later node with the same identity
//   is a different node: deleted if it is in the old tree, inserted if it is in the new one. The
//   result is deterministic and always valid. Each diff that meets duplicates reports them once
//   through `TetherLogger.shared.warn`.

extension TreeProtocol {
  /// The changes that turn `old` into this tree, matching nodes by `identifier` and reporting
  /// matched nodes that are not `isEqual` as updates.
  ///
  /// Updates in a tree diff are value updates: compare the nodes' values, not their children (a
  /// child that changes is an entry of its own).
  ///
  /// ```swift
  /// let diff = newFiles.diff(from: oldFiles, identifiedBy: \.value.path, isEqual: { $0.value == $1.value })
  /// ```
  ///
  /// Applying `diff.generateTreePatch(to: self)` to `old` gives this tree. Reparenting is one
  /// move; moves are minimal per sibling list. Duplicate identities: in each tree the first node
  /// with an identity in depth-first pre-order is the one that can match; a later node with the
  /// same identity is a different node (a delete in the old tree, an insert in the new one). The
  /// result is deterministic and always valid, and the duplicates are reported once through
  /// ``TetherLogger``.
  ///
  /// - Parameters:
  ///   - old: The tree before the change.
  ///   - identifier: The identity of a node; equal identities are the same node.
  ///   - isEqual: Whether two nodes with equal identities also have equal values.
  /// - Complexity: O(n + m) expected for trees of n and m nodes, plus O(s log s) for each list of
  ///   s siblings that kept their parent (O((n + m) log(n + m)) at worst).
  @inlinable
  public func diff<ID: Hashable>(
    from old: Self,
    identifiedBy identifier: (ChildNode) -> ID,
    isEqual: (ChildNode, ChildNode) -> Bool
  ) -> OrderedCollectionDiff<IndexPath> {
    TreeDiffer.diff(from: old, to: self, identifiedBy: identifier, isEqual: isEqual)
  }
}

extension TreeProtocol where ChildNode.Value: Hashable {
  /// The changes that turn `old` into this tree; each node value is its own identity, so the diff
  /// has no updates.
  ///
  /// Reparenting is one move; moves are minimal per sibling list; of nodes with equal values, the
  /// first in pre-order matches and later ones are deletes or inserts (reported once through
  /// ``TetherLogger``).
  ///
  /// - Complexity: O(n + m) expected, plus O(s log s) per list of s siblings that kept their parent.
  @inlinable
  public func diff(from old: Self) -> OrderedCollectionDiff<IndexPath> {
    TreeDiffer.diff(from: old, to: self, identifiedBy: { $0.value }, isEqual: { _, _ in true })
  }
}

extension TreeProtocol where ChildNode.Value: Identifiable & Equatable {
  /// The changes that turn `old` into this tree, matching nodes by their value's `id` and
  /// reporting matched nodes whose values differ as updates.
  ///
  /// Reparenting is one move; moves are minimal per sibling list; of nodes with equal ids, the
  /// first in pre-order matches and later ones are deletes or inserts (reported once through
  /// ``TetherLogger``).
  ///
  /// - Complexity: O(n + m) expected, plus O(s log s) per list of s siblings that kept their parent.
  @inlinable
  public func diff(from old: Self) -> OrderedCollectionDiff<IndexPath> {
    TreeDiffer.diff(from: old, to: self, identifiedBy: { $0.value.id }, isEqual: { $0.value == $1.value })
  }
}

extension TreeProtocol where ChildNode.Value: Identifiable & Hashable {
  /// The changes that turn `old` into this tree, matching nodes by their value's `id` and
  /// reporting matched nodes whose values differ as updates.
  ///
  /// - Complexity: O(n + m) expected, plus O(s log s) per list of s siblings that kept their parent.
  @inlinable
  public func diff(from old: Self) -> OrderedCollectionDiff<IndexPath> {
    TreeDiffer.diff(from: old, to: self, identifiedBy: { $0.value.id }, isEqual: { $0.value == $1.value })
  }
}

extension TreeChangeset {
  /// The changeset from `old` to `new`, diffing nodes by `identifier` and `isEqual` (see
  /// ``TreeProtocol/diff(from:identifiedBy:isEqual:)``); its patch is derived on first use.
  ///
  /// - Complexity: The cost of the diff.
  @inlinable
  public init<ID: Hashable>(
    from old: Tree,
    to new: Tree,
    identifiedBy identifier: (Tree.ChildNode) -> ID,
    isEqual: (Tree.ChildNode, Tree.ChildNode) -> Bool
  ) {
    self.init(collection: new, diff: new.diff(from: old, identifiedBy: identifier, isEqual: isEqual))
  }
}

extension TreeChangeset where Tree.ChildNode.Value: Hashable {
  /// The changeset from `old` to `new`, each node value being its own identity.
  ///
  /// - Complexity: The cost of the diff.
  @inlinable
  public init(from old: Tree, to new: Tree) {
    self.init(collection: new, diff: new.diff(from: old))
  }
}

extension TreeChangeset where Tree.ChildNode.Value: Identifiable & Equatable {
  /// The changeset from `old` to `new`, matching nodes by their value's `id`.
  ///
  /// - Complexity: The cost of the diff.
  @inlinable
  public init(from old: Tree, to new: Tree) {
    self.init(collection: new, diff: new.diff(from: old))
  }
}

extension TreeChangeset where Tree.ChildNode.Value: Identifiable & Hashable {
  /// The changeset from `old` to `new`, matching nodes by their value's `id`.
  ///
  /// - Complexity: The cost of the diff.
  @inlinable
  public init(from old: Tree, to new: Tree) {
    self.init(collection: new, diff: new.diff(from: old))
  }
}
