// How each kind of element becomes a `_DiffElements` source. Every public entry point funnels
// into one of these four.

@inlinable
internal func _identifiableDiffParts<Old: Collection, New: Collection>(
  from old: Old,
  to new: New,
  algorithm: DiffAlgorithm,
  collectsDuplicates: Bool
) -> _DiffParts where Old.Element: Identifiable & Equatable, New.Element == Old.Element {
  _withContiguousElements(old, new) { old, new in
    _diffParts(_IdentifiableElements(old: old, new: new), algorithm: algorithm, collectsDuplicates: collectsDuplicates)
  }
}

@inlinable
internal func _hashableDiffParts<Old: Collection, New: Collection>(
  from old: Old,
  to new: New,
  algorithm: DiffAlgorithm,
  collectsDuplicates: Bool
) -> _DiffParts where Old.Element: Hashable, New.Element == Old.Element {
  _withContiguousElements(old, new) { old, new in
    _diffParts(_HashableElements(old: old, new: new), algorithm: algorithm, collectsDuplicates: collectsDuplicates)
  }
}

/// Epoxy's `diffIdentifier` (computed once per element, unwrapped when all identifiers have one
/// concrete type) and `isDiffableItemEqual(to:)`.
@inlinable
internal func _diffableDiffParts<Old: Collection, New: Collection>(
  from old: Old,
  to new: New,
  algorithm: DiffAlgorithm,
  collectsDuplicates: Bool
) -> _DiffParts where Old.Element: Diffable, New.Element: Diffable {
  _withContiguousElements(old, new) { old, new in
    _withDiffableIdentifiers(
      old: old,
      new: new,
      _DiffableDiffBody(old: old, new: new, algorithm: algorithm, collectsDuplicates: collectsDuplicates)
    )
  }
}

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
    withoutActuallyEscaping(identifier) { identifier in
      withoutActuallyEscaping(isEqual) { isEqual in
        _diffParts(
          _ClosureElements(old: old, new: new, identifier: identifier, equal: isEqual),
          algorithm: algorithm,
          collectsDuplicates: collectsDuplicates
        )
      }
    }
  }
}
