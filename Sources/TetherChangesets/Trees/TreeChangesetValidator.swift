import Foundation

/// Checks that tree diffs and tree patches describe a change that can really happen, before an
/// outline view (or any adapter) sees them.
///
/// A tree diff is valid for a source and a final tree when:
/// - every entry is a non-empty path to a node: deletes, updates and move sources in the source
///   tree, inserts and move targets in the final tree;
/// - no path is listed twice in one index space (except a node both moved and updated, when
///   allowed);
/// - no delete or update lies inside a deleted subtree (a move source may: the node moves out
///   first), and no insert lies inside an inserted subtree (a move target may: it moves in);
/// - the children of every surviving node add up: old count, minus deletes and nodes moved out,
///   plus inserts and nodes moved in, is the new count;
/// - performing the diff gives the final tree's shape.
///
/// Every function throws the first problem it finds, as a ``TreeChangesetValidationError``.
public enum TreeChangesetValidator {
  /// Validates a tree diff between `old` and `new`.
  ///
  /// - Parameter allowsMovedAndUpdated: Whether a node may be both moved and updated (Tether's
  ///   normalization). Pass `false` for a consumer that cannot split such a change.
  /// - Complexity: O(n + k d log(k d)) for trees of n nodes and k entries with paths of length d.
  public static func validate<Tree: TreeProtocol>(
    _ diff: OrderedCollectionDiff<IndexPath>,
    from old: Tree,
    to new: Tree,
    allowsMovedAndUpdated: Bool = true
  ) throws(TreeChangesetValidationError) {
    var sources: [(path: IndexPath, change: Change)] = []
    for path in diff.deletes { sources.append((path, .delete)) }
    for path in diff.updates { sources.append((path, .update)) }
    for move in diff.moves { sources.append((move.from, .moveSource)) }
    var targets: [(path: IndexPath, change: Change)] = []
    for path in diff.inserts { targets.append((path, .insert)) }
    for move in diff.moves { targets.append((move.to, .moveTarget)) }

    for entry in sources { try checkInRange(entry.path, entry.change, in: old) }
    for entry in targets { try checkInRange(entry.path, entry.change, in: new) }
    try checkDistinct(sources, allowsMovedAndUpdated: allowsMovedAndUpdated)
    try checkDistinct(targets, allowsMovedAndUpdated: allowsMovedAndUpdated)
    try checkNesting(sources, container: .delete, passThrough: .moveSource) { change, path, container throws(Error) in
      throw .insideDeletedSubtree(change: change, path: path, deleted: container)
    }
    try checkNesting(targets, container: .insert, passThrough: .moveTarget) { change, path, container throws(Error) in
      throw .insideInsertedSubtree(change: change, path: path, inserted: container)
    }
    if diff.isEmpty {
      try checkSameShape(TreeShape(old), TreeShape(new))
      return
    }

    var generator = TreePatchGenerator<Tree>(diff: diff, tree: new)
    generator.prepare()
    var sourceParents: [IndexPath: Int32] = [IndexPath(): 0]
    for entry in sources where entry.change != .update {
      let parent = entry.path.dropLast()
      if sourceParents[parent] == nil { sourceParents[parent] = generator.resolveSource(parent, "parent") }
    }
    let patch = generator.generate()
    let (oldShape, newShape) = (TreeShape(old), TreeShape(new))
    if let path = generator.unreachableUpdate {
      // The replay put an updated node where the final tree has none: the counts on the way
      // cannot add up. Reported where the path leaves the final tree.
      let (depth, count) = newShape.firstOutOfRange(path, inserting: false) ?? (path.count - 1, 0)
      throw .shapeMismatch(finalPath: path.prefix(depth), actualCount: path[depth] + 1, expectedCount: count)
    }
    try checkCounts(diff, generator: &generator, sourceParents: sourceParents, old: oldShape, new: newShape)

    var shape = oldShape
    for operation in patch {
      // Entries that add up per node place every operation in range; a failure here means the
      // entries contradict each other.
      if let (parent, count) = shape.apply(operation) {
        throw .shapeMismatch(finalPath: parent, actualCount: count, expectedCount: count + 1)
      }
    }
    try checkSameShape(shape, newShape)
  }

