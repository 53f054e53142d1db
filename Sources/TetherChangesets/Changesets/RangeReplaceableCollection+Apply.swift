import TetherSynchronization

extension RangeReplaceableCollection {
  /// Applies the operations of an ordered patch in order; each operation's offsets refer to the
  /// collection as it is right before that operation.
  ///
  /// ```swift
  /// var letters = ["a", "b", "c"]
  /// letters.apply([.delete(at: 0), .insert("d", at: 2), .move(from: 0, to: 1)])
  /// // letters == ["c", "b", "d"]
  /// ```
  ///
  /// A long patch that would shift many elements (moves and inserts far from the end) is not
  /// replayed operation by operation: its final state is worked out from the positions alone and
  /// the collection is rebuilt in one pass, with the same result.
  ///
  /// - Precondition: Every offset is in range for the state it applies to; otherwise this traps
  ///   with a message naming the offset and the element count (before changing anything when the
  ///   collection is rebuilt).
  /// - Complexity: O(min(k · n, n + k log k)) for k operations on n elements; O(1) per operation
  ///   at the end of an array.
  @inlinable
  public mutating func apply(_ patch: [OrderedCollectionOperation<Element, Int>]) {
    if PatchApplication.prefersRebuilding(patch, count: count) {
      applyByRebuilding(patch)
    } else {
      applyByReplaying(patch)
    }
  }

  /// Applies `patch` operation by operation.
  ///
  /// - Complexity: O(k · n) for k operations on n elements in the worst case.
  @inlinable
  mutating func applyByReplaying(_ patch: [OrderedCollectionOperation<Element, Int>]) {
    for operation in patch {
      apply(operation)
    }
  }

  /// Applies `patch` by working out where every element ends up (``PatchTracker``) and building the
  /// result in one pass.
  ///
  /// - Complexity: O(n + k log k) for k operations on n elements.
  @usableFromInline
  package mutating func applyByRebuilding(_ patch: [OrderedCollectionOperation<Element, Int>]) {
    let pieces = PatchTracker.layout(of: PatchStep.steps(of: patch), sourceCount: count)
    let source = ContiguousArray(self)
    var result: [Element] = []
    result.reserveCapacity(Swift.max(0, source.count + PatchApplication.countChange(of: patch)))
    for piece in pieces {
      if piece.gap > 0 { result.append(contentsOf: source[piece.gapOrigin..<(piece.gapOrigin + piece.gap)]) }
      if piece.element >= 0 {
        result.append(source[piece.element])
      } else if piece.element == -1 {
        switch patch[piece.value] {
        case .insert(let element, _), .update(_, let element): result.append(element)
        case .delete, .move: tetherPreconditionFailure("Patch operation \(piece.value) carries no element")
        }
      }
    }
    if let rebuilt = result as? Self {
      self = rebuilt
    } else {
      replaceSubrange(startIndex..<endIndex, with: result)
    }
  }

  /// Applies one patch operation; its offsets refer to the collection as it is now.
  ///
  /// - Complexity: O(n) in the worst case.
  @inlinable
  public mutating func apply(_ operation: OrderedCollectionOperation<Element, Int>) {
    let count = self.count
    switch operation {
    case .insert(let element, let offset):
      checkOffset(offset, allowed: count + 1, count: count)
      insert(element, at: index(startIndex, offsetBy: offset))
    case .delete(let offset):
      checkOffset(offset, allowed: count, count: count)
      remove(at: index(startIndex, offsetBy: offset))
    case .update(let offset, let element):
      checkOffset(offset, allowed: count, count: count)
      let position = index(startIndex, offsetBy: offset)
      replaceSubrange(position..<index(after: position), with: CollectionOfOne(element))
    case .move(let from, let to):
      checkOffset(from, allowed: count, count: count)
      checkOffset(to, allowed: count, count: count)
      if from == to { return }
      let element = remove(at: index(startIndex, offsetBy: from))
      insert(element, at: index(startIndex, offsetBy: to))
    }
  }

  /// A copy of this collection with the operations of `patch` applied in order.
  ///
  /// - Complexity: As applying the patch in place, plus a copy.
  public func applying(_ patch: [OrderedCollectionOperation<Element, Int>]) -> Self {
    var copy = self
    copy.apply(patch)
    return copy
  }

  @inlinable
  func checkOffset(_ offset: Int, allowed: Int, count: Int) {
    if _slowPath(offset < 0 || offset >= allowed) { offsetOutOfRange(offset, count: count) }
  }
}

/// Traps naming `offset` and `count`: out of line, so that the inlined check stays small.
@usableFromInline @inline(never)
func offsetOutOfRange(_ offset: Int, count: Int) -> Never {
  tetherPreconditionFailure("Index \(offset) is out of range for a collection of \(count) elements")
}

/// When applying a patch by rebuilding the collection beats replaying it.
@usableFromInline
package enum PatchApplication {
  /// Whether replaying `patch` on an array of `count` elements would shift so many elements that
  /// rebuilding (O(n + k log k), about a thousand shifted elements' worth of work per operation)
  /// is cheaper.
  ///
  /// - Complexity: O(k) for k operations.
  @inlinable
  package static func prefersRebuilding<Element>(
    _ patch: [OrderedCollectionOperation<Element, Int>], count: Int
  ) -> Bool {
    // Short patches never pay for the tracker and the copy.
    if patch.count < 64 { return false }
    let budget = 2 * count + 1_024 * patch.count
    var count = count
    var shifted = 0
    for operation in patch {
      switch operation {
      case .insert(_, let index):
        shifted += max(0, count - index)
        count += 1
      case .delete(let index):
        shifted += max(0, count - index)
        count -= 1
      case .update: break
      case .move(let from, let to): shifted += max(0, 2 * count - from - to)
      }
      if shifted > budget { return true }
    }
    return false
  }

  /// The number of elements `patch` adds (negative when it removes more than it inserts).
  static func countChange<Element>(of patch: [OrderedCollectionOperation<Element, Int>]) -> Int {
    var change = 0
    for operation in patch {
      switch operation {
      case .insert: change += 1
      case .delete: change -= 1
      case .update, .move: break
      }
    }
    return change
  }
}
