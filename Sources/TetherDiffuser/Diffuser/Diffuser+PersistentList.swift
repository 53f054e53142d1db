import TetherChangesets

// The list effects for persistent lists: the same diffuser as for arrays, keeping the previous
// list to diff against, which costs nothing when the model changes it by a few elements (the two
// versions share all but the changed paths).
extension Diffuser {
  /// A diffuser for persistent lists that hands `effect` a changeset: a reload on the first run,
  /// then the diff from the previous list, matching elements by `identifier` and reporting matched
  /// elements that are not `isEqual` as updates; a list with no difference runs nothing.
  ///
  /// - Complexity: O(*n* + *m*) expected per run, for lists of *n* and *m* elements.
  public static func intoList<Element, ID: Hashable>(
    identifiedBy identifier: @escaping (Element) -> ID,
    isEqual: @escaping (Element, Element) -> Bool,
    _ effect: @escaping (OrderedCollectionChangeset<PersistentArray<Element>>) -> Void
  ) -> Diffuser<A> where A == PersistentArray<Element> {
    listDiffuser(
      diff: { old, new in new.diff(from: old, identifiedBy: identifier, isEqual: isEqual) },
      effect
    )
  }

  /// A diffuser for persistent lists of `Hashable` elements (each its own identity): a reload on
  /// the first run, then the diff from the previous list (inserts, deletes and moves).
  ///
  /// - Complexity: O(*n* + *m*) expected per run, for lists of *n* and *m* elements.
  public static func intoList<Element: Hashable>(
    _ effect: @escaping (OrderedCollectionChangeset<PersistentArray<Element>>) -> Void
  ) -> Diffuser<A> where A == PersistentArray<Element> {
    listDiffuser(diff: { old, new in new.diff(from: old) }, effect)
  }

  /// A diffuser for persistent lists of `Identifiable` elements, matching elements by `id` and
  /// reporting changed ones (`!=`) as updates.
  ///
  /// - Complexity: O(*n* + *m*) expected per run, for lists of *n* and *m* elements.
  public static func intoList<Element: Identifiable & Equatable>(
    _ effect: @escaping (OrderedCollectionChangeset<PersistentArray<Element>>) -> Void
  ) -> Diffuser<A> where A == PersistentArray<Element> {
    listDiffuser(diff: { old, new in new.diff(from: old) }, effect)
  }

  /// A diffuser for persistent lists of `Identifiable` and `Hashable` elements, matching elements
  /// by `id` and reporting changed ones as updates (the `Identifiable` reading wins).
  ///
  /// - Complexity: O(*n* + *m*) expected per run, for lists of *n* and *m* elements.
  public static func intoList<Element: Identifiable & Hashable>(
    _ effect: @escaping (OrderedCollectionChangeset<PersistentArray<Element>>) -> Void
  ) -> Diffuser<A> where A == PersistentArray<Element> {
    listDiffuser(diff: { old, new in new.diff(from: old) }, effect)
  }
}
