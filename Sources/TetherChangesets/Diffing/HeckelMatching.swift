import TetherSynchronization

// Paul Heckel's matching ("A technique for isolating differences between files", CACM 1978),
// generalised to duplicate identifiers: the k-th occurrence of an identifier in the old
// collection is paired with its k-th occurrence in the new one. Two passes, one hash per element.

/// Which old element each new element is matched with, and the reverse, as flat `Int32` arrays.
///
/// - `oldMatch[i]` is `~j` (negative) when old element `i` is matched with new element `j`, and
///   non-negative when it is unmatched (deleted).
/// - `newMatch[j]` is the matched old offset (`>= 0`), `-1` when new element `j` is unmatched
///   (inserted), and `-2` once ``_markKeptElements`` or Myers has marked it as keeping its place.
@usableFromInline
internal struct _Matching {
  @usableFromInline
  internal var oldMatch: [Int32]

  @usableFromInline
  internal var newMatch: [Int32]

  @usableFromInline
  internal var matchedCount: Int

  /// Whether matched elements already appear in the same relative order on both sides.
  @usableFromInline
  internal var keepsOrder: Bool

  @usableFromInline
  internal var oldHasDuplicates: Bool

  @usableFromInline
  internal var newHasDuplicates: Bool

  @inlinable
  internal init(
    oldMatch: [Int32],
    newMatch: [Int32],
    matchedCount: Int,
    keepsOrder: Bool,
    oldHasDuplicates: Bool,
    newHasDuplicates: Bool
  ) {
    self.oldMatch = oldMatch
    self.newMatch = newMatch
    self.matchedCount = matchedCount
    self.keepsOrder = keepsOrder
    self.oldHasDuplicates = oldHasDuplicates
    self.newHasDuplicates = newHasDuplicates
  }
}

/// The largest number of elements on one side of a diff (the engine indexes with `Int32`).
@usableFromInline
internal let _maximumDiffCount = 0x3FFF_FFFF

@inlinable
internal func _checkDiffCounts(_ oldCount: Int, _ newCount: Int) {
  tetherPrecondition(
    oldCount <= _maximumDiffCount && newCount <= _maximumDiffCount,
    "Cannot diff collections of \(oldCount) and \(newCount) elements: at most \(_maximumDiffCount) per side"
  )
}

/// How many identifiers are hashed ahead of their table lookups. Hashing a block first leaves
/// the lookup loop so short that the processor overlaps the cache misses of several lookups (the
/// table is far larger than the cache for big collections), which makes large diffs 2-4x faster.
@usableFromInline
internal let _hashBlockSize = 128

/// Matches old and new elements by identifier in O(n + m) expected time.
@inlinable
internal func _heckelMatching<Elements: _DiffElements>(_ elements: Elements) -> _Matching {
  let n = elements.oldCount
  let m = elements.newCount
  _checkDiffCounts(n, m)
  var table = _IdentityTable(minimumCapacity: Swift.max(n, m))
  let tags = UnsafeMutablePointer<UInt64>.allocate(capacity: _hashBlockSize)
  defer {
    table.deallocate()
    tags.deallocate()
  }
  // Slot values: an old offset `i >= 0` is the first old occurrence not yet matched (the rest
  // follow through `oldMatch`, which holds the chain until matching overwrites it); `~i` means
  // all old occurrences are matched (old element `i` carries the identifier); `~(n + j)` means
  // the identifier occurs only in the new collection, first at `j`.
  let endOfChain = Int32.max
  var oldHasDuplicates = false
  var newHasDuplicates = false
  var matchedCount = 0
  var keepsOrder = true
  var newMatch: [Int32] = []
  let oldMatch = [Int32](unsafeUninitializedCapacity: _ownedCapacity(n)) { oldMatch, oldInitialized in
    // Newest first, so that each identifier's chain lists its old offsets in ascending order.
    var blockEnd = n
    while blockEnd > 0 {
      let blockStart = Swift.max(0, blockEnd &- _hashBlockSize)
      for i in blockStart..<blockEnd {
        tags[i &- blockStart] = _IdentityTable.tagBits(for: elements.oldID(i), seed: table.seed)
      }
      table.touch(tags, count: blockEnd &- blockStart)
      var i = blockEnd &- 1
      while i >= blockStart {
        let tagBits = tags[i &- blockStart]
        let (slot, found) = table.find(tagBits) { elements.oldID(Int($0)) == elements.oldID(i) }
        if found {
          oldMatch[i] = table.value(at: slot)
          oldHasDuplicates = true
        } else {
          oldMatch[i] = endOfChain
          table.count &+= 1
        }
        table.store(tagBits, Int32(truncatingIfNeeded: i), at: slot)
        i &-= 1
      }
      blockEnd = blockStart
    }
    oldInitialized = n

    newMatch = [Int32](unsafeUninitializedCapacity: _ownedCapacity(m)) { newMatch, newInitialized in
      var previousOld: Int32 = -1
      var blockStart = 0
      while blockStart < m {
        let blockEnd = Swift.min(m, blockStart &+ _hashBlockSize)
        for j in blockStart..<blockEnd {
          tags[j &- blockStart] = _IdentityTable.tagBits(for: elements.newID(j), seed: table.seed)
        }
        table.touch(tags, count: blockEnd &- blockStart)
        for j in blockStart..<blockEnd {
          let tagBits = tags[j &- blockStart]
          var (slot, found) = table.find(tagBits) { value in
            let element = Int(value >= 0 ? value : ~value)
            return element < n
              ? elements.oldID(element) == elements.newID(j) : elements.newID(element &- n) == elements.newID(j)
          }
          guard found else {
            newMatch[j] = -1
            if table.count >= table.growthLimit {
              table.grow()
              slot = table.findEmpty(tagBits)
            }
            table.store(tagBits, ~Int32(truncatingIfNeeded: n &+ j), at: slot)
            table.count &+= 1
            continue
          }
          let head = table.value(at: slot)
          guard head >= 0 else {
            // Every old copy is taken (or there was none): an extra copy in the new collection.
            newMatch[j] = -1
            newHasDuplicates = true
            continue
          }
          let next = oldMatch[Int(head)]
          oldMatch[Int(head)] = ~Int32(truncatingIfNeeded: j)
          newMatch[j] = head
          table.store(tagBits, next == endOfChain ? ~head : next, at: slot)
          matchedCount &+= 1
          if head < previousOld { keepsOrder = false }
          previousOld = head
        }
        blockStart = blockEnd
      }
      newInitialized = m
    }
  }
  table.publishTouches()
  return _Matching(
    oldMatch: oldMatch,
    newMatch: newMatch,
    matchedCount: matchedCount,
    keepsOrder: keepsOrder,
    oldHasDuplicates: oldHasDuplicates,
    newHasDuplicates: newHasDuplicates
  )
}
