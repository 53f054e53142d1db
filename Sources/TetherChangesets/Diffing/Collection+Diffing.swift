// Public diffing entry points for each kind of element. A type conforming to several of the
// protocols gets the most specific overload: `Diffable` wins, then `Identifiable`, then `Hashable`.

extension Collection where Element: Hashable {
  /// The changes that turn `old` into this collection, as a Tether diff in batch-update form.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, updates and move sources are offsets in `old`;
  /// inserts and move targets are offsets in `self`. Elements are their own identity: equal values are the same element, so the diff has no updates.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are reported through ``TetherLogger`` and handled as ``IndexChangeset/duplicates``
  /// describes; the diff is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func diff(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> OrderedCollectionDiff<Int>
  {
    _hashableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: false).orderedCollectionDiff
  }

  /// The changes that turn `old` into this collection, as an Epoxy `IndexChangeset`.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, update and move sources are offsets in `old`;
  /// inserts, update and move targets are offsets in `self`. Elements are their own identity: equal values are the same element, so the diff has no updates.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are listed in ``IndexChangeset/duplicates`` and reported through ``TetherLogger``;
  /// the changeset is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func makeChangeset(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> IndexChangeset {
    _hashableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: true).indexChangeset
  }
}

extension Collection where Element: Identifiable & Equatable {
  /// The changes that turn `old` into this collection, as a Tether diff in batch-update form.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, updates and move sources are offsets in `old`;
  /// inserts and move targets are offsets in `self`. Elements are matched by `id`; a matched element whose value changed (`!=`) is an update.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are reported through ``TetherLogger`` and handled as ``IndexChangeset/duplicates``
  /// describes; the diff is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func diff(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> OrderedCollectionDiff<Int>
  {
    _identifiableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: false).orderedCollectionDiff
  }

  /// The changes that turn `old` into this collection, as an Epoxy `IndexChangeset`.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, update and move sources are offsets in `old`;
  /// inserts, update and move targets are offsets in `self`. Elements are matched by `id`; a matched element whose value changed (`!=`) is an update.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are listed in ``IndexChangeset/duplicates`` and reported through ``TetherLogger``;
  /// the changeset is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func makeChangeset(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> IndexChangeset {
    _identifiableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: true).indexChangeset
  }
}

extension Collection where Element: Identifiable & Hashable {
  /// The changes that turn `old` into this collection, as a Tether diff in batch-update form.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, updates and move sources are offsets in `old`;
  /// inserts and move targets are offsets in `self`. For elements that are both `Identifiable` and `Hashable`: matched by `id`, updated when `!=`.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are reported through ``TetherLogger`` and handled as ``IndexChangeset/duplicates``
  /// describes; the diff is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func diff(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> OrderedCollectionDiff<Int>
  {
    _identifiableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: false).orderedCollectionDiff
  }

  /// The changes that turn `old` into this collection, as an Epoxy `IndexChangeset`.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, update and move sources are offsets in `old`;
  /// inserts, update and move targets are offsets in `self`. For elements that are both `Identifiable` and `Hashable`: matched by `id`, updated when `!=`.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are listed in ``IndexChangeset/duplicates`` and reported through ``TetherLogger``;
  /// the changeset is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func makeChangeset(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> IndexChangeset {
    _identifiableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: true).indexChangeset
  }
}

extension Collection where Element: Diffable {
  /// The changes that turn `old` into this collection, as a Tether diff in batch-update form.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, updates and move sources are offsets in `old`;
  /// inserts and move targets are offsets in `self`. Elements are matched by `diffIdentifier`; a matched element that is not `isDiffableItemEqual(to:)` its old self is an update.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are reported through ``TetherLogger`` and handled as ``IndexChangeset/duplicates``
  /// describes; the diff is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func diff(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> OrderedCollectionDiff<Int>
  {
    _diffableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: false).orderedCollectionDiff
  }

  /// The changes that turn `old` into this collection, as an Epoxy `IndexChangeset`.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, update and move sources are offsets in `old`;
  /// inserts, update and move targets are offsets in `self`. Elements are matched by `diffIdentifier`; a matched element that is not `isDiffableItemEqual(to:)` its old self is an update.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are listed in ``IndexChangeset/duplicates`` and reported through ``TetherLogger``;
  /// the changeset is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func makeChangeset(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> IndexChangeset {
    _diffableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: true).indexChangeset
  }
}

