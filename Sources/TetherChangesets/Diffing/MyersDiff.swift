import TetherSynchronization

// Eugene Myers, "An O(ND) Difference Algorithm and Its Variations" (Algorithmica 1986), with the
// linear-space bisection of section 4b, O(n + m) memory. Each round of the search visits only the
// diagonals a path with that many edits can reach inside the grid, so a round costs
// O(min(n, m)) rather than O(D) and the whole search O(min(n, m) · D + n + m) time: the paper's
// O((n + m) · D) turns quadratic in the longer side when the other is short (10 elements against
// 20,000 took 133 million steps). Identifiers are first interned to `Int32` codes so the inner
// loops compare integers.

/// Each element's identifier as a small integer: equal identifiers have equal codes.
@usableFromInline
internal struct _InternedIdentities {
  @usableFromInline
  internal var old: [Int32]

  @usableFromInline
  internal var new: [Int32]

  /// Codes are in `0..<codeLimit`.
  @usableFromInline
  internal var codeLimit: Int

  @usableFromInline
  internal var oldHasDuplicates: Bool

  @usableFromInline
  internal var newHasDuplicates: Bool

  @inlinable
  internal init(old: [Int32], new: [Int32], codeLimit: Int, oldHasDuplicates: Bool, newHasDuplicates: Bool) {
    self.old = old
    self.new = new
    self.codeLimit = codeLimit
    self.oldHasDuplicates = oldHasDuplicates
    self.newHasDuplicates = newHasDuplicates
  }
}

/// Interns the identifiers of both collections: an identifier's code is its slot in a table
/// sized so that it never grows (so slots stay put).
@inlinable
internal func _internIdentities<Elements: _DiffElements>(_ elements: Elements) -> _InternedIdentities {
  let n = elements.oldCount
  let m = elements.newCount
  _checkDiffCounts(n, m)
  let table = _IdentityTable(minimumCapacity: n &+ m)
  defer { table.deallocate() }
  // Slot values: `i < n`, an old element carrying the identifier; `n + j`, the identifier's first
  // occurrence in the new collection (so a second new occurrence is a duplicate).
  var oldHasDuplicates = false
  var newHasDuplicates = false
  let oldCodes = [Int32](unsafeUninitializedCapacity: _ownedCapacity(n)) { codes, initialized in
    for i in 0..<n {
      let id = elements.oldID(i)
      let tagBits = _IdentityTable.tagBits(for: id, seed: table.seed)
      let (slot, found) = table.find(tagBits) { elements.oldID(Int($0)) == id }
      if found {
        oldHasDuplicates = true
      } else {
        table.store(tagBits, Int32(truncatingIfNeeded: i), at: slot)
      }
      codes[i] = Int32(truncatingIfNeeded: slot)
    }
    initialized = n
  }
  let newCodes = [Int32](unsafeUninitializedCapacity: _ownedCapacity(m)) { codes, initialized in
    for j in 0..<m {
      let id = elements.newID(j)
      let tagBits = _IdentityTable.tagBits(for: id, seed: table.seed)
      let (slot, found) = table.find(tagBits) { value in
        let element = Int(value)
        return element < n ? elements.oldID(element) == id : elements.newID(element &- n) == id
      }
      if found && Int(table.value(at: slot)) >= n {
        newHasDuplicates = true
      } else {
        table.store(tagBits, Int32(truncatingIfNeeded: n &+ j), at: slot)
      }
      codes[j] = Int32(truncatingIfNeeded: slot)
    }
    initialized = m
  }
  return _InternedIdentities(
    old: oldCodes,
    new: newCodes,
    codeLimit: table.mask &+ 1,
    oldHasDuplicates: oldHasDuplicates,
    newHasDuplicates: newHasDuplicates
  )
}

/// Matches elements along a shortest edit script (a longest common subsequence of the codes),
/// marking every matched new element as kept (`-2`), then optionally pairs deleted and inserted
/// copies of the same identifier into moves. Returns the matching and the number of moves.
@usableFromInline
internal func _myersMatching(_ identities: _InternedIdentities, inferMoves: Bool) -> (_Matching, moveCount: Int) {
  let result = _myersMatchingCountingWork(identities, inferMoves: inferMoves)
  return (result.matching, result.moveCount)
}

