import TetherSynchronization

/// One bin's rows: (element, arrival stamp) entries in row order, stored in chunks.
///
/// A flat array would shift half the bin on every insert or remove; with chunks of at most
/// `chunkCapacity` entries a change shifts at most one chunk plus one `Int` per chunk in `ends`, so
/// large bins stay fast. `ends[i]` is the number of rows in chunks `0...i`, which turns a row into a
/// chunk by binary search.
///
/// Rows are ordered by a strict total order on entries chosen by the owner (the sort order, then the
/// stamp), so the owner finds any entry by binary search with ``lowerBound(where:)``.
@usableFromInline
struct DiffCollectionBin<Element> {
  @usableFromInline
  struct Chunk {
    @usableFromInline var elements: [Element]
    @usableFromInline var stamps: [UInt64]

    @inlinable
    init(elements: [Element], stamps: [UInt64]) {
      self.elements = elements
      self.stamps = stamps
    }
  }

  /// A place between or at rows: a chunk and an offset inside it (`offset == count` is its end).
  @usableFromInline
  struct Position {
    @usableFromInline var chunk: Int
    @usableFromInline var offset: Int

    @inlinable
    init(chunk: Int, offset: Int) {
      self.chunk = chunk
      self.offset = offset
    }
  }

  /// The default number of rows a bin keeps in one contiguous chunk.
  @usableFromInline static var defaultChunkCapacity: Int { 512 }

  @usableFromInline var chunks: [Chunk] = []
  @usableFromInline var ends: [Int] = []
  @usableFromInline let chunkCapacity: Int

  @inlinable
  init(chunkCapacity: Int) {
    tetherPrecondition(chunkCapacity >= 4, "A bin chunk must hold at least 4 elements, not \(chunkCapacity)")
    self.chunkCapacity = chunkCapacity
  }

  /// The number of rows.
  @inlinable
  var count: Int { ends.last ?? 0 }

  /// Every element in row order.
  @inlinable
  var elements: [Element] {
    if chunks.count == 1 { return chunks[0].elements }
    var result: [Element] = []
    result.reserveCapacity(count)
    for chunk in chunks { result.append(contentsOf: chunk.elements) }
    return result
  }

  /// The row of a position.
  @inlinable
  func row(of position: Position) -> Int {
    (position.chunk == 0 ? 0 : ends[position.chunk - 1]) + position.offset
  }

