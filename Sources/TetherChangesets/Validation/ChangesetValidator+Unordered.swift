extension ChangesetValidator {
  /// Validates a diff of an unordered collection, given as offsets: deletes and updates in the
  /// `oldCount` elements before the change, inserts in the `newCount` elements after it.
  ///
  /// The rules are the flat diff's without moves: every offset in range, none listed twice in one
  /// index space, none both deleted and updated, and `oldCount - deletes + inserts == newCount`.
  ///
  /// - Complexity: O(k log k) for a diff with k entries.
  public static func validate(
    _ diff: UnorderedCollectionDiff<Int>,
    oldCount: Int,
    newCount: Int
  ) throws(ChangesetValidationError) {
    try validate(
      OrderedCollectionDiff(inserts: diff.inserts, deletes: diff.deletes, updates: diff.updates),
      oldCount: oldCount,
      newCount: newCount
    )
  }

  /// Validates a diff of an unordered collection (a `Set`'s or a `Dictionary`'s changeset, say)
  /// whose indices are the collections' own: deletes and updates must be indices of `old`,
  /// inserts indices of `new`.
  ///
  /// Errors name each index by its offset in its collection; an index that is not one of the
  /// collection's is reported as out of range at offset `count`.
  ///
  /// - Precondition: The indices come from `old` and `new` or from copies of them. The standard
  ///   library traps when indices of unrelated sets or dictionaries are compared.
  /// - Complexity: O(n + m + k log k) for collections of n and m elements and k diff entries.
  public static func validate<C: Collection>(
    _ diff: UnorderedCollectionDiff<C.Index>,
    from old: C,
    to new: C
  ) throws(ChangesetValidationError) where C.Index: Hashable {
    func offsets(of collection: C) -> [C.Index: Int] {
      Dictionary(uniqueKeysWithValues: zip(collection.indices, 0...))
    }
    let oldOffsets = offsets(of: old)
    let newOffsets = offsets(of: new)
    try validate(
      UnorderedCollectionDiff(
        inserts: diff.inserts.map { newOffsets[$0] ?? newOffsets.count },
        deletes: diff.deletes.map { oldOffsets[$0] ?? oldOffsets.count },
        updates: diff.updates.map { oldOffsets[$0] ?? oldOffsets.count }
      ),
      oldCount: oldOffsets.count,
      newCount: newOffsets.count
    )
  }
}

extension UnorderedCollectionDiff where Index == Int {
  /// Throws if this diff cannot describe a change from `oldCount` to `newCount` elements.
  ///
  /// Same as `ChangesetValidator.validate(_:oldCount:newCount:)` for unordered diffs.
  ///
  /// - Complexity: O(k log k) for a diff with k entries.
  public func validate(oldCount: Int, newCount: Int) throws(ChangesetValidationError) {
    try ChangesetValidator.validate(self, oldCount: oldCount, newCount: newCount)
  }
}

extension UnorderedCollectionChangeset where Collection.Index: Hashable {
  /// Throws unless this changeset's diff is a valid change from `old` to ``collection``.
  ///
  /// A reload is always valid. See ``ChangesetValidator/validate(_:from:to:)``.
  ///
  /// - Complexity: O(n + m + k log k).
  public func validate(from old: Collection) throws(ChangesetValidationError) {
    guard !isReload else { return }
    try ChangesetValidator.validate(diff, from: old, to: collection)
  }
}