/// `_myersMatching(_:inferMoves:)`, also returning how many furthest-reaching points the
/// search computed (one per diagonal per round and direction): its work, which tests bound.
internal func _myersMatchingCountingWork(
  _ identities: _InternedIdentities,
  inferMoves: Bool
) -> (matching: _Matching, moveCount: Int, searchedDiagonals: Int) {
  let n = identities.old.count
  let m = identities.new.count
  var oldMatch = [Int32](repeating: 0, count: n)
  var newMatch = [Int32](repeating: -1, count: m)
  var matchedCount = 0
  var moveCount = 0
  var searchedDiagonals = 0
  identities.old.withUnsafeBufferPointer { a in
    identities.new.withUnsafeBufferPointer { b in
      oldMatch.withUnsafeMutableBufferPointer { oldMatch in
        newMatch.withUnsafeMutableBufferPointer { newMatch in
          let maxD = (n &+ m &+ 1) / 2
          let forward = UnsafeMutablePointer<Int>.allocate(capacity: 2 &* maxD &+ 1)
          let backward = UnsafeMutablePointer<Int>.allocate(capacity: 2 &* maxD &+ 1)
          defer {
            forward.deallocate()
            backward.deallocate()
          }
          var solver = _MyersSolver(
            a: a,
            b: b,
            oldMatch: oldMatch,
            newMatch: newMatch,
            forward: forward + maxD,
            backward: backward + maxD
          )
          solver.solve(0, n, 0, m)
          matchedCount = solver.matchedCount
          searchedDiagonals = solver.searchedDiagonals
          if inferMoves && matchedCount < Swift.min(n, m) {
            moveCount = _pairDeletedAndInserted(a, b, identities.codeLimit, oldMatch, newMatch)
            matchedCount &+= moveCount
          }
        }
      }
    }
  }
  let matching = _Matching(
    oldMatch: oldMatch,
    newMatch: newMatch,
    matchedCount: matchedCount,
    keepsOrder: moveCount == 0,
    oldHasDuplicates: identities.oldHasDuplicates,
    newHasDuplicates: identities.newHasDuplicates
  )
  return (matching, moveCount, searchedDiagonals)
}

/// Pairs the k-th unmatched old copy of each code with its k-th unmatched new copy.
private func _pairDeletedAndInserted(
  _ a: UnsafeBufferPointer<Int32>,
  _ b: UnsafeBufferPointer<Int32>,
  _ codeLimit: Int,
  _ oldMatch: UnsafeMutableBufferPointer<Int32>,
  _ newMatch: UnsafeMutableBufferPointer<Int32>
) -> Int {
  // Unmatched old elements of each code are chained through `oldMatch` (non-negative, so they
  // still read as unmatched), ascending.
  let endOfChain = Int32.max
  let head = UnsafeMutablePointer<Int32>.allocate(capacity: codeLimit)
  defer { head.deallocate() }
  head.initialize(repeating: endOfChain, count: codeLimit)
  var i = a.count &- 1
  while i >= 0 {
    if oldMatch[i] >= 0 {
      let code = Int(a[i])
      oldMatch[i] = head[code]
      head[code] = Int32(truncatingIfNeeded: i)
    }
    i &-= 1
  }
  var pairs = 0
  for j in b.indices where newMatch[j] == -1 {
    let code = Int(b[j])
    let first = head[code]
    if first != endOfChain {
      head[code] = oldMatch[Int(first)]
      oldMatch[Int(first)] = ~Int32(truncatingIfNeeded: j)
      newMatch[j] = first
      pairs &+= 1
    }
  }
  return pairs
}

/// The divide-and-conquer search of section 4b. `forward` and `backward` point at diagonal 0 of
/// arrays that cover diagonals `-D...D` for the largest `D` of the problem.
private struct _MyersSolver {
  let a: UnsafeBufferPointer<Int32>
  let b: UnsafeBufferPointer<Int32>
  let oldMatch: UnsafeMutableBufferPointer<Int32>
  let newMatch: UnsafeMutableBufferPointer<Int32>
  let forward: UnsafeMutablePointer<Int>
  let backward: UnsafeMutablePointer<Int>
  var matchedCount = 0
  /// Furthest-reaching points computed so far, over every split.
  var searchedDiagonals = 0

  init(
    a: UnsafeBufferPointer<Int32>,
    b: UnsafeBufferPointer<Int32>,
    oldMatch: UnsafeMutableBufferPointer<Int32>,
    newMatch: UnsafeMutableBufferPointer<Int32>,
    forward: UnsafeMutablePointer<Int>,
    backward: UnsafeMutablePointer<Int>
  ) {
    self.a = a
    self.b = b
    self.oldMatch = oldMatch
    self.newMatch = newMatch
    self.forward = forward
    self.backward = backward
  }

  mutating func match(_ i: Int, _ j: Int) {
    oldMatch[i] = ~Int32(truncatingIfNeeded: j)
    newMatch[j] = -2
    matchedCount &+= 1
  }

