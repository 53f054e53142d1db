import TetherChangesets
import TetherSynchronization

extension MutableObservableCollection where C: RangeReplaceableCollection {
  /// Applies `patch` to the collection as one mutation, emitting one changeset with that patch.
  ///
  /// - Precondition: Every operation's offsets are in range for the state right before it; this
  ///   is checked before anything changes, and a bad patch traps naming the failing step, offset
  ///   and count.
  /// - Complexity: O(k · n) in the worst case for k operations on n elements.
  public func apply(_ patch: [OrderedCollectionOperation<C.Element, Int>]) {
    core.mutate { collection in
      let count = collection.count
      do {
        try ChangesetValidator.validate(patch, sourceCount: count)
      } catch {
        tetherPreconditionFailure(CollectionPreconditions.patchOutOfRange(error))
      }
      collection.apply(patch)
      return ((), Changeset(collection: collection, patch: patch))
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
  /// - Complexity: O(k · n) in the worst case for a patch of k operations on n elements; O(1) for a reload.
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
