import Foundation
import TetherChangesets
import TetherSynchronization

extension ContainerCore {
  /// Applies a tree patch as one mutation, checked against the current tree before anything
  /// changes, and emits it as one changeset.
  ///
  /// A long patch on a value tree (an undo of a big change) is checked and applied to a snapshot
  /// outside the lock, so readers and other writers wait only for the result to be swapped in.
  func applyTreePatch<Tree: RangeReplaceableTreeProtocol>(
    _ patch: [OrderedCollectionOperation<Tree.ChildNode, IndexPath>]
  ) where Changeset == TreeChangeset<Tree> {
    // An object tree's snapshot is the live tree itself: it is only ever changed under the lock.
    guard patch.count >= treePatchPreparationThreshold, !(Tree.self is AnyObject.Type) else {
      mutate { tree in
        Self.checkTreePatch(patch, on: tree)
        tree.apply(patch)
        return ((), TreeChangeset(collection: tree, patch: patch))
      }
      return
    }
    // The replaced tree is returned out of the lock so that it is freed after it.
    _ = mutate(
      preparing: { snapshot -> Tree in
        Self.checkTreePatch(patch, on: snapshot)
        var patched = snapshot
        patched.apply(patch)
        return patched
      },
      { tree, patched -> (Tree, Changeset) in
        let old = tree
        tree = patched
        return (old, TreeChangeset(collection: patched, patch: patch))
      }
    )
  }

  private static func checkTreePatch<Tree: RangeReplaceableTreeProtocol>(
    _ patch: [OrderedCollectionOperation<Tree.ChildNode, IndexPath>], on tree: Tree
  ) {
    do {
      try TreeChangesetValidator.validate(patch, on: tree)
    } catch {
      tetherPreconditionFailure(CollectionPreconditions.patchOutOfRange(error))
    }
  }

  /// Applies what a tree changeset describes: its patch, or, for a reload, its tree.
  func applyTreeChangeset<Tree: RangeReplaceableTreeProtocol>(
    _ changeset: TreeChangeset<Tree>
  ) where Changeset == TreeChangeset<Tree> {
    guard changeset.isReload else {
      applyTreePatch(changeset.patch)
      return
    }
    mutate { tree in
      tree = changeset.collection
      return ((), changeset)
    }
  }
}

/// From this many operations on, a tree patch is checked and applied outside the container's lock.
///
/// Below it the copy of the snapshot's touched paths costs more than the lock is held.
let treePatchPreparationThreshold = 64

extension MutableObservableTree {
  /// Applies `patch` to the tree as one mutation, emitting one changeset with that patch.
  ///
  /// A long patch on a value tree (an undo of a big change, say) is checked and applied to a
  /// snapshot outside the lock, so readers and other writers wait only for the result to be
  /// swapped in.
  ///
  /// - Precondition: Every operation's paths address the tree as it is right before that
  ///   operation; this is checked before anything changes, and a bad patch traps naming the
  ///   failing step and path.
  /// - Complexity: O(n + k (d + c)) for a tree of n nodes and k operations.
  public func apply(_ patch: [OrderedCollectionOperation<Node, IndexPath>]) {
    core.applyTreePatch(patch)
  }

  /// Applies the change `changeset` describes: its patch, or, for a reload, its tree.
  ///
  /// With ``undo(_:from:)`` this gives undo and redo: keep each changeset with the tree it was
  /// applied to, undo with `undo(change, from: old)`, redo with `apply(change)`.
  ///
  /// - Complexity: O(n + k (d + c)) for a tree of n nodes and k operations (validating, then
  ///   applying); O(1) for a reload.
  public func apply(_ changeset: Changeset) {
    core.applyTreeChangeset(changeset)
  }

  /// Undoes `changeset`, which turned `old` into the current tree, by applying its inverse (see
  /// `TreeChangeset.inverted(from:)`); emits the inverse as one changeset.
  ///
  /// - Precondition: The current tree is the changeset's tree, and the tree is a value type.
  ///
  /// - Complexity: O(k (d + c)) for the inverse of k operations, plus applying it.
  public func undo(_ changeset: Changeset, from old: Tree) {
    core.applyTreeChangeset(changeset.inverted(from: old))
  }
}

extension MutableObservableArray2D {
  /// Applies `patch` (section operations at one-index paths, item operations at two-index paths)
  /// as one mutation, emitting one changeset with that patch.
  ///
  /// - Precondition: Every operation's paths address the 2D array as it is right before that
  ///   operation; this is checked before anything changes, and a bad patch traps naming the
  ///   failing step and path.
  /// - Complexity: O(n + k (d + c)) for n sections and items and k operations.
  public func apply(_ patch: [Changeset.Operation]) {
    core.applyTreePatch(patch)
  }

  /// Applies the change `changeset` describes: its patch, or, for a reload, its 2D array.
  ///
  /// - Complexity: O(n + k (d + c)) for n sections and items and k operations (validating, then
  ///   applying); O(1) for a reload.
  public func apply(_ changeset: Changeset) {
    core.applyTreeChangeset(changeset)
  }

  /// Undoes `changeset`, which turned `old` into the current 2D array, by applying its inverse;
  /// emits the inverse as one changeset.
  ///
  /// - Precondition: The current 2D array is the changeset's.
  ///
  /// - Complexity: O(k (d + c)) for the inverse of k operations, plus applying it.
  public func undo(_ changeset: Changeset, from old: Array2D<SectionMetadata, Item>) {
    core.applyTreeChangeset(changeset.inverted(from: old))
  }
}