  /// Matches a longest common subsequence of `a[aLow..<aHigh]` and `b[bLow..<bHigh]`.
  mutating func solve(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) {
    var aLow = aLow
    var aHigh = aHigh
    var bLow = bLow
    var bHigh = bHigh
    while aLow < aHigh && bLow < bHigh && a[aLow] == b[bLow] {
      match(aLow, bLow)
      aLow &+= 1
      bLow &+= 1
    }
    while aLow < aHigh && bLow < bHigh && a[aHigh &- 1] == b[bHigh &- 1] {
      aHigh &-= 1
      bHigh &-= 1
      match(aHigh, bHigh)
    }
    // With a common prefix and suffix removed, both sides non-empty means D >= 2, so the split
    // point lies strictly inside and both halves are smaller problems.
    guard aLow < aHigh && bLow < bHigh else { return }
    let (x, y) = split(aLow, aHigh, bLow, bHigh)
    solve(aLow, x, bLow, y)
    solve(x, aHigh, y, bHigh)
  }

  /// A point on a shortest edit path through the problem, reached from its start by
  /// `ceil(D / 2)` edits: the end of a forward furthest-reaching path that overlaps a backward one.
  ///
  /// Unlike the paper's unbounded sketch, a path never leaves the grid: an edge from a furthest
  /// point on the grid's right or bottom edge is dropped (any path through its target costs at
  /// least 2 more than one through that furthest point), and a diagonal with no candidate holds -1.
  ///
  /// Round `d` visits only diagonals `k` that a `d`-path can reach inside the grid: it makes
  /// `(d + k) / 2` steps right and `(d - k) / 2` down, so `d - 2m <= k <= 2n - d` (see
  /// `diagonals(_:_:_:)`). The diagonals left out could only hold -1, so the result is the one
  /// the full range gives; a round costs O(min(n, m)) instead of O(d), and the reads of the
  /// previous round stay inside the range it wrote (its bounds move by one per round).
  mutating func split(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> (Int, Int) {
    let n = aHigh &- aLow
    let m = bHigh &- bLow
    let delta = n &- m
    let deltaIsOdd = delta & 1 != 0
    let maxD = (n &+ m &+ 1) / 2
    // The diagonals the previous backward round wrote (none before round 0).
    var backwardLow = 1
    var backwardHigh = -1
    for d in 0...maxD {
      let (low, high) = Self.diagonals(d, n, m)
      searchedDiagonals &+= (high &- low) / 2 &+ 1
      var k = low
      while k <= high {
        var x = step(forward, d, k, n, m)
        if x >= 0 {
          var y = x &- k
          while x < n && y < m && a[aLow &+ x] == b[bLow &+ y] {
            x &+= 1
            y &+= 1
          }
        }
        forward[k] = x
        let mirrored = delta &- k
        if deltaIsOdd && x >= 0 && mirrored >= backwardLow && mirrored <= backwardHigh {
          let reversedX = backward[mirrored]
          if reversedX >= 0 && x &+ reversedX >= n { return (aLow &+ x, bLow &+ x &- k) }
        }
        k &+= 2
      }
      searchedDiagonals &+= (high &- low) / 2 &+ 1
      k = low
      while k <= high {
        var x = step(backward, d, k, n, m)
        if x >= 0 {
          var y = x &- k
          while x < n && y < m && a[aHigh &- 1 &- x] == b[bHigh &- 1 &- y] {
            x &+= 1
            y &+= 1
          }
        }
        backward[k] = x
        let mirrored = delta &- k
        if !deltaIsOdd && x >= 0 && mirrored >= low && mirrored <= high {
          let forwardX = forward[mirrored]
          if forwardX >= 0 && forwardX &+ x >= n { return (aLow &+ forwardX, bLow &+ forwardX &- mirrored) }
        }
        k &+= 2
      }
      (backwardLow, backwardHigh) = (low, high)
    }
    tetherPreconditionFailure("Myers bisection found no middle snake for a \(n)×\(m) problem")
  }

  /// The diagonals round `d` visits in an `n`×`m` grid (either direction): those with the
  /// parity of `d` in `max(-d, d - 2m)...min(d, 2n - d)`. Both bounds have that parity.
  @inline(__always)
  static func diagonals(_ d: Int, _ n: Int, _ m: Int) -> (low: Int, high: Int) {
    (Swift.max(-d, d &- 2 &* m), Swift.min(d, 2 &* n &- d))
  }

  /// The furthest x on diagonal `k` after edit `d`, before following its snake, from the values
  /// of edit `d - 1` on diagonals `k ± 1`; -1 when no useful path reaches the diagonal.
  @inline(__always)
  func step(_ v: UnsafeMutablePointer<Int>, _ d: Int, _ k: Int, _ n: Int, _ m: Int) -> Int {
    if d == 0 { return 0 }
    var x = -1
    if k < d {
      // Down from diagonal k + 1, unless that point is on the bottom edge.
      let above = v[k &+ 1]
      if above >= 0 && above &- k &- 1 < m { x = above }
    }
    if k > -d {
      // Right from diagonal k - 1, unless that point is on the right edge.
      let left = v[k &- 1]
      if left >= 0 && left < n && left &+ 1 > x { x = left &+ 1 }
    }
    return x
  }
}
