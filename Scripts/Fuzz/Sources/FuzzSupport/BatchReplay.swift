import TetherChangesets

/// The first row of `new` that `diff`, performed as one batch update (deletes, moves out and
/// updates in `old`'s index space, inserts and moves in in `new`'s), does not leave equal to its
/// source, or `nil` when every row that is not inserted or updated matches. Shared by the targets
/// that check diffs against the batch-update rules.
public func firstRowBatchReplayGetsWrong<Element: Equatable>(
  _ diff: OrderedCollectionDiff<Int>, old: [Element], new: [Element]
) -> Int? {
  var leaves = [Bool](repeating: false, count: old.count)
  var arrives = [Bool](repeating: false, count: new.count)
  var updated = [Bool](repeating: false, count: old.count)
  var source = [Int](repeating: -1, count: new.count)
  for i in diff.deletes { leaves[i] = true }
  for i in diff.updates { updated[i] = true }
  for j in diff.inserts { arrives[j] = true }
  for move in diff.moves {
    leaves[move.from] = true
    arrives[move.to] = true
    source[move.to] = move.from
  }
  var survivor = 0
  for j in 0..<new.count where !arrives[j] {
    while leaves[survivor] { survivor += 1 }
    source[j] = survivor
    survivor += 1
  }
  return (0..<new.count).first { j in source[j] >= 0 && !updated[source[j]] && old[source[j]] != new[j] }
}
