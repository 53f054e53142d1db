// How each kind of element is identified and compared, as closures over offsets for the engine.
// Every public entry point funnels into one of these four.

/// Identity by `id`, content by `==`.
@inlinable
internal func _identifiableDiffParts<Old: Collection, New: Collection>(
  from old: Old,
  to new: New,
  algorithm: DiffAlgorithm,
  collectsDuplicates: Bool
) -> _DiffParts where Old.Element: Identifiable & Equatable, New.Element == Old.Element {
  _withContiguousElements(old, new) { old, new in
    _diffParts(
      oldCount: old.count,
      newCount: new.count,
      algorithm: algorithm,
      oldID: { old[$0].id },
      newID: { new[$0].id },
      checksEquality: true,
      isEqual: { old[$0] == new[$1] },
      collectsDuplicates: collectsDuplicates
    )
  }
}

/// The value is its own identity: no updates.
@inlinable
internal func _hashableDiffParts<Old: Collection, New: Collection>(
  from old: Old,
  to new: New,
  algorithm: DiffAlgorithm,
  collectsDuplicates: Bool
) -> _DiffParts where Old.Element: Hashable, New.Element == Old.Element {
  _withContiguousElements(old, new) { old, new in
    _diffParts(
      oldCount: old.count,
      newCount: new.count,
      algorithm: algorithm,
      oldID: { old[$0] },
      newID: { new[$0] },
      checksEquality: false,
      isEqual: { _, _ in true },
      collectsDuplicates: collectsDuplicates
    )
  }
}

/// Epoxy's `diffIdentifier` (computed once per element) and `isDiffableItemEqual(to:)`.
@inlinable
internal func _diffableDiffParts<Old: Collection, New: Collection>(
  from old: Old,
  to new: New,
  algorithm: DiffAlgorithm,
  collectsDuplicates: Bool
) -> _DiffParts where Old.Element: Diffable, New.Element: Diffable {
  _withContiguousElements(old, new) { old, new in
    let oldIDs = old.map(\.diffIdentifier)
    let newIDs = new.map(\.diffIdentifier)
    return _diffParts(
      oldCount: old.count,
      newCount: new.count,
      algorithm: algorithm,
      oldID: { oldIDs[$0] },
      newID: { newIDs[$0] },
      checksEquality: true,
      isEqual: { old[$0].isDiffableItemEqual(to: new[$1]) },
      collectsDuplicates: collectsDuplicates
    )
  }
}

/// Caller-supplied identity and equality.
@inlinable
internal func _closureDiffParts<Old: Collection, New: Collection, ID: Hashable>(
  from old: Old,
  to new: New,
  algorithm: DiffAlgorithm,
  identifiedBy identifier: (Old.Element) -> ID,
  isEqual: (Old.Element, Old.Element) -> Bool,
  collectsDuplicates: Bool
) -> _DiffParts where New.Element == Old.Element {
  _withContiguousElements(old, new) { old, new in
    _diffParts(
      oldCount: old.count,
      newCount: new.count,
      algorithm: algorithm,
      oldID: { identifier(old[$0]) },
      newID: { identifier(new[$0]) },
      checksEquality: true,
      isEqual: { isEqual(old[$0], new[$1]) },
      collectsDuplicates: collectsDuplicates
    )
  }
}