  /// The position of an existing row.
  @inlinable
  func position(ofRow row: Int) -> Position {
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = low + (high - low) / 2
      if ends[middle] <= row { low = middle + 1 } else { high = middle }
    }
    return Position(chunk: low, offset: row - (low == 0 ? 0 : ends[low - 1]))
  }

  /// The element at an existing row.
  @inlinable
  subscript(row row: Int) -> Element {
    let position = position(ofRow: row)
    return chunks[position.chunk].elements[position.offset]
  }

  /// The stamp at an existing row.
  @inlinable
  func stamp(atRow row: Int) -> UInt64 {
    let position = position(ofRow: row)
    return chunks[position.chunk].stamps[position.offset]
  }

  /// The first position whose entry does not precede the target, `precedesTarget` telling for an
  /// entry whether it comes before the target. Entries must be sorted so that `precedesTarget` is
  /// `true` for a prefix of the rows.
  @inlinable
  func lowerBound(where precedesTarget: (Element, UInt64) -> Bool) -> Position {
    guard !chunks.isEmpty else { return Position(chunk: 0, offset: 0) }
    // The first chunk whose last entry does not precede the target holds the bound, if any does.
    var low = 0
    var high = chunks.count
    while low < high {
      let middle = low + (high - low) / 2
      let chunk = chunks[middle]
      let last = chunk.elements.count - 1
      if precedesTarget(chunk.elements[last], chunk.stamps[last]) { low = middle + 1 } else { high = middle }
    }
    guard low < chunks.count else {
      return Position(chunk: chunks.count - 1, offset: chunks[chunks.count - 1].elements.count)
    }
    let chunk = chunks[low]
    var lowOffset = 0
    var highOffset = chunk.elements.count
    while lowOffset < highOffset {
      let middle = lowOffset + (highOffset - lowOffset) / 2
      if precedesTarget(chunk.elements[middle], chunk.stamps[middle]) {
        lowOffset = middle + 1
      } else {
        highOffset = middle
      }
    }
    return Position(chunk: low, offset: lowOffset)
  }

  /// The position of the entry with `stamp`, searching every row (for a sort order that broke its
  /// contract; never needed otherwise).
  @usableFromInline
  func linearPosition(ofStamp stamp: UInt64) -> Position? {
    for (index, chunk) in chunks.enumerated() {
      if let offset = chunk.stamps.firstIndex(of: stamp) { return Position(chunk: index, offset: offset) }
    }
    return nil
  }

  /// Inserts an entry at `position`, splitting its chunk if it overflows.
  @inlinable
  mutating func insert(_ element: Element, stamp: UInt64, at position: Position) {
    guard !chunks.isEmpty else {
      chunks = [Chunk(elements: [element], stamps: [stamp])]
      ends = [1]
      return
    }
    let index = position.chunk
    chunks[index].elements.insert(element, at: position.offset)
    chunks[index].stamps.insert(stamp, at: position.offset)
    for later in index..<ends.count { ends[later] += 1 }
    if chunks[index].elements.count > chunkCapacity { split(index) }
  }

  /// Replaces the element at `position`, keeping its stamp.
  @inlinable
  mutating func replace(at position: Position, with element: Element) {
    chunks[position.chunk].elements[position.offset] = element
  }

  /// Removes the entry at `position`, merging its chunk with a neighbour when it gets small.
  @inlinable
  mutating func remove(at position: Position) {
    let index = position.chunk
    chunks[index].elements.remove(at: position.offset)
    chunks[index].stamps.remove(at: position.offset)
    for later in index..<ends.count { ends[later] -= 1 }
    let remaining = chunks[index].elements.count
    if remaining == 0 {
      chunks.remove(at: index)
      ends.remove(at: index)
    } else if remaining < chunkCapacity / 4 {
      mergeIfSmall(index)
    }
  }

  @usableFromInline
  mutating func split(_ index: Int) {
    let half = chunks[index].elements.count / 2
    let upper = Chunk(
      elements: Array(chunks[index].elements[half...]),
      stamps: Array(chunks[index].stamps[half...])
    )
    chunks[index].elements.removeSubrange(half...)
    chunks[index].stamps.removeSubrange(half...)
    chunks.insert(upper, at: index + 1)
    ends.insert(ends[index], at: index + 1)
    ends[index] -= upper.elements.count
  }

  /// Merges chunk `index` into a neighbour when the two together fill at most 3/4 of a chunk, so
  /// that no run of tiny chunks builds up (the count of chunks stays O(rows / capacity)).
  @usableFromInline
  mutating func mergeIfSmall(_ index: Int) {
    let limit = chunkCapacity * 3 / 4
    let size = chunks[index].elements.count
    if index + 1 < chunks.count, size + chunks[index + 1].elements.count <= limit {
      merge(index + 1, into: index)
    } else if index > 0, size + chunks[index - 1].elements.count <= limit {
      merge(index, into: index - 1)
    }
  }

  /// Appends chunk `later` (which is `earlier + 1`) to chunk `earlier` and removes it.
  @usableFromInline
  mutating func merge(_ later: Int, into earlier: Int) {
    let moved = chunks.remove(at: later)
    chunks[earlier].elements.append(contentsOf: moved.elements)
    chunks[earlier].stamps.append(contentsOf: moved.stamps)
    ends.remove(at: earlier)
  }

  /// Checks the chunk bookkeeping (for tests and debug builds).
  @usableFromInline
  func checkChunks(_ name: String) {
    precondition(chunks.count == ends.count, "\(name): \(chunks.count) chunks but \(ends.count) ends")
    var total = 0
    for (index, chunk) in chunks.enumerated() {
      precondition(
        !chunk.elements.isEmpty && chunk.elements.count <= chunkCapacity,
        "\(name): chunk \(index) holds \(chunk.elements.count) entries (capacity \(chunkCapacity))"
      )
      precondition(chunk.elements.count == chunk.stamps.count, "\(name): chunk \(index) elements and stamps differ")
      total += chunk.elements.count
      precondition(ends[index] == total, "\(name): chunk \(index) ends at \(ends[index]), not \(total)")
    }
  }
}

// Safe: a bin holds only elements, stamps and counts.
extension DiffCollectionBin: Sendable where Element: Sendable {}
extension DiffCollectionBin.Chunk: Sendable where Element: Sendable {}
