// Turns a matching into batch-update arrays: deletes, updates and move sources by ascending old
// offset, inserts ascending. Each array is allocated once at its final size when it is known.

/// The parts of a diff in batch-update form, shared by every public result type.
@usableFromInline
internal struct _DiffParts {
  @usableFromInline
  internal var inserts: [Int] = []

  @usableFromInline
  internal var deletes: [Int] = []

  /// Old offsets of updated elements, ascending.
  @usableFromInline
  internal var updates: [Int] = []

  /// New offsets of the updated elements, in the order of `updates`.
  @usableFromInline
  internal var updateTargets: [Int] = []

  @usableFromInline
  internal var moves: [(from: Int, to: Int)] = []

  /// Groups of new offsets sharing an identifier (only filled when asked for).
  @usableFromInline
  internal var duplicates: [[Int]] = []

  @inlinable
  internal init() {}

  @inlinable
  internal var orderedCollectionDiff: OrderedCollectionDiff<Int> {
    OrderedCollectionDiff(inserts: inserts, deletes: deletes, updates: updates, moves: moves)
  }

  @inlinable
  internal var indexChangeset: IndexChangeset {
    IndexChangeset(
      inserts: inserts,
      deletes: deletes,
      updates: zip(updates, updateTargets).map { (old: $0, new: $1) },
      moves: moves.map { (old: $0.from, new: $0.to) },
      duplicates: duplicates
    )
  }
}

/// Builds the diff parts of a matching.
///
/// - Parameters:
///   - marksMoves: Whether `newMatch` distinguishes kept elements (`-2`) from moved ones
///     (`>= 0`); when `false` every matched element keeps its place.
///   - moveCount: The number of moved elements when `marksMoves` is `true`.
///   - elements: The diffed collections, compared for updates when they check equality.
@inlinable
internal func _assembleDiffParts<Elements: _DiffElements>(
  _ matching: _Matching,
  marksMoves: Bool,
  moveCount: Int,
  elements: Elements
) -> _DiffParts {
  var parts = _collectStructuralChanges(matching, marksMoves: marksMoves, moveCount: moveCount)
  if elements.checksEquality {
    matching.oldMatch.withUnsafeBufferPointer { oldMatch in
      for i in oldMatch.indices {
        let match = oldMatch[i]
        if match < 0 {
          let j = Int(~match)
          if !elements.isEqual(old: i, new: j) {
            parts.updates.append(i)
            parts.updateTargets.append(j)
          }
        }
      }
    }
  }
  return parts
}

/// Inserts, deletes and moves of a matching (everything but updates).
@usableFromInline
internal func _collectStructuralChanges(_ matching: _Matching, marksMoves: Bool, moveCount: Int) -> _DiffParts {
  var parts = _DiffParts()
  let n = matching.oldMatch.count
  let m = matching.newMatch.count
  let matched = matching.matchedCount
  matching.newMatch.withUnsafeBufferPointer { newMatch in
    parts.inserts = [Int](unsafeUninitializedCapacity: _ownedCapacity(m &- matched)) { inserts, initialized in
      var count = 0
      for j in 0..<m where newMatch[j] == -1 {
        inserts[count] = j
        count &+= 1
      }
      initialized = count
    }
    matching.oldMatch.withUnsafeBufferPointer { oldMatch in
      parts.deletes = [Int](unsafeUninitializedCapacity: _ownedCapacity(n &- matched)) { deletes, initialized in
        var count = 0
        for i in 0..<n where oldMatch[i] >= 0 {
          deletes[count] = i
          count &+= 1
        }
        initialized = count
      }
      guard marksMoves && moveCount > 0 else { return }
      parts.moves = [(from: Int, to: Int)](unsafeUninitializedCapacity: _ownedCapacity(moveCount)) {
        moves, initialized in
        var count = 0
        for i in 0..<n {
          let match = oldMatch[i]
          if match < 0 && newMatch[Int(~match)] >= 0 {
            moves[count] = (from: i, to: Int(~match))
            count &+= 1
          }
        }
        initialized = count
      }
    }
  }
  return parts
}
