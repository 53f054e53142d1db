import TetherChangesets

/// The obvious O(n · k) patch -> diff: replays the patch on an array of element identities.
///
/// It is the oracle the fast conversion is checked against, so it is written to be read, not fast.
func naiveDiff<Element>(
  of patch: [OrderedCollectionOperation<Element, Int>], sourceCount: Int
) -> OrderedCollectionDiff<Int> {
  // Identities: source elements are 0..<sourceCount, inserted ones are negative.
  var identities = Array(0..<sourceCount)
  var moved = Set<Int>()
  var updated = Set<Int>()
  var deletes: [Int] = []
  var nextInserted = -1
  for operation in patch {
    switch operation {
    case .insert(_, let index):
      identities.insert(nextInserted, at: index)
      nextInserted -= 1
    case .delete(let index):
      let identity = identities.remove(at: index)
      if identity >= 0 { deletes.append(identity) }
    case .update(let index, _):
      updated.insert(identities[index])
    case .move(let from, let to):
      let identity = identities.remove(at: from)
      identities.insert(identity, at: to)
      moved.insert(identity)
    }
  }
  var diff = OrderedCollectionDiff<Int>(deletes: deletes.sorted())
  for (position, identity) in identities.enumerated() {
    if identity < 0 {
      diff.inserts.append(position)
      continue
    }
    if moved.contains(identity) { diff.moves.append((from: identity, to: position)) }
    if updated.contains(identity) { diff.updates.append(identity) }
  }
  return diff.normalized()
}

/// Every operation valid on a collection of `size` elements, with `element` for inserts and updates.
func everyOperation(onSize size: Int, element: Int) -> [OrderedCollectionOperation<Int, Int>] {
  var operations: [OrderedCollectionOperation<Int, Int>] = []
  for index in 0...size { operations.append(.insert(element, at: index)) }
  for index in 0..<size {
    operations.append(.delete(at: index))
    operations.append(.update(at: index, newElement: element))
  }
  for from in 0..<size {
    for to in 0..<size { operations.append(.move(from: from, to: to)) }
  }
  return operations
}

/// Every patch of exactly `length` operations on an array of `size` elements.
func everyPatch(length: Int, onSize size: Int, firstElement: Int = 100) -> [[OrderedCollectionOperation<Int, Int>]] {
  if length == 0 { return [[]] }
  var patches: [[OrderedCollectionOperation<Int, Int>]] = []
  for operation in everyOperation(onSize: size, element: firstElement) {
    let sizeAfter: Int
    switch operation {
    case .insert: sizeAfter = size + 1
    case .delete: sizeAfter = size - 1
    case .update, .move: sizeAfter = size
    }
    for rest in everyPatch(length: length - 1, onSize: sizeAfter, firstElement: firstElement + 1) {
      patches.append([operation] + rest)
    }
  }
  return patches
}
