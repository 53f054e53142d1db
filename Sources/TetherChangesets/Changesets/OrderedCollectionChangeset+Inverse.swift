import TetherSynchronization

extension OrderedCollectionDiff where Index == Int {
  /// The diff that undoes this one: inserts become deletes, deletes inserts, each move goes back
  /// from its target to its source, and each update is addressed at the updated element's offset in
  /// the final collection (the source space of the inverse).
  ///
  /// - Precondition: The diff is valid (see ``ChangesetValidator``).
  /// - Complexity: O(k log k) for a diff with k entries.
  public func inverted() -> Self {
    Self(
      inserts: deletes.sorted(),
      deletes: inserts.sorted(),
      updates: DiffPatchPlanner.finalOffsets(of: updates, in: self).sorted(),
      moves: moves.map { (from: $0.to, to: $0.from) }.sorted { $0.from < $1.from }
    )
  }
}

extension OrderedCollectionChangeset {
  /// The changeset that undoes this one: applied to ``collection`` it gives back `old`.
  ///
  /// Its diff is ``OrderedCollectionDiff/inverted()`` of this diff; its patch is derived on first
  /// use and reads deleted and updated elements back from `old`. The inverse of a reload is a
  /// reload of `old`. Applying inverses in turn gives undo; applying the originals again, redo.
  ///
  /// ```swift
  /// let change = OrderedCollectionChangeset(collection: ["b", "c"], patch: [.delete(at: 0)])
  /// let undo = change.inverted(from: ["a", "b", "c"])
  /// // undo.patch == [.insert("a", at: 0)], undo.collection == ["a", "b", "c"]
  /// ```
  ///
  /// - Parameter old: The collection this changeset was applied to.
  /// - Precondition: `old` has as many elements as this changeset's source.
  /// - Complexity: O(k log k) for k changes.
  public func inverted(from old: Collection) -> Self {
    if isReload { return .reload(old) }
    let diff = self.diff
    let oldCount = old.count
    let expected = collection.count - diff.inserts.count + diff.deletes.count
    tetherPrecondition(
      oldCount == expected,
      "The changeset applies to a collection of \(expected) elements, but the given one has \(oldCount)"
    )
    return Self(collection: old, diff: diff.inverted())
  }
}
