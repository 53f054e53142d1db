extension OrderedCollectionDiff where Index == Int {
  /// The batch-update diff of a patch on a collection of `sourceCount` elements.
  ///
  /// Every element is followed through the patch: an original element deleted by the patch is a
  /// delete; one moved (once or several times) and still present is a move from its source offset
  /// to its final offset; one updated is an update at its source offset. An element inserted by the
  /// patch and still present is an insert at its final offset, whatever later operations did to
  /// it. See ``OrderedCollectionChangeset`` for the normalization rules. The parts are sorted.
  ///
  /// - Parameters:
  ///   - patch: Operations, each applying to the state right before it.
  ///   - sourceCount: The number of elements before the patch.
  /// - Precondition: Every index is in range for the state it applies to.
  /// - Complexity: O(k log k) for k operations, independent of `sourceCount`.
  @inlinable
  public init<Element>(from patch: [OrderedCollectionOperation<Element, Int>], sourceCount: Int) {
    // Inlinable so that the one loop that depends on `Element` is specialized at the call site;
    // the tracker itself is not generic.
    self = PatchTracker.diff(of: PatchStep.steps(of: patch), sourceCount: sourceCount)
  }

  /// The diff of a patch that ends with `finalCount` elements (the source count follows from the
  /// patch's inserts and deletes).
  @inlinable
  init<Element>(from patch: [OrderedCollectionOperation<Element, Int>], finalCount: Int) {
    let steps = PatchStep.steps(of: patch)
    var sourceCount = finalCount
    for step in steps {
      switch step.kind {
      case .insert: sourceCount -= 1
      case .delete: sourceCount += 1
      case .update, .move: break
      }
    }
    self = PatchTracker.diff(of: steps, sourceCount: sourceCount)
  }

  /// A patch that performs this diff, reading inserted and updated elements from `collection`
  /// (the final state).
  ///
  /// The patch is ordered so that every operation applies to the state right before it:
  /// 1. updates, at their source offsets (nothing has moved yet);
  /// 2. deletes, from the highest source offset down (earlier deletes do not shift later ones);
  /// 3. moves, by ascending target; each moved element is moved exactly once, to the place its
  ///    target takes among the elements that are already final (see `DiffPatchPlanner`);
  /// 4. inserts, by ascending target offset.
  ///
  /// Converting the result back with ``init(from:sourceCount:)`` gives this diff, sorted.
  ///
  /// - Precondition: The diff is valid for `collection` (see ``ChangesetValidator``). An invalid
  ///   diff (an index out of range, one listed twice, a delete that is also moved) traps with a
  ///   message naming the problem rather than giving a wrong patch; validate a diff you did not
  ///   make before converting it.
  /// - Complexity: O(k log k) for a diff with k entries, plus reading k elements of `collection`.
  public func generatePatch<C: Collection>(to collection: C) -> [OrderedCollectionOperation<C.Element, Int>] {
    DiffPatchPlanner(diff: self, finalCount: collection.count).patch(reading: collection)
  }
}

extension OrderedCollectionDiff where Index: Comparable {
  /// This diff with each part sorted ascending (moves by source), the form derived diffs have:
  /// two diffs that list the same changes in different orders are equal once normalized. For
  /// offsets and for index paths alike.
  ///
  /// - Complexity: O(k log k) for a diff with k entries.
  public func normalized() -> Self {
    Self(
      inserts: inserts.sorted(),
      deletes: deletes.sorted(),
      updates: updates.sorted(),
      moves: moves.sorted { $0.from < $1.from }
    )
  }
}