  /// Validates a tree patch on `old`: each operation's paths must address nodes of the tree as it
  /// is right before that operation (an insert's or a move target's last index may be the number
  /// of children, appending).
  ///
  /// - Complexity: O(n + k (d + c)) for a tree of n nodes and k operations.
  public static func validate<Tree: TreeProtocol>(
    _ patch: [OrderedCollectionOperation<Tree.ChildNode, IndexPath>],
    on old: Tree
  ) throws(TreeChangesetValidationError) {
    var shape = TreeShape(old)
    for (step, operation) in patch.enumerated() {
      let checks: [(IndexPath, Change, Bool)]
      switch operation {
      case .insert(_, let path): checks = [(path, .insert, true)]
      case .delete(let path): checks = [(path, .delete, false)]
      case .update(let path, _): checks = [(path, .update, false)]
      case .move(let from, _): checks = [(from, .moveSource, false)]
      }
      for (path, change, inserting) in checks {
        if path.isEmpty { throw .emptyIndexPath(change: change) }
        if let (depth, count) = shape.firstOutOfRange(path, inserting: inserting) {
          throw .patchIndexOutOfRange(step: step, change: change, path: path, depth: depth, childCount: count)
        }
      }
      if case .move(let from, let to) = operation {
        if to.isEmpty { throw .emptyIndexPath(change: .moveTarget) }
        // Moved in place: checking the target on a copy of the shape copied the source's sibling
        // array for every move, O(k c) for k moves among c siblings.
        let node = shape.remove(at: from)
        if let (depth, count) = shape.firstOutOfRange(to, inserting: true) {
          throw .patchIndexOutOfRange(step: step, change: .moveTarget, path: to, depth: depth, childCount: count)
        }
        shape.insert(node, at: to)
        continue
      }
      _ = shape.apply(operation)
    }
  }

  /// The error every validation throws.
  public typealias Error = TreeChangesetValidationError
  typealias Change = ChangesetValidationError.Change

  private static func checkInRange<Tree: TreeProtocol>(
    _ path: IndexPath,
    _ change: Change,
    in tree: Tree
  ) throws(Error) {
    if path.isEmpty { throw .emptyIndexPath(change: change) }
    var count = tree.children.count
    var node: Tree.ChildNode?
    for depth in 0..<path.count {
      let index = path[depth]
      guard index >= 0, index < count else {
        throw .indexOutOfRange(change: change, path: path, depth: depth, childCount: count)
      }
      let next =
        node.map { $0.children[$0.children.startIndex + index] } ?? tree.children[tree.children.startIndex + index]
      node = next
      count = next.children.count
    }
  }

  private static func rank(_ change: Change) -> Int {
    switch change {
    case .delete, .insert: 0
    case .update, .moveTarget: 1
    case .moveSource: 2
    }
  }

  private static func checkDistinct(
    _ entries: [(path: IndexPath, change: Change)],
    allowsMovedAndUpdated: Bool
  ) throws(Error) {
    let sorted = entries.sorted { $0.path == $1.path ? rank($0.change) < rank($1.change) : $0.path < $1.path }
    for (first, second) in zip(sorted, sorted.dropFirst()) where first.path == second.path {
      if first.change == second.change { throw .duplicateIndexPath(change: first.change, path: first.path) }
      if allowsMovedAndUpdated && first.change == .update && second.change == .moveSource { continue }
      throw .conflictingChanges(path: first.path, first: first.change, second: second.change)
    }
  }

  /// Throws for an entry whose nearest listed ancestor (a `container` or a `passThrough` entry) is
  /// a `container`, unless the entry itself is a `passThrough`.
  private static func checkNesting(
    _ entries: [(path: IndexPath, change: Change)],
    container: Change,
    passThrough: Change,
    fail: (Change, IndexPath, IndexPath) throws(Error) -> Void
  ) throws(Error) {
    var kinds: [IndexPath: Change] = [:]
    for entry in entries where entry.change == container || entry.change == passThrough {
      kinds[entry.path] = entry.change
    }
    // In sorted order an entry's listed ancestors come before it and stay on `ancestors` until a
    // path outside them turns up, so the nearest one is the top of the stack: O(k d) in all, with
    // no path built per prefix.
    let listed = kinds.sorted { $0.key < $1.key }
    var ancestors: [(path: IndexPath, change: Change)] = []
    var nearest = [(path: IndexPath, change: Change)?](repeating: nil, count: entries.count)
    var next = 0
    for position in entries.indices.sorted(by: { entries[$0].path < entries[$1].path }) {
      let path = entries[position].path
      while next < listed.count, listed[next].key < path {
        let candidate = listed[next]
        while let top = ancestors.last, !top.path.isAncestor(of: candidate.key) { ancestors.removeLast() }
        ancestors.append((candidate.key, candidate.value))
        next += 1
      }
      while let top = ancestors.last, !top.path.isAncestor(of: path) { ancestors.removeLast() }
      nearest[position] = ancestors.last
    }
    for (position, entry) in entries.enumerated() where entry.change != passThrough && kinds[entry.path] != passThrough
    {
      if let ancestor = nearest[position], ancestor.change == container {
        try fail(entry.change, entry.path, ancestor.path)
      }
    }
  }

