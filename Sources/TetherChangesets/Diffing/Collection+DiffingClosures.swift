// Diffing any elements with caller-supplied identity and equality.

extension Collection {
  /// The changes that turn `old` into this collection, matching elements by `identifier` and
  /// reporting matched elements that are not `isEqual` as updates.
  ///
  /// The receiver is the *new* state and the argument the *old* one (as in `difference(from:)`):
  /// deletes, updates and move sources are offsets in `old`; inserts and move targets are offsets
  /// in `self`. Pass `isEqual: { _, _ in true }` when matched elements never change.
  ///
  /// ```swift
  /// let diff = newRows.diff(from: oldRows, identifiedBy: \.key, isEqual: { $0.title == $1.title })
  /// ```
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - identifier: The identity of an element; equal identities are the same element.
  ///   - isEqual: Whether two elements with equal identities also have equal content.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func diff<ID: Hashable>(
    from old: some Collection<Element>,
    identifiedBy identifier: (Element) -> ID,
    isEqual: (Element, Element) -> Bool,
    algorithm: DiffAlgorithm = .heckel
  ) -> OrderedCollectionDiff<Int> {
    _closureDiffParts(
      from: old,
      to: self,
      algorithm: algorithm,
      identifiedBy: identifier,
      isEqual: isEqual,
      collectsDuplicates: false
    ).orderedCollectionDiff
  }

  /// The changes that turn `old` into this collection as an Epoxy `IndexChangeset`, matching
  /// elements by `identifier` and reporting matched elements that are not `isEqual` as updates.
  ///
  /// The receiver is the *new* state and the argument the *old* one (as in `difference(from:)`).
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - identifier: The identity of an element; equal identities are the same element.
  ///   - isEqual: Whether two elements with equal identities also have equal content.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func makeChangeset<ID: Hashable>(
    from old: some Collection<Element>,
    identifiedBy identifier: (Element) -> ID,
    isEqual: (Element, Element) -> Bool,
    algorithm: DiffAlgorithm = .heckel
  ) -> IndexChangeset {
    _closureDiffParts(
      from: old,
      to: self,
      algorithm: algorithm,
      identifiedBy: identifier,
      isEqual: isEqual,
      collectsDuplicates: true
    ).indexChangeset
  }
}

extension OrderedCollectionDiff where Index == Int {
  /// The diff that turns `old` into `new`, matching elements by `identifier` and reporting
  /// matched elements that are not `isEqual` as updates.
  ///
  /// Deletes, updates and move sources are offsets in `old`; inserts and move targets are
  /// offsets in `new`.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change.
  ///   - identifier: The identity of an element; equal identities are the same element.
  ///   - isEqual: Whether two elements with equal identities also have equal content.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init<Old: Collection, ID: Hashable>(
    from old: Old,
    to new: some Collection<Old.Element>,
    identifiedBy identifier: (Old.Element) -> ID,
    isEqual: (Old.Element, Old.Element) -> Bool,
    algorithm: DiffAlgorithm = .heckel
  ) {
    self =
      _closureDiffParts(
        from: old,
        to: new,
        algorithm: algorithm,
        identifiedBy: identifier,
        isEqual: isEqual,
        collectsDuplicates: false
      ).orderedCollectionDiff
  }
}
