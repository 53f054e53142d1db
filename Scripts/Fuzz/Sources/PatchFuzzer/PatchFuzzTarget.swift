// libFuzzer target for hand-built diffs and patches (as an app or a server might send them), and
// the conversions between them. Each input builds, by its first byte, one of:
// - an ordered patch on a source of some count, with indices that may be out of range;
// - an ordered diff between two counts, with indices that may be out of range or repeated;
// - a tree patch on a small tree, with paths that may leave the tree.
// Properties, any violation traps: the validator accepts exactly what an independent oracle
// (written here, from the documented rules) accepts, and rejects the rest with its typed error;
// what it accepts applies exactly, and converts patch -> diff -> patch (or diff -> patch -> diff)
// to something that replays to the same collection and passes the validator again.

import Foundation
import FuzzSupport
import TetherChangesets

func fuzzPatches(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  switch input.next() % 3 {
  case 0: checkOrderedPatch(&input)
  case 1: checkOrderedDiff(&input)
  default: checkTreePatch(&input)
  }
  return 0
}

/// An index near `0..<limit`: usually in range, sometimes -1 or just past the end.
func nearIndex(_ input: inout FuzzInput, _ limit: Int) -> Int {
  input.next() % (limit + 3) - 1
}

// MARK: Ordered patches

func checkOrderedPatch(_ input: inout FuzzInput) {
  let sourceCount = input.next() % 24
  var patch: [OrderedCollectionOperation<Int, Int>] = []
  // The oracle: the count before each operation, and whether every index was in range for it.
  var count = sourceCount
  var inRange = true
  var fresh = 1_000
  while !input.isAtEnd {
    let kind = input.next() % 4
    let a = nearIndex(&input, count)
    let b = nearIndex(&input, count)
    fresh += 1
    switch kind {
    case 0:
      patch.append(.insert(fresh, at: a))
      inRange = inRange && a >= 0 && a <= count
      count += 1
    case 1:
      patch.append(.delete(at: a))
      inRange = inRange && a >= 0 && a < count
      count -= 1
    case 2:
      patch.append(.update(at: a, newElement: fresh))
      inRange = inRange && a >= 0 && a < count
    default:
      patch.append(.move(from: a, to: b))
      inRange = inRange && a >= 0 && a < count && b >= 0 && b < count
    }
    if !inRange { break }
  }
  let accepted: Bool
  do {
    try ChangesetValidator.validate(patch, sourceCount: sourceCount)
    accepted = true
  } catch {
    accepted = false
  }
  fuzzCheck(accepted == inRange, "validator says \(accepted), oracle \(inRange) for \(patch) on \(sourceCount)")
  guard accepted else { return }
  let old = Array(0..<sourceCount)
  let new = old.applying(patch)
  // patch -> diff -> patch
  let diff = OrderedCollectionDiff(from: patch, sourceCount: sourceCount)
  do {
    try ChangesetValidator.validate(diff, oldCount: old.count, newCount: new.count)
  } catch {
    fuzzFailure("\(patch) converts to the invalid \(diff): \(error)")
  }
  let regenerated = diff.generatePatch(to: new)
  fuzzCheck(old.applying(regenerated) == new, "\(patch) -> \(diff) -> \(regenerated) does not replay")
  fuzzCheck(firstRowBatchReplayGetsWrong(diff, old: old, new: new) == nil, "\(diff) as a batch does not give \(new)")
  // The changeset made from the patch derives the same diff.
  let changeset = OrderedCollectionChangeset(collection: new, patch: patch)
  fuzzCheck(changeset.diff == diff, "the changeset of \(patch) derives \(changeset.diff), not \(diff)")
}

// MARK: Ordered diffs

func checkOrderedDiff(_ input: inout FuzzInput) {
  let oldCount = input.next() % 16
  let newCount = input.next() % 16
  var diff = OrderedCollectionDiff<Int>()
  while !input.isAtEnd {
    switch input.next() % 4 {
    case 0: diff.inserts.append(nearIndex(&input, newCount))
    case 1: diff.deletes.append(nearIndex(&input, oldCount))
    case 2: diff.updates.append(nearIndex(&input, oldCount))
    default: diff.moves.append((nearIndex(&input, oldCount), nearIndex(&input, newCount)))
    }
  }
  let valid = isValidDiff(diff, oldCount: oldCount, newCount: newCount)
  let accepted: Bool
  do {
    try ChangesetValidator.validate(diff, oldCount: oldCount, newCount: newCount)
    accepted = true
  } catch {
    accepted = false
  }
  fuzzCheck(accepted == valid, "validator says \(accepted), oracle \(valid) for \(diff), \(oldCount) -> \(newCount)")
  guard accepted else { return }
  // The collection the batch gives: survivors keep their value, updates add 100, inserts are new.
  let old = Array(0..<oldCount)
  var new = [Int](repeating: -1, count: newCount)
  var leaves = Set(diff.deletes)
  leaves.formUnion(diff.moves.map(\.from))
  let updated = Set(diff.updates)
  for (index, j) in diff.inserts.enumerated() { new[j] = 1_000 + index }
  for move in diff.moves { new[move.to] = updated.contains(move.from) ? move.from + 100 : move.from }
  var survivors = old.filter { !leaves.contains($0) }.makeIterator()
  let arrives = Set(diff.inserts).union(diff.moves.map(\.to))
  for j in 0..<newCount where !arrives.contains(j) {
    let i = survivors.next()!
    new[j] = updated.contains(i) ? i + 100 : i
  }
  // diff -> patch -> diff
  let patch = diff.generatePatch(to: new)
  fuzzCheck(old.applying(patch) == new, "the patch \(patch) of \(diff) does not give \(new)")
  let back = OrderedCollectionDiff(from: patch, sourceCount: oldCount)
  do {
    try ChangesetValidator.validate(back, oldCount: oldCount, newCount: newCount)
  } catch {
    fuzzFailure("\(diff) -> \(patch) -> invalid \(back): \(error)")
  }
  fuzzCheck(
    firstRowBatchReplayGetsWrong(back, old: old, new: new) == nil,
    "\(diff) -> \(patch) -> \(back) does not give \(new)")
}

