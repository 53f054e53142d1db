import TetherSynchronization

/// Orders a diff's changes into a patch whose every operation applies to the state right before it.
///
/// The patch runs updates (source offsets), deletes (descending), moves (ascending target), then
/// inserts (ascending target). Why the moves land every element:
///
/// After the deletes, the state holds the survivors in source order. Call *fixed* the survivors
/// that are not moved, *placed* the moved elements already moved, *pending* the others, and `R`
/// the state without its pending elements. Moving the pending elements one by one, by ascending
/// target `t'` (the target among the non-inserted elements), and putting each right before `R[t']`,
/// builds `R` exactly as inserting the moved elements into the fixed ones by ascending position
/// would: so when no element is pending, `R` is the final state without its inserted elements, and
/// the inserts, by ascending target, complete it.
///
/// Offsets come from counting. Fixed elements never move relative to each other, so the state is a
/// sequence of *gaps* between consecutive fixed elements. A pending element lies in the gap given
/// by the number of fixed elements before it in source order; a placed element lies in the gap given
/// by the number of fixed elements before its place in `R`, which is `t' - i` for the `i`-th move.
/// Within a gap, pending elements (in source order) come before placed ones, because each placement
/// goes right before an element of `R`. Two Fenwick trees count pending elements by source order and
/// placed elements by gap, so each move costs O(log k).
struct DiffPatchPlanner {
  let diff: OrderedCollectionDiff<Int>
  let finalCount: Int

  init(diff: OrderedCollectionDiff<Int>, finalCount: Int) {
    self.diff = diff
    self.finalCount = finalCount
  }

  func patch<C: Collection>(reading collection: C) -> [OrderedCollectionOperation<C.Element, Int>] {
    if diff.isEmpty { return [] }
    let steps = plan()
    var offsets: [Int] = []
    offsets.reserveCapacity(diff.updates.count + diff.inserts.count)
    for step in steps where step.kind == .update || step.kind == .insert {
      offsets.append(step.target)
    }
    let reader = OffsetReader(collection: collection, offsets: offsets)
    var patch: [OrderedCollectionOperation<C.Element, Int>] = []
    patch.reserveCapacity(steps.count)
    for step in steps {
      switch step.kind {
      case .update: patch.append(.update(at: step.index, newElement: reader.element(at: step.target)))
      case .delete: patch.append(.delete(at: step.index))
      case .move: patch.append(.move(from: step.index, to: step.target))
      case .insert: patch.append(.insert(reader.element(at: step.target), at: step.index))
      }
    }
    return patch
  }

  /// The patch's operations without elements. An update's and an insert's `target` is the final
  /// offset to read the element from.
  ///
  /// - Precondition: The diff is valid for `finalCount` elements; otherwise this traps naming the
  ///   problem.
  func plan() -> [PatchStep] {
    let deletes = diff.deletes.sorted()
    let inserts = diff.inserts.sorted()
    let updates = diff.updates.sorted()
    let moves = diff.moves
    let bySource = moves.indices.sorted { moves[$0].from < moves[$1].from }
    let byTarget = moves.indices.sorted { moves[$0].to < moves[$1].to }
    do {
      try check(
        deletes: deletes, inserts: inserts, updates: updates, moveSources: bySource.map { moves[$0].from },
        moveTargets: byTarget.map { moves[$0].to })
    } catch {
      tetherPreconditionFailure("Cannot make a patch from an invalid diff to \(finalCount) elements: \(error)")
    }
    let updateTargets = Self.finalOffsets(of: updates, in: diff)
    var steps: [PatchStep] = []
    steps.reserveCapacity(diff.count)
    for (source, target) in zip(updates, updateTargets) {
      steps.append(PatchStep(kind: .update, index: source, target: target))
    }
    for index in deletes.reversed() {
      steps.append(PatchStep(kind: .delete, index: index))
    }
    appendMoves(to: &steps, deletes: deletes, inserts: inserts, bySource: bySource, byTarget: byTarget)
    for index in inserts {
      steps.append(PatchStep(kind: .insert, index: index, target: index))
    }
    return steps
  }