extension Collection where Element: Diffable & Hashable {
  /// The changes that turn `old` into this collection, as a Tether diff in batch-update form.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, updates and move sources are offsets in `old`;
  /// inserts and move targets are offsets in `self`. For `Diffable` elements that are also `Hashable`: `Diffable` decides (matched by `diffIdentifier`).
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are reported through ``TetherLogger`` and handled as ``IndexChangeset/duplicates``
  /// describes; the diff is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func diff(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> OrderedCollectionDiff<Int>
  {
    _diffableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: false).orderedCollectionDiff
  }

  /// The changes that turn `old` into this collection, as an Epoxy `IndexChangeset`.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, update and move sources are offsets in `old`;
  /// inserts, update and move targets are offsets in `self`. For `Diffable` elements that are also `Hashable`: `Diffable` decides (matched by `diffIdentifier`).
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are listed in ``IndexChangeset/duplicates`` and reported through ``TetherLogger``;
  /// the changeset is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func makeChangeset(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> IndexChangeset {
    _diffableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: true).indexChangeset
  }
}

extension Collection where Element: Diffable & Identifiable & Equatable {
  /// The changes that turn `old` into this collection, as a Tether diff in batch-update form.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, updates and move sources are offsets in `old`;
  /// inserts and move targets are offsets in `self`. For `Diffable` elements that are also `Identifiable`: `Diffable` decides (matched by `diffIdentifier`).
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are reported through ``TetherLogger`` and handled as ``IndexChangeset/duplicates``
  /// describes; the diff is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func diff(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> OrderedCollectionDiff<Int>
  {
    _diffableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: false).orderedCollectionDiff
  }

  /// The changes that turn `old` into this collection, as an Epoxy `IndexChangeset`.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, update and move sources are offsets in `old`;
  /// inserts, update and move targets are offsets in `self`. For `Diffable` elements that are also `Identifiable`: `Diffable` decides (matched by `diffIdentifier`).
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are listed in ``IndexChangeset/duplicates`` and reported through ``TetherLogger``;
  /// the changeset is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func makeChangeset(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> IndexChangeset {
    _diffableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: true).indexChangeset
  }
}

extension Collection where Element: Diffable & Identifiable & Hashable {
  /// The changes that turn `old` into this collection, as a Tether diff in batch-update form.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, updates and move sources are offsets in `old`;
  /// inserts and move targets are offsets in `self`. For `Diffable` elements that are also `Identifiable` and `Hashable`: `Diffable` decides.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are reported through ``TetherLogger`` and handled as ``IndexChangeset/duplicates``
  /// describes; the diff is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func diff(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> OrderedCollectionDiff<Int>
  {
    _diffableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: false).orderedCollectionDiff
  }

  /// The changes that turn `old` into this collection, as an Epoxy `IndexChangeset`.
  ///
  /// The receiver is the *new* state and the argument the *old* one, as in the standard
  /// library's `difference(from:)`: deletes, update and move sources are offsets in `old`;
  /// inserts, update and move targets are offsets in `self`. For `Diffable` elements that are also `Identifiable` and `Hashable`: `Diffable` decides.
  ///
  /// With the default ``DiffAlgorithm/heckel``, moves are minimal: elements that kept their
  /// relative order stay put and every other matched element is exactly one move. Duplicate
  /// identifiers are listed in ``IndexChangeset/duplicates`` and reported through ``TetherLogger``;
  /// the changeset is valid regardless.
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected time and memory with Heckel; O(min(n, m) · D + n + m) with Myers.
  @inlinable
  public func makeChangeset(from old: some Collection<Element>, algorithm: DiffAlgorithm = .heckel) -> IndexChangeset {
    _diffableDiffParts(from: old, to: self, algorithm: algorithm, collectsDuplicates: true).indexChangeset
  }
}
