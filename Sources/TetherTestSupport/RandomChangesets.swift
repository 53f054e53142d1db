import TetherChangesets

/// A random array of `count` integers drawn from `0..<alphabet`, so small alphabets give duplicates.
public func randomArray<G: RandomNumberGenerator>(count: Int, alphabet: Int, using rng: inout G) -> [Int] {
  (0..<count).map { _ in Int.random(in: 0..<max(alphabet, 1), using: &rng) }
}

/// A random patch of `count` operations that is valid on `collection`: each operation is drawn
/// among those possible on the state right before it (inserts, deletes, updates and moves, with
/// inserts only on an empty state). New elements come from `makeElement`.
///
/// Apply it with `collection.applying(patch)` to get the final state.
public func randomPatch<Element, G: RandomNumberGenerator>(
  on collection: [Element],
  count: Int,
  using rng: inout G,
  makeElement: (inout G) -> Element
) -> [OrderedCollectionOperation<Element, Int>] {
  var size = collection.count
  var patch: [OrderedCollectionOperation<Element, Int>] = []
  patch.reserveCapacity(count)
  for _ in 0..<count {
    let kind = size == 0 ? 0 : Int.random(in: 0..<4, using: &rng)
    switch kind {
    case 0:
      patch.append(.insert(makeElement(&rng), at: Int.random(in: 0...size, using: &rng)))
      size += 1
    case 1:
      patch.append(.delete(at: Int.random(in: 0..<size, using: &rng)))
      size -= 1
    case 2:
      patch.append(.update(at: Int.random(in: 0..<size, using: &rng), newElement: makeElement(&rng)))
    default:
      patch.append(.move(from: Int.random(in: 0..<size, using: &rng), to: Int.random(in: 0..<size, using: &rng)))
    }
  }
  return patch
}

/// A random patch of `count` operations valid on an array of integers; new elements are drawn from
/// `0..<alphabet` (the default gives mostly fresh values, a small one gives duplicates).
public func randomPatch<G: RandomNumberGenerator>(
  on collection: [Int],
  count: Int,
  alphabet: Int = 1_000_000,
  using rng: inout G
) -> [OrderedCollectionOperation<Int, Int>] {
  randomPatch(on: collection, count: count, using: &rng) { rng in Int.random(in: 0..<max(alphabet, 1), using: &rng) }
}

/// A random valid diff from a collection of `oldCount` elements, with roughly `changeRate` of the
/// elements deleted, inserted, moved and updated (each independently), including elements both
/// moved and updated. The new count is `oldCount - deletes.count + inserts.count`.
public func randomDiff<G: RandomNumberGenerator>(
  oldCount: Int,
  changeRate: Double = 0.2,
  using rng: inout G
) -> OrderedCollectionDiff<Int> {
  var diff = OrderedCollectionDiff<Int>()
  var moveSources: [Int] = []
  for index in 0..<oldCount {
    if Double.random(in: 0..<1, using: &rng) < changeRate {
      diff.deletes.append(index)
      continue
    }
    if Double.random(in: 0..<1, using: &rng) < changeRate { moveSources.append(index) }
    if Double.random(in: 0..<1, using: &rng) < changeRate { diff.updates.append(index) }
  }
  let insertCount = (0..<max(oldCount, 2)).filter { _ in Double.random(in: 0..<1, using: &rng) < changeRate }.count
  let newCount = oldCount - diff.deletes.count + insertCount
  var targets = Array(0..<newCount)
  targets.shuffle(using: &rng)
  let placed = targets.prefix(insertCount + moveSources.count)
  diff.inserts = placed.prefix(insertCount).sorted()
  var moveTargets = Array(placed.dropFirst(insertCount))
  moveTargets.shuffle(using: &rng)
  diff.moves = zip(moveSources, moveTargets).map { (from: $0, to: $1) }
  return diff
}

/// The final collection of `diff` applied to `old`, with fresh values for inserted and updated
/// elements made by `makeElement`.
public func randomFinalCollection<Element, G: RandomNumberGenerator>(
  applying diff: OrderedCollectionDiff<Int>,
  to old: [Element],
  using rng: inout G,
  makeElement: (inout G) -> Element
) -> [Element] {
  let newCount = old.count - diff.deletes.count + diff.inserts.count
  let fresh = (0..<newCount).map { _ in makeElement(&rng) }
  return batchApplying(diff, to: old, reading: fresh)
}