  /// Checks that the children of every surviving node with entries add up.
  private static func checkCounts<Tree: TreeProtocol>(
    _ diff: OrderedCollectionDiff<IndexPath>,
    generator: inout TreePatchGenerator<Tree>,
    sourceParents: [IndexPath: Int32],
    old: TreeShape,
    new: TreeShape
  ) throws(Error) {
    var tallies: [Int32: Tally] = [:]
    var finalParents: [IndexPath: Int32] = [:]
    func finalParent(_ path: IndexPath) -> Int32 {
      if let known = finalParents[path] { return known }
      let node = generator.resolveFinal(path)
      finalParents[path] = node
      return node
    }
    for path in diff.deletes { tallies[sourceParents[path.dropLast()]!, default: Tally()].deleted += 1 }
    for path in diff.inserts { tallies[finalParent(path.dropLast()), default: Tally()].inserted += 1 }
    for move in diff.moves {
      let source = sourceParents[move.from.dropLast()]!
      let target = finalParent(move.to.dropLast())
      if source != target {
        tallies[source, default: Tally()].movedOut += 1
        tallies[target, default: Tally()].movedIn += 1
      }
    }
    let tracker = generator.tracker
    func sourcePath(_ node: Int32) -> IndexPath? {
      var reversed: [Int] = []
      var current = node
      while current != 0 {
        guard tracker[current].kind == .original else { return nil }
        reversed.append(tracker[current].oldIndex)
        current = tracker[current].oldParent
      }
      return IndexPath(indexes: reversed.reversed())
    }
    var checks: [(source: IndexPath, final: IndexPath, tally: Tally)] = []
    for (node, tally) in tallies {
      guard let source = sourcePath(node), let final = tracker.path(of: node) else { continue }
      checks.append((source, final, tally))
    }
    checks.sort { $0.source < $1.source }
    for (source, final, tally) in checks {
      // A final path off the final tree is reported by the shape comparison that follows.
      guard let oldCount = old.childCount(at: source), let newCount = new.childCount(at: final) else { continue }
      if oldCount - tally.deleted - tally.movedOut + tally.inserted + tally.movedIn != newCount {
        throw .countMismatch(
          sourcePath: source, finalPath: final, oldCount: oldCount, inserted: tally.inserted,
          deleted: tally.deleted, movedIn: tally.movedIn, movedOut: tally.movedOut, newCount: newCount)
      }
    }
  }

  private struct Tally {
    var deleted = 0
    var movedOut = 0
    var inserted = 0
    var movedIn = 0
  }

  private static func checkSameShape(_ actual: TreeShape, _ expected: TreeShape) throws(Error) {
    if let (path, actualCount, expectedCount) = actual.firstDifference(from: expected) {
      throw .shapeMismatch(finalPath: path, actualCount: actualCount, expectedCount: expectedCount)
    }
  }
}

extension OrderedCollectionDiff where Index == IndexPath {
  /// Throws if this tree diff cannot describe a change from `old` to `new`.
  ///
  /// Same as ``TreeChangesetValidator/validate(_:from:to:allowsMovedAndUpdated:)``.
  ///
  /// - Complexity: O(n + k d log(k d)) for trees of n nodes and k entries with paths of length d.
  public func validate<Tree: TreeProtocol>(
    from old: Tree,
    to new: Tree,
    allowsMovedAndUpdated: Bool = true
  ) throws(TreeChangesetValidationError) {
    try TreeChangesetValidator.validate(self, from: old, to: new, allowsMovedAndUpdated: allowsMovedAndUpdated)
  }
}

extension TreeChangeset {
  /// Throws if this changeset cannot follow `old`: its diff must be valid from `old` to
  /// ``collection``, and its patch must apply to `old`. A reload is always valid. The form the
  /// changeset was made with is checked first, so an invalid one is reported, not derived from.
  ///
  /// - Complexity: O(n + k d log(k d)) for trees of n nodes and k changes.
  public func validate(from old: Tree) throws(TreeChangesetValidationError) {
    if isReload { return }
    // The given form first: the other one is derived from it, and deriving trusts it (a patch
    // derived from an invalid diff trapped here before issue 25).
    if givenForms == .diff {
      try TreeChangesetValidator.validate(diff, from: old, to: collection)
      try TreeChangesetValidator.validate(patch, on: old)
    } else {
      try TreeChangesetValidator.validate(patch, on: old)
      try TreeChangesetValidator.validate(diff, from: old, to: collection)
    }
  }
}
