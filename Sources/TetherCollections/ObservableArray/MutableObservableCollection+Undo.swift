import TetherChangesets
import TetherSynchronization

extension MutableObservableCollection where C: RangeReplaceableCollection {
  /// Applies `patch` to the collection as one mutation, emitting one changeset with that patch.
  ///
  /// A long patch that would shift many elements is applied by rebuilding the collection (see
  /// `apply(_:)` on `RangeReplaceableCollection`), and that work runs on a snapshot outside the
  /// lock, so readers and other writers wait only for the result to be swapped in.
  ///
  /// - Precondition: Every operation's offsets are in range for the state right before it; this
  ///   is checked before anything changes, and a bad patch traps naming the failing step, offset
  ///   and count.
  /// - Complexity: O(min(k · n, n + k log k)) for k operations on n elements.
  public func apply(_ patch: [OrderedCollectionOperation<C.Element, Int>]) {
    let count = core.read { $0.count }
    guard PatchApplication.prefersRebuilding(patch, count: count) else {
      core.mutate { collection in
        Self.checkPatch(patch, on: collection)
        collection.apply(patch)
        return ((), Changeset(collection: collection, patch: patch))
      }
      return
    }
    // The replaced collection is returned out of the lock so that it is freed after it.
    _ = core.mutate(
      preparing: { snapshot -> C in
        Self.checkPatch(patch, on: snapshot)
        var rebuilt = snapshot
        rebuilt.applyByRebuilding(patch)
        return rebuilt
      },
      { collection, rebuilt -> (C, Changeset) in
        let old = collection
        collection = rebuilt
        return (old, Changeset(collection: rebuilt, patch: patch))
      }
    )
  }

  private static func checkPatch(_ patch: [OrderedCollectionOperation<C.Element, Int>], on collection: C) {
    do {
      try ChangesetValidator.validate(patch, sourceCount: collection.count)
    } catch {
      tetherPreconditionFailure(CollectionPreconditions.patchOutOfRange(error))
    }
  }

  /// Applies the change `changeset` describes to the collection as one mutation: its patch, or,
  /// for a reload, its collection (emitting a reload).
  ///
  /// This is how undo and redo work: keep each changeset with the collection it was applied to,
  /// then apply `changeset.inverted(from: old)` to undo it (see ``undo(_:from:)``) and the
  /// changeset itself to redo it.
  ///
  /// - Precondition: The patch applies to the current collection (see ``apply(_:)-(_)``).
  ///
  /// - Complexity: O(min(k · n, n + k log k)) for a patch of k operations on n elements; O(1) for a
  ///   reload.
  public func apply(_ changeset: Changeset) {
    if changeset.isReload {
      replace(with: changeset.collection)
    } else {
      apply(changeset.patch)  // derived, if need be, before taking the lock
    }
  }

  /// Undoes `changeset`, which turned `old` into the current collection, by applying its inverse;
  /// emits the inverse as one changeset.
  ///
  /// ```swift
  /// var history: [(change: MutableObservableArray<String>.Changeset, old: [String])] = []
  /// // ... record each changeset with the collection before it, then:
  /// let last = history.removeLast()
  /// items.undo(last.change, from: last.old)
  /// ```
  ///
  /// - Precondition: The current collection is the changeset's collection (or at least has its
  ///   count, so the inverse applies).
  /// - Complexity: O(k log k) for the inverse of k changes, plus applying it.
  public func undo(_ changeset: Changeset, from old: C) {
    apply(changeset.inverted(from: old))
  }
}