  /// `bySource` and `byTarget` are the moves' indices sorted by source and by target.
  private func appendMoves(
    to steps: inout [PatchStep], deletes: [Int], inserts: [Int], bySource: [Int], byTarget: [Int]
  ) {
    let moves = diff.moves
    let moveCount = moves.count
    if moveCount == 0 { return }
    // Each move's rank in source order, and its gap while pending (nondecreasing in source order).
    var sourceOrder = [Int](repeating: 0, count: moveCount)
    var pendingGap = [Int](repeating: 0, count: moveCount)
    for (order, moveIndex) in bySource.enumerated() {
      sourceOrder[moveIndex] = order
      let from = moves[moveIndex].from
      pendingGap[order] = from - countLess(than: from, in: deletes) - order
    }
    // Gaps of placed elements: t' - i for the i-th move by target, t' its target among non-inserts.
    var placedGaps = [Int](repeating: 0, count: moveCount)
    var reducedTargets = [Int](repeating: 0, count: moveCount)
    for (step, moveIndex) in byTarget.enumerated() {
      let target = moves[moveIndex].to
      reducedTargets[step] = target - countLess(than: target, in: inserts)
      placedGaps[step] = reducedTargets[step] - step
    }
    let gapKeys = Array(Set(placedGaps)).sorted()
    var pending = FenwickTree(ones: moveCount)
    var placed = FenwickTree(zeros: gapKeys.count)

    for (step, moveIndex) in byTarget.enumerated() {
      let order = sourceOrder[moveIndex]
      let gap = pendingGap[order]
      let from = gap + placed.prefixSum(countLess(than: gap, in: gapKeys)) + pending.prefixSum(order)
      let targetGap = placedGaps[step]
      let pendingInGaps = countLessOrEqual(targetGap, in: pendingGap)
      let pendingBefore = pending.prefixSum(pendingInGaps) - (order < pendingInGaps ? 1 : 0)
      steps.append(PatchStep(kind: .move, index: from, target: reducedTargets[step] + pendingBefore))
      pending.add(-1, at: order)
      placed.add(1, at: countLess(than: targetGap, in: gapKeys))
    }
  }

  /// The final offsets of the surviving source elements at `sources`: a moved element's target,
  /// or for an unmoved one the place its rank among the unmoved survivors takes among the final
  /// offsets that are neither inserts nor move targets.
  ///
  /// - Complexity: O((s + k) log k) for s sources and a diff with k entries.
  static func finalOffsets(of sources: [Int], in diff: OrderedCollectionDiff<Int>) -> [Int] {
    if sources.isEmpty { return [] }
    let taken = (diff.inserts + diff.moves.map(\.to)).sorted()
    let removed = (diff.deletes + diff.moves.map(\.from)).sorted()
    var moveTargetBySource: [Int: Int] = [:]
    moveTargetBySource.reserveCapacity(diff.moves.count)
    for move in diff.moves { moveTargetBySource[move.from] = move.to }
    return sources.map { source in
      if let target = moveTargetBySource[source] { return target }
      let rank = source - countLess(than: source, in: removed)
      return offset(ofFreeRank: rank, skipping: taken)
    }
  }

  /// The `rank`-th offset (from 0) of the final collection that is not in `taken` (sorted).
  static func offset(ofFreeRank rank: Int, skipping taken: [Int]) -> Int {
    // taken[j] - j is nondecreasing: the number of taken offsets before the answer is the number of
    // j with taken[j] - j <= rank.
    var low = 0
    var high = taken.count
    while low < high {
      let middle = (low + high) / 2
      if taken[middle] - middle <= rank { low = middle + 1 } else { high = middle }
    }
    return rank + low
  }
}

/// The number of elements of the sorted array `values` that are less than `value`.
func countLess(than value: Int, in values: [Int]) -> Int {
  var low = 0
  var high = values.count
  while low < high {
    let middle = (low + high) / 2
    if values[middle] < value { low = middle + 1 } else { high = middle }
  }
  return low
}

/// The number of elements of the sorted array `values` that are at most `value`.
func countLessOrEqual(_ value: Int, in values: [Int]) -> Int {
  countLess(than: value + 1, in: values)
}

/// Prefix sums over a fixed number of counters, each update and query in O(log n).
struct FenwickTree {
  private var tree: [Int]

  init(zeros count: Int) {
    tree = [Int](repeating: 0, count: count + 1)
  }

  init(ones count: Int) {
    tree = [Int](repeating: 0, count: count + 1)
    for position in 1...max(count, 1) where position <= count {
      tree[position] += 1
      let parent = position + (position & -position)
      if parent <= count { tree[parent] += tree[position] }
    }
  }

  /// Adds `delta` to counter `index`.
  mutating func add(_ delta: Int, at index: Int) {
    var position = index + 1
    while position < tree.count {
      tree[position] += delta
      position += position & -position
    }
  }

  /// The sum of counters `0..<end`.
  func prefixSum(_ end: Int) -> Int {
    var position = end
    var sum = 0
    while position > 0 {
      sum += tree[position]
      position -= position & -position
    }
    return sum
  }
}

/// Reads elements of a collection at sorted or unsorted `Int` offsets without walking it from the
/// start for each one.
struct OffsetReader<C: Collection> {
  private let collection: C
  private let offsets: [Int]
  private let indices: [C.Index]

  init(collection: C, offsets: [Int]) {
    self.collection = collection
    let sorted = Array(Set(offsets)).sorted()
    let count = collection.count
    var indices: [C.Index] = []
    indices.reserveCapacity(sorted.count)
    var index = collection.startIndex
    var offset = 0
    for target in sorted {
      guard target >= 0, target < count else {
        tetherPreconditionFailure("Index \(target) is out of range for a collection of \(count) elements")
      }
      index = collection.index(index, offsetBy: target - offset)
      offset = target
      indices.append(index)
    }
    self.offsets = sorted
    self.indices = indices
  }

  func element(at offset: Int) -> C.Element {
    collection[indices[countLess(than: offset, in: offsets)]]
  }
}
