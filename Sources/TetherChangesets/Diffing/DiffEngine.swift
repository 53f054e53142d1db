// The one entry point every public diffing API goes through, whatever the element kind.

/// Diffs two collections given by their counts and per-offset identifier and equality functions.
///
/// - Parameters:
///   - oldID: The identifier of the old element at an offset.
///   - newID: The identifier of the new element at an offset.
///   - checksEquality: Whether matched elements can differ in content (`false` when the
///     identifier is the whole value).
///   - isEqual: Whether old element `i` and new element `j`, matched by identifier, are equal.
///   - collectsDuplicates: Whether to fill ``_DiffParts/duplicates``.
@inlinable
internal func _diffParts<ID: Hashable>(
  oldCount: Int,
  newCount: Int,
  algorithm: DiffAlgorithm,
  oldID: (Int) -> ID,
  newID: (Int) -> ID,
  checksEquality: Bool,
  isEqual: (_ old: Int, _ new: Int) -> Bool,
  collectsDuplicates: Bool
) -> _DiffParts {
  var matching: _Matching
  var moveCount = 0
  var marksMoves = true
  var warnsOfDuplicates = true
  switch algorithm {
  case .heckel:
    matching = _heckelMatching(oldCount: oldCount, newCount: newCount, oldID: oldID, newID: newID)
    marksMoves = !matching.keepsOrder
    if marksMoves { moveCount = _markKeptElements(&matching) }
  case .myers(let inferMoves):
    let identities = _internIdentities(oldCount: oldCount, newCount: newCount, oldID: oldID, newID: newID)
    (matching, moveCount) = _myersMatching(identities, inferMoves: inferMoves)
    // Without move inference, Myers matches by position along the script: duplicates are fine.
    warnsOfDuplicates = inferMoves
  }
  var parts = _assembleDiffParts(
    matching,
    marksMoves: marksMoves,
    moveCount: moveCount,
    checksEquality: checksEquality,
    isEqual: isEqual
  )
  if (matching.oldHasDuplicates || matching.newHasDuplicates) && (warnsOfDuplicates || collectsDuplicates) {
    let groups = _duplicateReport(
      oldCount: oldCount,
      newCount: newCount,
      oldID: oldID,
      newID: newID,
      oldHasDuplicates: matching.oldHasDuplicates,
      newHasDuplicates: matching.newHasDuplicates,
      warns: warnsOfDuplicates,
      collectsGroups: collectsDuplicates
    )
    if collectsDuplicates { parts.duplicates = groups }
  }
  return parts
}

/// Groups the new offsets that share an identifier (when `collectsGroups`) and, when `warns`,
/// reports the duplicates of both sides once through ``TetherLogger``. Only runs when duplicates
/// were seen; the message is built only if the logger reads it.
@inlinable
internal func _duplicateReport<ID: Hashable>(
  oldCount: Int,
  newCount: Int,
  oldID: (Int) -> ID,
  newID: (Int) -> ID,
  oldHasDuplicates: Bool,
  newHasDuplicates: Bool,
  warns: Bool,
  collectsGroups: Bool
) -> [[Int]] {
  if warns {
    TetherLogger.shared.warn(
      _duplicateMessage(
        old: oldHasDuplicates ? _duplicateGroups(count: oldCount, id: oldID) : [],
        new: newHasDuplicates ? _duplicateGroups(count: newCount, id: newID) : []
      )
    )
  }
  guard collectsGroups && newHasDuplicates else { return [] }
  return _duplicateGroups(count: newCount, id: newID).map(\.offsets)
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
internal func _duplicateMessage<ID>(old: [(id: ID, offsets: [Int])], new: [(id: ID, offsets: [Int])]) -> String {
  var sides: [String] = []
  for (name, groups) in [("old", old), ("new", new)] where !groups.isEmpty {
    sides.append(
      "\(groups.count) in the \(name) collection (e.g. \(String(reflecting: groups[0].id)) "
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
