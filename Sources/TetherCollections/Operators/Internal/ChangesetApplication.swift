import TetherChangesets
import TetherSynchronization

/// How an operator brings its output array up to date after translating a changeset into an
/// output patch: applying the patch in place costs O(n) element moves per operation in the worst
/// case (cheap for appends and a few edits), rebuilding costs O(n) once.
enum OutputUpdate {
  /// The largest output patch applied in place; larger ones rebuild the output.
  static let inPlaceLimit = 16

  static func appliesInPlace(patchCount: Int) -> Bool {
    patchCount <= inPlaceLimit
  }
}

/// The collection an ordered collection operator keeps and emits: `[Element]` for array sources
/// (and sets, dictionaries, sections), `PersistentArray<Element>` for list sources.
///
/// The operator keeps its output and hands the same value downstream, so an observer that keeps
/// it makes the operator's next update copy it: O(n) for an array, O(log n) per changed element
/// for a `PersistentArray`, whose copies share structure. Hence list sources get list outputs.
protocol OperatorOutput<Element>: RangeReplaceableCollection, MutableCollection where Index == Int {
  /// Moves the element at offset `from` to offset `to`, both in range and different, in the
  /// collection's cheapest way.
  mutating func moveOperatorElement(from: Int, to: Int)

  /// The largest output patch applied in place to an output of `count` elements; larger ones
  /// rebuild the output, in O(n).
  static func inPlaceLimit(count: Int) -> Int
}

extension OperatorOutput {
  /// Applies an ordered patch in place (each operation on the state right before it).
  ///
  /// The same as `apply(_:)` from TetherChangesets, without its generic index arithmetic.
  ///
  /// - Precondition: Every offset is in range for the state it applies to; otherwise this traps
  ///   naming the offset and the element count.
  /// - Complexity: Per operation, O(log n) for a `PersistentArray` (a copy shared with a kept
  ///   snapshot costs only the leaf and index nodes it changes); for an `Array`, O(n) element moves
  ///   at worst, O(1) at the end and O(|from - to|) for a move.
  mutating func applyOperatorPatch(_ patch: [OrderedCollectionOperation<Element, Int>]) {
    for operation in patch {
      switch operation {
      case .insert(let element, let offset):
        if offset < 0 || offset > count { operatorIndexOutOfRange(offset, count: count) }
        insert(element, at: offset)
      case .delete(let offset):
        if offset < 0 || offset >= count { operatorIndexOutOfRange(offset, count: count) }
        remove(at: offset)
      case .update(let offset, let element):
        if offset < 0 || offset >= count { operatorIndexOutOfRange(offset, count: count) }
        self[offset] = element
      case .move(let from, let to):
        if from < 0 || from >= count { operatorIndexOutOfRange(from, count: count) }
        if to < 0 || to >= count { operatorIndexOutOfRange(to, count: count) }
        if from != to { moveOperatorElement(from: from, to: to) }
      }
    }
  }

  /// Whether an output patch of `patchCount` operations is applied in place to `self`.
  func appliesInPlace(patchCount: Int) -> Bool {
    patchCount <= Self.inPlaceLimit(count: count)
  }

  /// Applies a diff the way a table view performs a batch update: deleted and moved-away elements
  /// leave, moved elements take their targets, inserted elements and updated elements take the
  /// values `makeNew` gives for their final offsets, and the other survivors fill the remaining
  /// places in their old order.
  ///
  /// - Precondition: `diff` is valid from `count` elements to `newCount` elements.
  /// - Complexity: O(n + k) for n elements and a diff with k entries (O(n + k log n) for a
  ///   `PersistentArray`, whose moved elements are read by offset), plus one call of `makeNew` per
  ///   inserted or updated element.
  func batchApplying(
    _ diff: OrderedCollectionDiff<Int>,
    newCount: Int,
    makeNew: (Int) -> Element
  ) -> Self {
    var result = [Element?](repeating: nil, count: newCount)
    var leaves = [Bool](repeating: false, count: count)
    var updated = [Bool](repeating: false, count: count)
    for index in diff.deletes { leaves[index] = true }
    for index in diff.updates { updated[index] = true }
    for index in diff.inserts { result[index] = makeNew(index) }
    for move in diff.moves {
      leaves[move.from] = true
      result[move.to] = updated[move.from] ? makeNew(move.to) : self[move.from]
    }
    var slot = 0
    // Survivors in one pass of iteration, not by offset: iterating a `PersistentArray` is
    // amortized O(1) per element, reading by offset O(log n).
    for (index, element) in zip(indices, self) where !leaves[index] {
      while result[slot] != nil { slot += 1 }
      result[slot] = updated[index] ? makeNew(slot) : element
    }
    return Self(result.lazy.map { $0! })
  }
}

extension Array: OperatorOutput {
  /// Each operation in place moves O(n) elements at worst, so past 16 a rebuild is cheaper.
  static func inPlaceLimit(count: Int) -> Int {
    OutputUpdate.inPlaceLimit
  }
}

extension PersistentArray: OperatorOutput {
  /// Each operation in place costs O(log n), a rebuild O(n): in place up to about n / 32
  /// operations (and at least 16).
  static func inPlaceLimit(count: Int) -> Int {
    Swift.max(OutputUpdate.inPlaceLimit, count / 32)
  }

  mutating func moveOperatorElement(from: Int, to: Int) {
    move(from: from, to: to)
  }
}

extension OrderedCollectionOperation {
  /// The operation with its element (if it carries one) transformed.
  func mapElement<NewElement>(_ transform: (Element) -> NewElement) -> OrderedCollectionOperation<NewElement, Index> {
    switch self {
    case .insert(let element, let index): .insert(transform(element), at: index)
    case .delete(let index): .delete(at: index)
    case .update(let index, let element): .update(at: index, newElement: transform(element))
    case .move(let from, let to): .move(from: from, to: to)
    }
  }
}

/// Traps with the house message for an offset out of range of an operator's state.
func operatorIndexOutOfRange(_ index: Int, count: Int) -> Never {
  tetherPreconditionFailure("Index \(index) is out of range for a collection of \(count) elements")
}

/// Traps when a changeset's collection does not have the size its patch leads to.
func operatorCountMismatch(patchLeavesCount: Int, collectionCount: Int) -> Never {
  tetherPreconditionFailure(
    "A changeset's patch leaves \(patchLeavesCount) elements but its collection has \(collectionCount) elements"
  )
}

extension Array {
  /// Moves one element, shifting only the elements between its old and new offsets (a remove and
  /// an insert would each shift the whole tail).
  mutating func moveOperatorElement(from: Int, to: Int) {
    withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      let element = (base + from).move()
      if from < to {
        (base + from).moveInitialize(from: base + from + 1, count: to - from)
      } else {
        (base + to + 1).moveInitialize(from: base + to, count: from - to)
      }
      (base + to).initialize(to: element)
    }
  }
}
