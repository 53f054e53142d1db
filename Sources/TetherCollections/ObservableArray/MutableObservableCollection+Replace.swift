import TetherChangesets

// `replace(with:performDiff:)` for each kind of element the diffing engine knows. A type matching
// several gets the most specific overload (Identifiable & Hashable over Hashable, for one).

extension MutableObservableCollection {
  /// Replaces the collection with `collection`, emitting the differences computed by `diff` on a
  /// snapshot outside the lock, or a reload when `performDiff` is `false`.
  @inlinable
  func replace(with collection: C, performDiff: Bool, diff: (C, C) -> OrderedCollectionDiff<Int>) {
    guard performDiff else {
      replace(with: collection)
      return
    }
    core.mutate(
      preparing: { old in diff(old, collection) },
      { current, diff in
        current = collection
        return ((), Changeset(collection: collection, diff: diff))
      }
    )
  }
}

extension MutableObservableCollection where C.Element: Hashable {
  /// Replaces the collection with `collection`, emitting the differences (elements are their own
  /// identity: inserts, deletes and minimal moves, no updates), or a reload when `performDiff`
  /// is `false`.
  ///
  /// The diff (Heckel, see `Collection.diff(from:)`) runs outside the container's lock on a
  /// snapshot; if another thread mutates the container meanwhile it is computed again.
  ///
  /// - Complexity: O(n + m) expected for n old and m new elements.
  @inlinable
  public func replace(with collection: C, performDiff: Bool) {
    replace(with: collection, performDiff: performDiff) { old, new in new.diff(from: old) }
  }
}

extension MutableObservableCollection where C.Element: Identifiable & Equatable {
  /// Replaces the collection with `collection`, emitting the differences (elements matched by `id`,
  /// an element whose value changed is an update), or a reload when `performDiff` is `false`.
  ///
  /// The diff runs outside the container's lock on a snapshot.
  ///
  /// - Complexity: O(n + m) expected for n old and m new elements.
  @inlinable
  public func replace(with collection: C, performDiff: Bool) {
    replace(with: collection, performDiff: performDiff) { old, new in new.diff(from: old) }
  }
}

extension MutableObservableCollection where C.Element: Identifiable & Hashable {
  /// Replaces the collection with `collection`, emitting the differences (elements matched by `id`,
  /// an element whose value changed is an update), or a reload when `performDiff` is `false`.
  ///
  /// The diff runs outside the container's lock on a snapshot.
  ///
  /// - Complexity: O(n + m) expected for n old and m new elements.
  @inlinable
  public func replace(with collection: C, performDiff: Bool) {
    replace(with: collection, performDiff: performDiff) { old, new in new.diff(from: old) }
  }
}

extension MutableObservableCollection where C.Element: Equatable {
  /// Replaces the collection with `collection`, emitting the differences for elements that are
  /// only `Equatable` (equal elements are the same element: inserts and deletes along a longest
  /// common subsequence, no moves, no updates), or a reload when `performDiff` is `false`.
  ///
  /// Prefer `Hashable` or `Identifiable` elements: their diff is linear and finds moves.
  ///
  /// - Complexity: O((n + m) · d) for n old and m new elements that differ in d places.
  public func replace(with collection: C, performDiff: Bool) {
    replace(with: collection, performDiff: performDiff) { old, new in equatableDiff(from: Array(old), to: Array(new)) }
  }
}

extension MutableObservableCollection {
  /// Replaces the collection with `collection`, emitting the differences with elements matched by
  /// `identifier` and compared with `isEqual` (matched elements that are not equal are updates),
  /// or a reload when `performDiff` is `false`.
  ///
  /// ```swift
  /// rows.replace(with: fresh, performDiff: true, identifiedBy: \.key, isEqual: { $0.title == $1.title })
  /// ```
  ///
  /// Both closures run outside the container's lock, on a snapshot (again if another thread
  /// mutated the container meanwhile).
  ///
  /// - Complexity: O(n + m) expected for n old and m new elements.
  @inlinable
  public func replace<ID: Hashable>(
    with collection: C,
    performDiff: Bool,
    identifiedBy identifier: (C.Element) -> ID,
    isEqual: (C.Element, C.Element) -> Bool
  ) {
    replace(with: collection, performDiff: performDiff) { old, new in
      new.diff(from: old, identifiedBy: identifier, isEqual: isEqual)
    }
  }
}
