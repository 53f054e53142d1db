import Foundation
import TetherSynchronization

extension DiffCollection {
  /// Stores `element`, or replaces the stored element with the same identity, re-running the
  /// filters to decide its bin.
  ///
  /// - A new element goes to the first bin whose filter accepts it (``DiffCollectionResult/added``).
  /// - A stored element equal to `element` is left alone (`.unchanged`, no paths).
  /// - A stored element that changed but keeps its bin and row is replaced in place (`.updated`).
  /// - A stored element whose new value belongs to another bin, or to another row of a sorted bin,
  ///   is deleted from its old path and added at its new one (`.moved`).
  /// - When no filter accepts `element`, it is not stored (`.rejected`); a stored element with the
  ///   same identity is removed and its old path reported as deleted.
  ///
  /// - Returns: the change as index paths (deleted: before the call; added and updated: after it).
  /// - Complexity: O(*f* + log *n*) filter calls and comparisons, *f* being the number of filters
  ///   and *n* the size of the bins involved, plus O(*n* / 512) bookkeeping (bins are stored in
  ///   chunks of at most 512 rows, so a change shifts at most one chunk).
  @inlinable
  @discardableResult
  public mutating func update(element: Element) -> DiffCollectionResult {
    let id = identify(element)
    let target = filters.firstIndex { $0.filter(element) }
    guard let old = locations[id] else {
      guard let target else { return DiffCollectionResult(outcome: .rejected) }
      let stamp = nextStamp
      nextStamp += 1
      let row = insert(element, stamp: stamp, into: target)
      locations[id] = Location(bin: target, stamp: stamp, element: element)
      _checkInvariants(around: [(target, row)])
      return DiffCollectionResult(added: [IndexPath(bin: target, row: row)], outcome: .added)
    }
    guard let target else {
      let row = remove(old)
      locations[id] = nil
      _checkInvariants(around: [(old.bin, row)])
      return DiffCollectionResult(deleted: [IndexPath(bin: old.bin, row: row)], outcome: .rejected)
    }
    if target == old.bin {
      if old.element == element { return DiffCollectionResult(outcome: .unchanged) }
      let oldPosition = position(of: old)
      let oldRow = storage[target].row(of: oldPosition)
      if fits(element, stamp: old.stamp, at: oldRow, in: target) {
        storage[target].replace(at: oldPosition, with: element)
        locations[id]!.element = element
        _checkInvariants(around: [(target, oldRow)])
        return DiffCollectionResult(updated: [IndexPath(bin: target, row: oldRow)], outcome: .updated)
      }
      storage[target].remove(at: oldPosition)
      let newRow = insert(element, stamp: old.stamp, into: target)
      locations[id]!.element = element
      _checkInvariants(around: [(target, newRow)])
      return DiffCollectionResult(
        deleted: [IndexPath(bin: target, row: oldRow)],
        added: [IndexPath(bin: target, row: newRow)],
        outcome: .moved
      )
    }
    // Moving in from another bin counts as arriving now: last among equals.
    let oldRow = remove(old)
    let stamp = nextStamp
    nextStamp += 1
    let newRow = insert(element, stamp: stamp, into: target)
    locations[id] = Location(bin: target, stamp: stamp, element: element)
    _checkInvariants(around: [(old.bin, oldRow), (target, newRow)])
    return DiffCollectionResult(
      deleted: [IndexPath(bin: old.bin, row: oldRow)],
      added: [IndexPath(bin: target, row: newRow)],
      outcome: .moved
    )
  }

  /// Removes the stored element with the same identity as `element`, if any.
  ///
  /// Only the identity of `element` matters, not its other content.
  ///
  /// - Returns: the old path as ``DiffCollectionResult/deleted`` (`.deleted`), or an empty result
  ///   (`.notFound`) when no such element is stored.
  /// - Complexity: O(log *n*) comparisons plus O(*n* / 512) bookkeeping, *n* being the size of its bin.
  @inlinable
  @discardableResult
  public mutating func delete(element: Element) -> DiffCollectionResult {
    delete(id: identify(element))
  }

