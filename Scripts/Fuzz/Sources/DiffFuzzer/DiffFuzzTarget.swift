// libFuzzer target for the diffing engine (built by `Scripts/fuzz.sh` from the nested package in
// Scripts/Fuzz). Each input is decoded into an old/new pair (or an old array and a patch on it, or
// two lists of sections), diffed, and checked; any violated property traps, which libFuzzer
// reports with the input that caused it.

import Foundation
import FuzzSupport
import TetherChangesets

/// An element: identity `id`, content `value`.
struct FuzzItem: Identifiable, Hashable {
  var id: Int
  var value: Int
}

/// Silences duplicate warnings once (fuzz inputs are full of duplicates).
let silenceLogger: Void = {
  TetherLogger.shared = TetherLogger(warn: { _, _, _ in })
}()

/// libFuzzer's entry point: decodes one input and traps if any checked property fails.
func fuzzDiffing(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  _ = silenceLogger
  var input = FuzzInput(data, size)
  let mode = input.next()
  let alphabet = 1 + input.next() % 48
  let algorithm: DiffAlgorithm = [.heckel, .myers(), .myers(inferMoves: true)][mode % 3]
  switch (mode / 3) % 3 {
  case 0:
    // Two arrays: one byte per element, split where the second header byte says.
    let split = input.next()
    var old: [FuzzItem] = []
    var new: [FuzzItem] = []
    while !input.isAtEnd {
      let byte = input.next()
      let item = FuzzItem(id: byte % alphabet, value: (byte / alphabet) & 1)
      if old.count < split { old.append(item) } else { new.append(item) }
    }
    checkDiff(old: old, new: new, algorithm: algorithm)
  case 1:
    // An array and a patch on it: the new array is the patched one.
    let count = input.next()
    var old: [FuzzItem] = []
    for _ in 0..<count { old.append(FuzzItem(id: input.next() % alphabet, value: 0)) }
    var new = old
    var patch: [OrderedCollectionOperation<FuzzItem, Int>] = []
    while !input.isAtEnd {
      let kind = input.next() % 4
      let a = input.next()
      let b = input.next()
      if kind == 0 || new.isEmpty {
        patch.append(.insert(FuzzItem(id: b % alphabet, value: 0), at: a % (new.count + 1)))
      } else if kind == 1 {
        patch.append(.delete(at: a % new.count))
      } else if kind == 2 {
        let index = a % new.count
        patch.append(.update(at: index, newElement: FuzzItem(id: new[index].id, value: new[index].value + 1)))
      } else {
        patch.append(.move(from: a % new.count, to: b % new.count))
      }
      new.apply(patch[patch.count - 1])
    }
    fuzzCheck(old.applying(patch) == new, "patch replay")
    checkPatchConversion(patch, old: old, new: new)
    checkDiff(old: old, new: new, algorithm: algorithm)
  default:
    checkSections(&input, alphabet: alphabet)
  }
  return 0
}

