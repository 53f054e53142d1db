extension DiffCollection {
  /// Debug builds: checks the rows touched by a mutation against their neighbours and the counts.
  ///
  /// The full check is O(*n*) with filter calls; this one is O(1) so debug builds stay usable with
  /// large collections. Tests call ``_checkInvariants()`` for the full check.
  @inlinable
  @inline(__always)
  func _checkInvariants(around touched: [(bin: Int, row: Int)]) {
    #if DEBUG
    precondition(storage.count == filters.count, "one bin per filter")
    for (binIndex, row) in touched {
      let bin = storage[binIndex]
      precondition(bin.chunks.count == bin.ends.count, "bin \(binIndex): chunks and ends differ in count")
      for neighbour in max(row - 1, 0)..<min(row + 1, bin.count) where neighbour + 1 < bin.count {
        precondition(
          precedes(
            bin[row: neighbour], bin.stamp(atRow: neighbour), bin[row: neighbour + 1], bin.stamp(atRow: neighbour + 1)),
          "bin \(binIndex): rows \(neighbour) and \(neighbour + 1) are out of order"
        )
      }
    }
    #endif
  }

  /// Checks every invariant: each stored element is in the first bin that accepts it, at a row
  /// consistent with its recorded location, every bin is in (sort order, arrival) order, and the
  /// identity index matches the bins exactly.
  ///
  /// - Complexity: O(*n* × *f*) filter calls, for tests.
  public func _checkInvariants() {
    precondition(storage.count == filters.count, "one bin per filter")
    var total = 0
    for (binIndex, bin) in storage.enumerated() {
      bin.checkChunks("bin \(binIndex)")
      let elements = bin.elements
      let stamps = bin.chunks.flatMap { $0.stamps }
      total += elements.count
      for row in elements.indices {
        let element = elements[row]
        let first = filters.firstIndex { $0.filter(element) }
        precondition(first == binIndex, "bin \(binIndex) row \(row) belongs in bin \(String(describing: first))")
        guard let location = locations[identify(element)] else {
          preconditionFailure("bin \(binIndex) row \(row) is missing from the identity index")
        }
        precondition(
          location.bin == binIndex && location.stamp == stamps[row] && location.element == element,
          "bin \(binIndex) row \(row) disagrees with the identity index"
        )
        if row + 1 < elements.count {
          precondition(
            precedes(element, stamps[row], elements[row + 1], stamps[row + 1]),
            "bin \(binIndex): rows \(row) and \(row + 1) are out of order"
          )
        }
      }
    }
    precondition(total == locations.count, "the identity index has \(locations.count) entries for \(total) rows")
  }
}