  /// Removes the stored element with identity `id`, if any.
  ///
  /// - Returns: the old path as ``DiffCollectionResult/deleted`` (`.deleted`), or an empty result
  ///   (`.notFound`) when no such element is stored.
  /// - Complexity: O(log *n*) comparisons plus O(*n* / 512) bookkeeping, *n* being the size of its bin.
  @inlinable
  @discardableResult
  public mutating func delete(id: ID) -> DiffCollectionResult {
    guard let old = locations.removeValue(forKey: id) else { return DiffCollectionResult(outcome: .notFound) }
    let row = remove(old)
    _checkInvariants(around: [(old.bin, row)])
    return DiffCollectionResult(deleted: [IndexPath(bin: old.bin, row: row)], outcome: .deleted)
  }

  /// Removes every element, keeping the filters.
  ///
  /// Returns no paths: a caller showing the bins should reload them.
  ///
  /// - Complexity: O(*n*)
  public mutating func removeAll() {
    let chunkCapacity = storage.first?.chunkCapacity ?? Bin.defaultChunkCapacity
    storage = Array(repeating: Bin(chunkCapacity: chunkCapacity), count: filters.count)
    locations = [:]
  }

  // MARK: Positions

  /// Whether row entry (`a`, `aStamp`) comes before (`b`, `bStamp`): by the sort order, then stamp.
  @inlinable
  @inline(__always)
  func precedes(_ a: Element, _ aStamp: UInt64, _ b: Element, _ bStamp: UInt64) -> Bool {
    if let areInIncreasingOrder {
      if areInIncreasingOrder(a, b) { return true }
      if areInIncreasingOrder(b, a) { return false }
    }
    return aStamp < bStamp
  }

  /// The first position in bin `binIndex` whose entry does not precede (`element`, `stamp`).
  @inlinable
  func lowerBound(of element: Element, stamp: UInt64, in binIndex: Int) -> Bin.Position {
    if areInIncreasingOrder == nil {
      // Unsorted bins are ordered by stamp alone: no need to look at elements.
      return storage[binIndex].lowerBound { _, entryStamp in entryStamp < stamp }
    }
    return storage[binIndex].lowerBound { entry, entryStamp in precedes(entry, entryStamp, element, stamp) }
  }

  /// The position of a stored element in its bin.
  @inlinable
  func position(of location: Location) -> Bin.Position {
    let bin = storage[location.bin]
    let position = lowerBound(of: location.element, stamp: location.stamp, in: location.bin)
    if position.chunk < bin.chunks.count, position.offset < bin.chunks[position.chunk].stamps.count,
      bin.chunks[position.chunk].stamps[position.offset] == location.stamp
    {
      return position
    }
    // Only reachable when the sort order is not a strict weak ordering or not pure; a linear
    // search still finds the right row, so the reported paths stay correct.
    guard let found = bin.linearPosition(ofStamp: location.stamp) else {
      tetherPreconditionFailure("DiffCollection lost track of an element in bin \(location.bin)")
    }
    return found
  }

  /// Whether (`element`, `stamp`) sorts between the neighbours of `row` in bin `binIndex`.
  @inlinable
  func fits(_ element: Element, stamp: UInt64, at row: Int, in binIndex: Int) -> Bool {
    guard areInIncreasingOrder != nil else { return true }
    let bin = storage[binIndex]
    if row > 0, !precedes(bin[row: row - 1], bin.stamp(atRow: row - 1), element, stamp) { return false }
    if row + 1 < bin.count, !precedes(element, stamp, bin[row: row + 1], bin.stamp(atRow: row + 1)) {
      return false
    }
    return true
  }

  /// Inserts an entry at its sorted row in bin `binIndex` and returns that row.
  @inlinable
  mutating func insert(_ element: Element, stamp: UInt64, into binIndex: Int) -> Int {
    let position = lowerBound(of: element, stamp: stamp, in: binIndex)
    let row = storage[binIndex].row(of: position)
    storage[binIndex].insert(element, stamp: stamp, at: position)
    return row
  }

  /// Removes a stored element's entry from its bin and returns the row it had.
  @inlinable
  mutating func remove(_ location: Location) -> Int {
    let position = position(of: location)
    let row = storage[location.bin].row(of: position)
    storage[location.bin].remove(at: position)
    return row
  }
}