/// Traps unless `new.diff(from: old)` is a valid, exact, minimal batch update that replays.
func checkDiff(old: [FuzzItem], new: [FuzzItem], algorithm: DiffAlgorithm) {
  let diff = new.diff(from: old, algorithm: algorithm)
  let n = old.count
  let m = new.count
  do {
    try ChangesetValidator.validate(diff, oldCount: n, newCount: m)
  } catch {
    fuzzFailure("invalid diff \(diff) from \(old) to \(new): \(error)")
  }
  // Replay in batch-update form and check identities and exact updates.
  var leaves = [Bool](repeating: false, count: n)
  var arrives = [Bool](repeating: false, count: m)
  var updated = [Bool](repeating: false, count: n)
  for i in diff.deletes { leaves[i] = true }
  for i in diff.updates { updated[i] = true }
  for j in diff.inserts { arrives[j] = true }
  var source = [Int](repeating: -1, count: m)
  for move in diff.moves {
    leaves[move.from] = true
    arrives[move.to] = true
    source[move.to] = move.from
  }
  var survivor = 0
  for j in 0..<m where !arrives[j] {
    while leaves[survivor] { survivor += 1 }
    source[j] = survivor
    survivor += 1
  }
  var matched: [Int] = []
  for j in 0..<m where source[j] >= 0 {
    let i = source[j]
    fuzzCheck(old[i].id == new[j].id, "old \(i) ends at new \(j) with another identity")
    fuzzCheck(updated[i] == (old[i] != new[j]), "update of old \(i) is not exact")
    matched.append(i)
  }
  // Minimal moves: matched elements minus a longest increasing subsequence.
  var tails: [Int] = []
  for value in matched {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  fuzzCheck(diff.moves.count == matched.count - tails.count, "moves are not minimal: \(diff)")
  // Every identifier matched as often as possible (except Myers without move inference).
  if algorithm != .myers(inferMoves: false) {
    var counts: [Int: (old: Int, new: Int)] = [:]
    for item in old { counts[item.id, default: (0, 0)].old += 1 }
    for item in new { counts[item.id, default: (0, 0)].new += 1 }
    let possible = counts.values.reduce(0) { $0 + min($1.old, $1.new) }
    fuzzCheck(matched.count == possible, "matched \(matched.count) of \(possible)")
  }
  // Myers: the shortest script, by an independent longest-common-subsequence computation.
  if algorithm != .heckel {
    let script = diff.deletes.count + diff.inserts.count + 2 * diff.moves.count
    let common = longestCommonSubsequenceLength(old.map(\.id), new.map(\.id))
    fuzzCheck(script == n + m - 2 * common, "not a shortest script: \(diff)")
  }
  // The changeset's patch replays, and converting it back gives the diff.
  let patch = diff.generatePatch(to: new)
  fuzzCheck(old.applying(patch) == new, "the patch of \(diff) does not replay")
  fuzzCheck(OrderedCollectionDiff(from: patch, sourceCount: n) == diff, "diff -> patch -> diff is not stable")
  // The Epoxy form says the same.
  fuzzCheck(OrderedCollectionDiff(new.makeChangeset(from: old, algorithm: algorithm)) == diff, "Epoxy form differs")
}

/// The length of a longest common subsequence of `a` and `b`: the dynamic program's answer,
/// computed bit-parallel (Allison and Dix 1986, Hyyrö 2004) with one bit per element of `a`, in
/// O(|b| · |a| / 64) word operations instead of the table's |a| · |b| (a quarter of the target's
/// time on large inputs before).
func longestCommonSubsequenceLength(_ a: [Int], _ b: [Int]) -> Int {
  let words = (a.count + 63) / 64
  if words == 0 || b.isEmpty { return 0 }
  var masks: [Int: [UInt64]] = [:]
  for (i, id) in a.enumerated() {
    masks[id, default: [UInt64](repeating: 0, count: words)][i / 64] |= 1 << UInt64(i % 64)
  }
  // Bit i of `rows` is cleared once row i of the table gains a match: the LCS is the cleared count.
  var rows = [UInt64](repeating: ~0, count: words)
  for id in b {
    guard let mask = masks[id] else { continue }
    var carry: UInt64 = 0
    for w in 0..<words {
      let matched = rows[w] & mask[w]
      let (partial, overflow) = rows[w].addingReportingOverflow(matched)
      let (sum, carried) = partial.addingReportingOverflow(carry)
      carry = overflow || carried ? 1 : 0
      rows[w] = sum | (rows[w] & ~matched)
    }
  }
  return a.indices.filter { rows[$0 / 64] & (1 << UInt64($0 % 64)) == 0 }.count
}

/// Traps unless the patch converts to a valid diff that, applied as one batch update, turns `old`
/// into `new`, and whose own patch replays and converts back to it.
func checkPatchConversion(_ patch: [OrderedCollectionOperation<FuzzItem, Int>], old: [FuzzItem], new: [FuzzItem]) {
  let diff = OrderedCollectionDiff(from: patch, sourceCount: old.count)
  do {
    try ChangesetValidator.validate(diff, oldCount: old.count, newCount: new.count)
  } catch {
    fuzzFailure("patch \(patch) converts to an invalid diff \(diff): \(error)")
  }
  // The batch update: inserted and updated rows come from `new`, every other row from its source.
  if let row = firstRowBatchReplayGetsWrong(diff, old: old, new: new) {
    fuzzFailure("patch \(patch) as diff \(diff): row \(row) is not what the patch left there")
  }
  let regenerated = diff.generatePatch(to: new)
  fuzzCheck(old.applying(regenerated) == new, "the patch of \(diff) (from \(patch)) does not replay")
  fuzzCheck(OrderedCollectionDiff(from: regenerated, sourceCount: old.count) == diff, "patch -> diff is not stable")
}

/// A section for the sectioned mode.
struct FuzzSection {
  var id: Int
  var title: Int
  var items: [FuzzItem]
}

/// Decodes two lists of sections and traps unless their sectioned diff passes the validator.
func checkSections(_ input: inout FuzzInput, alphabet: Int) {
  func sections(_ input: inout FuzzInput) -> [FuzzSection] {
    (0..<(input.next() % 6)).map { _ in
      let header = input.next()
      let items = (0..<(input.next() % 8)).map { _ in
        let byte = input.next()
        return FuzzItem(id: byte % alphabet, value: (byte / alphabet) & 1)
      }
      return FuzzSection(id: header % 5, title: (header / 5) & 1, items: items)
    }
  }
  let old = sections(&input)
  let new = sections(&input)
  let changeset = SectionedChangeset(
    from: old,
    to: new,
    sectionIdentifiedBy: \.id,
    isSectionEqual: { $0.title == $1.title },
    items: \.items,
    itemIdentifiedBy: \.id,
    isItemEqual: ==
  )
  // Section updates are refreshes applied after the batch (their items stay listed, see
  // `SectionedChangeset`); the sections alone must be a valid flat diff, and everything but the
  // section updates one valid batch.
  do {
    try ChangesetValidator.validate(
      OrderedCollectionDiff(changeset.sectionChangeset),
      oldCount: old.count,
      newCount: new.count
    )
  } catch {
    fuzzFailure("invalid section diff \(changeset): \(error)")
  }
  var batch = OrderedCollectionDiff<IndexPath>(changeset)
  batch.updates.removeAll { $0.count == 1 }
  do {
    try ChangesetValidator.validate(
      batch,
      oldItemCounts: old.map(\.items.count),
      newItemCounts: new.map(\.items.count)
    )
  } catch {
    fuzzFailure("invalid sectioned batch \(changeset): \(error)")
  }
  for update in changeset.itemChangeset.updates {
    let before = old[update.old[0]].items[update.old[1]]
    let after = new[update.new[0]].items[update.new[1]]
    fuzzCheck(before.id == after.id && before != after, "item update is not exact")
  }
  for move in changeset.itemChangeset.moves {
    fuzzCheck(old[move.old[0]].items[move.old[1]].id == new[move.new[0]].items[move.new[1]].id, "item move")
  }
}
