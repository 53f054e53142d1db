// Changesets made by diffing two collections, one initializer per kind of element (the most
// specific wins: `Diffable`, then `Identifiable`, then `Hashable`).

extension OrderedCollectionChangeset where Collection.Element: Hashable {
  /// A changeset from `old` to `new` whose diff is computed by diffing the two collections.
  ///
  /// Elements are their own identity (no updates). The diff is in batch-update form (see
  /// `diff(from:algorithm:)`); the patch is derived from it
  /// on first use.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change (the changeset's ``collection``).
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init(
    from old: some Swift.Collection<Collection.Element>, to new: Collection, algorithm: DiffAlgorithm = .heckel
  ) {
    self.init(
      collection: new,
      diff: _hashableDiffParts(from: old, to: new, algorithm: algorithm, collectsDuplicates: false)
        .orderedCollectionDiff)
  }
}

extension OrderedCollectionChangeset where Collection.Element: Identifiable & Equatable {
  /// A changeset from `old` to `new` whose diff is computed by diffing the two collections.
  ///
  /// Elements are matched by `id` and updated when `!=`. The diff is in batch-update form (see
  /// `diff(from:algorithm:)`); the patch is derived from it
  /// on first use.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change (the changeset's ``collection``).
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init(
    from old: some Swift.Collection<Collection.Element>, to new: Collection, algorithm: DiffAlgorithm = .heckel
  ) {
    self.init(
      collection: new,
      diff: _identifiableDiffParts(from: old, to: new, algorithm: algorithm, collectsDuplicates: false)
        .orderedCollectionDiff)
  }
}

extension OrderedCollectionChangeset where Collection.Element: Identifiable & Hashable {
  /// A changeset from `old` to `new` whose diff is computed by diffing the two collections.
  ///
  /// Elements are matched by `id` and updated when `!=`. The diff is in batch-update form (see
  /// `diff(from:algorithm:)`); the patch is derived from it
  /// on first use.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change (the changeset's ``collection``).
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init(
    from old: some Swift.Collection<Collection.Element>, to new: Collection, algorithm: DiffAlgorithm = .heckel
  ) {
    self.init(
      collection: new,
      diff: _identifiableDiffParts(from: old, to: new, algorithm: algorithm, collectsDuplicates: false)
        .orderedCollectionDiff)
  }
}

extension OrderedCollectionChangeset where Collection.Element: Diffable {
  /// A changeset from `old` to `new` whose diff is computed by diffing the two collections.
  ///
  /// Elements are matched by `diffIdentifier` and updated when not `isDiffableItemEqual(to:)`. The diff is in batch-update form (see
  /// `diff(from:algorithm:)`); the patch is derived from it
  /// on first use.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change (the changeset's ``collection``).
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init(
    from old: some Swift.Collection<Collection.Element>, to new: Collection, algorithm: DiffAlgorithm = .heckel
  ) {
    self.init(
      collection: new,
      diff: _diffableDiffParts(from: old, to: new, algorithm: algorithm, collectsDuplicates: false)
        .orderedCollectionDiff)
  }
}

extension OrderedCollectionChangeset where Collection.Element: Diffable & Hashable {
  /// A changeset from `old` to `new` whose diff is computed by diffing the two collections.
  ///
  /// `Diffable` decides: matched by `diffIdentifier`. The diff is in batch-update form (see
  /// `diff(from:algorithm:)`); the patch is derived from it
  /// on first use.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change (the changeset's ``collection``).
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init(
    from old: some Swift.Collection<Collection.Element>, to new: Collection, algorithm: DiffAlgorithm = .heckel
  ) {
    self.init(
      collection: new,
      diff: _diffableDiffParts(from: old, to: new, algorithm: algorithm, collectsDuplicates: false)
        .orderedCollectionDiff)
  }
}

extension OrderedCollectionChangeset where Collection.Element: Diffable & Identifiable & Equatable {
  /// A changeset from `old` to `new` whose diff is computed by diffing the two collections.
  ///
  /// `Diffable` decides: matched by `diffIdentifier`. The diff is in batch-update form (see
  /// `diff(from:algorithm:)`); the patch is derived from it
  /// on first use.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change (the changeset's ``collection``).
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init(
    from old: some Swift.Collection<Collection.Element>, to new: Collection, algorithm: DiffAlgorithm = .heckel
  ) {
    self.init(
      collection: new,
      diff: _diffableDiffParts(from: old, to: new, algorithm: algorithm, collectsDuplicates: false)
        .orderedCollectionDiff)
  }
}

extension OrderedCollectionChangeset where Collection.Element: Diffable & Identifiable & Hashable {
  /// A changeset from `old` to `new` whose diff is computed by diffing the two collections.
  ///
  /// `Diffable` decides: matched by `diffIdentifier`. The diff is in batch-update form (see
  /// `diff(from:algorithm:)`); the patch is derived from it
  /// on first use.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change (the changeset's ``collection``).
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init(
    from old: some Swift.Collection<Collection.Element>, to new: Collection, algorithm: DiffAlgorithm = .heckel
  ) {
    self.init(
      collection: new,
      diff: _diffableDiffParts(from: old, to: new, algorithm: algorithm, collectsDuplicates: false)
        .orderedCollectionDiff)
  }
}

extension OrderedCollectionChangeset {
  /// A changeset from `old` to `new` whose diff matches elements by `identifier` and reports
  /// matched elements that are not `isEqual` as updates.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - new: The collection after the change (the changeset's ``collection``).
  ///   - identifier: The identity of an element; equal identities are the same element.
  ///   - isEqual: Whether two elements with equal identities also have equal content.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public init<ID: Hashable>(
    from old: some Swift.Collection<Collection.Element>,
    to new: Collection,
    identifiedBy identifier: (Collection.Element) -> ID,
    isEqual: (Collection.Element, Collection.Element) -> Bool,
    algorithm: DiffAlgorithm = .heckel
  ) {
    let diff = _closureDiffParts(
      from: old,
      to: new,
      algorithm: algorithm,
      identifiedBy: identifier,
      isEqual: isEqual,
      collectsDuplicates: false
    ).orderedCollectionDiff
    self.init(collection: new, diff: diff)
  }
}
