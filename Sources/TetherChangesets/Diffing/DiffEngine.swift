// The one entry point every public diffing API goes through, whatever the element kind.

/// Diffs two collections.
///
/// - Parameter collectsDuplicates: Whether to fill ``_DiffParts/duplicates``.
@inlinable
internal func _diffParts<Elements: _DiffElements>(
  _ elements: Elements,
  algorithm: DiffAlgorithm,
  collectsDuplicates: Bool
) -> _DiffParts {
  var matching: _Matching
  var moveCount = 0
  var marksMoves = true
  var warnsOfDuplicates = true
  switch algorithm {
  case .heckel:
    matching = _heckelMatching(elements)
    marksMoves = !matching.keepsOrder
    if marksMoves { moveCount = _markKeptElements(&matching) }
  case .myers(let inferMoves):
    (matching, moveCount) = _myersMatching(_internIdentities(elements), inferMoves: inferMoves)
    // Without move inference, Myers matches by position along the script: duplicates are fine.
    warnsOfDuplicates = inferMoves
  }
  var parts = _assembleDiffParts(matching, marksMoves: marksMoves, moveCount: moveCount, elements: elements)
  if (matching.oldHasDuplicates || matching.newHasDuplicates) && (warnsOfDuplicates || collectsDuplicates) {
    parts.duplicates = _duplicateReport(
      elements,
      oldHasDuplicates: matching.oldHasDuplicates,
      newHasDuplicates: matching.newHasDuplicates,
      warns: warnsOfDuplicates,
      collectsGroups: collectsDuplicates
    )
  }
  return parts
}

/// Groups the new offsets that share an identifier (when `collectsGroups`) and, when `warns`,
/// reports the duplicates of both sides once through ``TetherLogger``. Only runs when duplicates
/// were seen; the message is built only if the logger reads it.
@inlinable
internal func _duplicateReport<Elements: _DiffElements>(
  _ elements: Elements,
  oldHasDuplicates: Bool,
  newHasDuplicates: Bool,
  warns: Bool,
  collectsGroups: Bool
) -> [[Int]] {
  if warns {
    TetherLogger.shared.warn(
      _duplicateMessage(
        old: oldHasDuplicates ? _duplicateGroups(count: elements.oldCount, id: elements.oldID) : [],
        new: newHasDuplicates ? _duplicateGroups(count: elements.newCount, id: elements.newID) : []
      )
    )
  }
  // Only the old side may be flagged when the new copies were all matched: look at the new side.
  guard collectsGroups else { return [] }
  return _duplicateGroups(count: elements.newCount, id: elements.newID).map(\.offsets)
}

/// The identifiers occurring more than once, in order of first occurrence, with their offsets.
@inlinable
internal func _duplicateGroups<ID: Hashable>(count: Int, id: (Int) -> ID) -> [(id: ID, offsets: [Int])] {
  var offsetsByID: [ID: [Int]] = [:]
  var order: [ID] = []
  for offset in 0..<count {
    let key = id(offset)
    if offsetsByID[key] == nil { order.append(key) }
    offsetsByID[key, default: []].append(offset)
  }
  return order.compactMap { key in
    let offsets = offsetsByID[key] ?? []
    return offsets.count > 1 ? (id: key, offsets: offsets) : nil
  }
}

@inlinable
internal func _duplicateMessage<ID: Hashable>(
  old: [(id: ID, offsets: [Int])], new: [(id: ID, offsets: [Int])]
) -> String {
  var sides: [String] = []
  for (name, groups) in [("old", old), ("new", new)] where !groups.isEmpty {
    sides.append(
      "\(groups.count) in the \(name) collection (e.g. \(String(reflecting: AnyHashable(groups[0].id).base)) "
        + "at offsets \(Array(groups[0].offsets.prefix(8))))"
    )
  }
  return "Diffing collections with duplicate identifiers: \(sides.joined(separator: ", ")). "
    + "The k-th copy in the old collection is matched with the k-th copy in the new one and "
    + "extra copies are deleted or inserted; make identifiers unique for meaningful animations."
}

/// Calls `body` with the elements of `collection` in contiguous memory, copying them only when
/// the collection does not store them contiguously.
@inlinable
internal func _withContiguousElements<C: Collection, Result>(
  _ collection: C,
  _ body: (UnsafeBufferPointer<C.Element>) -> Result
) -> Result {
  if let result = collection.withContiguousStorageIfAvailable(body) { return result }
  return ContiguousArray(collection).withUnsafeBufferPointer(body)
}

/// Calls `body` with the elements of both collections in contiguous memory.
@inlinable
internal func _withContiguousElements<Old: Collection, New: Collection, Result>(
  _ old: Old,
  _ new: New,
  _ body: (UnsafeBufferPointer<Old.Element>, UnsafeBufferPointer<New.Element>) -> Result
) -> Result {
  _withContiguousElements(old) { old in
    _withContiguousElements(new) { new in body(old, new) }
  }
}