/// The documented rules of a valid diff, checked independently of the library.
func isValidDiff(_ diff: OrderedCollectionDiff<Int>, oldCount: Int, newCount: Int) -> Bool {
  let sources = diff.deletes + diff.moves.map(\.from)
  let targets = diff.inserts + diff.moves.map(\.to)
  let inOld = (sources + diff.updates).allSatisfy { $0 >= 0 && $0 < oldCount }
  let inNew = targets.allSatisfy { $0 >= 0 && $0 < newCount }
  let distinct =
    Set(sources).count == sources.count && Set(targets).count == targets.count
    && Set(diff.updates).count == diff.updates.count
  let updatesNotDeleted = Set(diff.updates).isDisjoint(with: diff.deletes)
  let countsAddUp = oldCount - diff.deletes.count + diff.inserts.count == newCount
  return inOld && inNew && distinct && updatesNotDeleted && countsAddUp
}

// MARK: Tree patches

typealias Tree = TreeArray<Int>

func makeTree(_ input: inout FuzzInput) -> Tree {
  var id = 0
  func node(_ depth: Int) -> TreeNode<Int> {
    id += 1
    let value = id
    let children = depth < 2 ? (0..<(input.next() % 4)).map { _ in node(depth + 1) } : []
    return TreeNode(value, children)
  }
  return Tree((0..<(input.next() % 4)).map { _ in node(0) })
}

/// A path of one to three indices, each near the child counts of `tree` on the way.
func nearPath(_ input: inout FuzzInput, in tree: Tree, inserting: Bool) -> IndexPath {
  let length = 1 + input.next() % 3
  var path: [Int] = []
  var count = tree.children.count
  for depth in 0..<length {
    let index = nearIndex(&input, count + (inserting && depth == length - 1 ? 1 : 0))
    path.append(index)
    let current = IndexPath(indexes: path)
    count = index >= 0 && tree.contains(indexPath: current) ? tree[childAt: current].children.count : 0
  }
  return IndexPath(indexes: path)
}

func canInsert(at path: IndexPath, in tree: Tree) -> Bool {
  guard let last = path.last, last >= 0 else { return false }
  let parent = path.dropLast()
  if parent.isEmpty { return last <= tree.children.count }
  return tree.contains(indexPath: parent) && last <= tree[childAt: parent].children.count
}

func checkTreePatch(_ input: inout FuzzInput) {
  let old = makeTree(&input)
  var tree = old
  var patch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = []
  var inRange = true
  var fresh = 1_000
  while !input.isAtEnd && inRange {
    fresh += 1
    switch input.next() % 4 {
    case 0:
      let path = nearPath(&input, in: tree, inserting: true)
      patch.append(.insert(TreeNode(fresh, [TreeNode(fresh + 500)]), at: path))
      inRange = canInsert(at: path, in: tree)
      if inRange { tree.insert(TreeNode(fresh, [TreeNode(fresh + 500)]), at: path) }
    case 1:
      let path = nearPath(&input, in: tree, inserting: false)
      patch.append(.delete(at: path))
      inRange = tree.contains(indexPath: path)
      if inRange { tree.remove(at: path) }
    case 2:
      let path = nearPath(&input, in: tree, inserting: false)
      patch.append(.update(at: path, newElement: TreeNode(fresh)))
      inRange = tree.contains(indexPath: path)
      if inRange { tree.updateValue(fresh, at: path) }
    default:
      let from = nearPath(&input, in: tree, inserting: false)
      let to = nearPath(&input, in: tree, inserting: true)
      patch.append(.move(from: from, to: to))
      inRange = tree.contains(indexPath: from)
      if inRange {
        let node = tree.remove(at: from)
        inRange = canInsert(at: to, in: tree)
        if inRange { tree.insert(node, at: to) }
      }
    }
  }
  let accepted: Bool
  do {
    try TreeChangesetValidator.validate(patch, on: old)
    accepted = true
  } catch {
    accepted = false
  }
  fuzzCheck(accepted == inRange, "validator says \(accepted), oracle \(inRange) for \(patch) on \(old)")
  guard accepted else { return }
  var new = old
  new.apply(patch)
  fuzzCheck(new == tree, "\(patch) applied gives \(new), not \(tree)")
  // patch -> diff -> patch
  let diff = OrderedCollectionDiff(fromTreePatch: patch)
  do {
    try diff.validate(from: old, to: new)
    try TreeChangesetValidator.validate(patch, from: old, to: new)
    try TreeChangeset(collection: new, patch: patch).validate(from: old)
  } catch {
    fuzzFailure("\(patch) on \(old): \(diff) is invalid: \(error)")
  }
  var replayed = old
  replayed.apply(diff.generateTreePatch(to: new))
  fuzzCheck(replayed == new, "\(patch) -> \(diff) -> patch does not replay")
}
