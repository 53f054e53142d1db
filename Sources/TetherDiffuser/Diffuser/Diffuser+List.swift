import TetherChangesets

extension Diffuser {
  /// A diffuser for arrays that hands `effect` a changeset rather than the whole array, so a list
  /// view can insert, delete and move rows instead of reloading.
  ///
  /// The first run (and the first after ``reset()``) passes a reload changeset
  /// (`isReload == true`). Later runs diff the new array against the previous one with the
  /// diffing engine (Heckel, minimal moves), matching elements by `identifier` and reporting
  /// matched elements that are not `isEqual` as updates, and pass the result; an array with no
  /// difference runs nothing.
  ///
  /// ```swift
  /// func intoList(_ list: ListView) -> Diffuser<[Row]> {
  ///   .intoList(identifiedBy: \.key, isEqual: ==) { changeset in list.apply(changeset) }
  /// }
  /// ```
  ///
  /// - Complexity: O(*n* + *m*) expected per run, for arrays of *n* and *m* elements.
  public static func intoList<Element, ID: Hashable>(
    identifiedBy identifier: @escaping (Element) -> ID,
    isEqual: @escaping (Element, Element) -> Bool,
    _ effect: @escaping (OrderedCollectionChangeset<[Element]>) -> Void
  ) -> Diffuser<A> where A == [Element] {
    listDiffuser(
      diff: { old, new in new.diff(from: old, identifiedBy: identifier, isEqual: isEqual) },
      effect
    )
  }

  /// A diffuser for arrays of `Hashable` elements (each its own identity) that hands `effect` a
  /// changeset: a reload on the first run, then the diff from the previous array (inserts,
  /// deletes and moves; no updates, since equal values are the same element).
  ///
  /// ```swift
  /// .map(\Model.body, .intoList { changeset in list.apply(changeset) })
  /// ```
  ///
  /// - Complexity: O(*n* + *m*) expected per run, for arrays of *n* and *m* elements.
  public static func intoList<Element: Hashable>(
    _ effect: @escaping (OrderedCollectionChangeset<[Element]>) -> Void
  ) -> Diffuser<A> where A == [Element] {
    listDiffuser(diff: { old, new in new.diff(from: old) }, effect)
  }

  /// A diffuser for arrays of `Identifiable` elements that hands `effect` a changeset: a reload on
  /// the first run, then the diff from the previous array, matching elements by `id` and
  /// reporting changed ones (`!=`) as updates.
  ///
  /// - Complexity: O(*n* + *m*) expected per run, for arrays of *n* and *m* elements.
  public static func intoList<Element: Identifiable & Equatable>(
    _ effect: @escaping (OrderedCollectionChangeset<[Element]>) -> Void
  ) -> Diffuser<A> where A == [Element] {
    listDiffuser(diff: { old, new in new.diff(from: old) }, effect)
  }

  /// A diffuser for arrays of `Identifiable` and `Hashable` elements that hands `effect` a
  /// changeset, matching elements by `id` and reporting changed ones as updates (the
  /// `Identifiable` reading wins, as in the diffing engine).
  ///
  /// - Complexity: O(*n* + *m*) expected per run, for arrays of *n* and *m* elements.
  public static func intoList<Element: Identifiable & Hashable>(
    _ effect: @escaping (OrderedCollectionChangeset<[Element]>) -> Void
  ) -> Diffuser<A> where A == [Element] {
    listDiffuser(diff: { old, new in new.diff(from: old) }, effect)
  }

  /// The list diffuser behind every `intoList`, for arrays and persistent lists alike.
  static func listDiffuser(
    diff: @escaping (_ old: A, _ new: A) -> OrderedCollectionDiff<Int>,
    _ effect: @escaping (OrderedCollectionChangeset<A>) -> Void
  ) -> Diffuser<A> where A: Collection {
    let memory = DiffuserMemory<A>()
    return Diffuser(
      apply: { new in
        guard let old = memory.last else {
          memory.last = new
          effect(.reload(new))
          return
        }
        let difference = diff(old, new)
        guard !difference.isEmpty else { return }
        memory.last = new
        effect(OrderedCollectionChangeset(collection: new, diff: difference))
      },
      forget: { memory.last = nil }
    )
  }
}
