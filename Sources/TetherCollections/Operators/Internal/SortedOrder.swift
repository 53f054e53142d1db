import TetherChangesets

/// The state of one `sortedCollection` observation: every source element as a record, the records
/// in sorted order, and the sorted array (or list, `Output`).
///
/// `sortedOrder` holds record ids in output order, so the output offset of a record is its
/// position there, found in O(log n); a new or updated record's place is found by walking down
/// it with O(log n) comparisons. Elements that compare equal are ordered by their source offset
/// for ordered sources (`sourceOrder`, the records in source order, so the output matches a stable
/// `sorted(by:)`), and by arrival for sets and dictionaries.
struct SortedOrder<Output: OperatorOutput> {
  typealias Element = Output.Element

  private var values: ContiguousArray<Element?> = []
  private var arrivals: ContiguousArray<UInt64> = []
  private var nextArrival: UInt64 = 0
  private var ids = IDPool()
  /// Records in source order; only for ordered sources.
  private(set) var sourceOrder = RankedSequence()
  private var sortedOrder = RankedSequence()
  private let tracksSourceOrder: Bool
  private(set) var sorted = Output()
  private(set) var hasState = false

  init(tracksSourceOrder: Bool) {
    self.tracksSourceOrder = tracksSourceOrder
  }

  /// The number of records.
  var count: Int { sortedOrder.count }

  /// Replaces everything with `elements` (in source order) and sorts them.
  ///
  /// - Complexity: O(n log n) comparisons.
  mutating func reload<S: Sequence<Element>>(_ elements: S, by areInIncreasingOrder: (Element, Element) -> Bool) {
    hasState = true
    ids.removeAll()
    let elements = Array(elements)
    for _ in elements.indices { _ = ids.make() }
    values = ContiguousArray(elements.lazy.map { Optional($0) })
    arrivals = ContiguousArray(elements.indices.lazy.map { UInt64($0) })
    nextArrival = UInt64(elements.count)
    let records = elements.indices
    if tracksSourceOrder { sourceOrder.build(records) }
    // The standard library's sort is stable: equal elements keep their source (or arrival) order.
    // Comparing through the non-optional `elements` keeps the loop free of per-call metadata work.
    let byRank = records.sorted { areInIncreasingOrder(elements[$0], elements[$1]) }
    sortedOrder.build(byRank)
    sorted = Output(byRank.lazy.map { elements[$0] })
  }

  /// Sorts the records again by a new ordering (ordered sources), as a changeset of the sorted
  /// array whose diff only moves elements: the old and new orders are diffed by record, so only
  /// the elements that changed relative order move.
  ///
  /// - Complexity: O(n log n) comparisons, plus an O(n) expected diff.
  mutating func resort(by areInIncreasingOrder: (Element, Element) -> Bool) -> OrderedCollectionChangeset<Output> {
    var sourceOffsets = [Int](repeating: 0, count: values.count)
    var elements: [Element] = []
    elements.reserveCapacity(count)
    sourceOrder.forEach { id in
      sourceOffsets[id] = elements.count
      elements.append(values[id]!)
    }
    var oldOrder: [Int] = []
    oldOrder.reserveCapacity(count)
    sortedOrder.forEach { oldOrder.append(sourceOffsets[$0]) }
    // A reload gives record `i` to source offset `i`, so the new sorted order is in offsets too.
    reload(elements, by: areInIncreasingOrder)
    var newOrder: [Int] = []
    newOrder.reserveCapacity(count)
    sortedOrder.forEach { newOrder.append($0) }
    return OrderedCollectionChangeset(collection: sorted, diff: newOrder.diff(from: oldOrder))
  }

  /// The record at source offset `offset` (ordered sources).
  func record(atSourceOffset offset: Int) -> Int {
    sourceOrder.id(at: offset)
  }

  /// Adds a record for `element` and places it; for an ordered source it first enters the source
  /// order at `sourceOffset`. Returns the record and its output operation.
  mutating func insert(
    _ element: Element,
    atSourceOffset sourceOffset: Int?,
    by areInIncreasingOrder: (Element, Element) -> Bool
  ) -> (record: Int, operation: OrderedCollectionOperation<Element, Int>) {
    let id = ids.make()
    if id == values.count {
      values.append(element)
      arrivals.append(nextArrival)
    } else {
      values[id] = element
      arrivals[id] = nextArrival
    }
    nextArrival += 1
    if let sourceOffset { sourceOrder.insert(id, at: sourceOffset) }
    let offset = place(id, by: areInIncreasingOrder)
    return (id, .insert(element, at: offset))
  }

  /// Removes the record and returns its output operation; for an ordered source it also leaves the
  /// source order at `sourceOffset`.
  mutating func remove(_ id: Int, atSourceOffset sourceOffset: Int?) -> OrderedCollectionOperation<Element, Int> {
    let offset = sortedOrder.position(of: id)
    sortedOrder.remove(at: offset)
    if let sourceOffset { sourceOrder.remove(at: sourceOffset) }
    values[id] = nil
    ids.release(id)
    return .delete(at: offset)
  }

  /// Replaces the record's element and re-places it: an update if its output offset is unchanged,
  /// otherwise a move followed by an update at the new offset.
  mutating func update(
    _ id: Int,
    with element: Element,
    by areInIncreasingOrder: (Element, Element) -> Bool,
    into output: inout [OrderedCollectionOperation<Element, Int>]
  ) {
    let from = sortedOrder.position(of: id)
    sortedOrder.remove(at: from)
    values[id] = element
    let to = place(id, by: areInIncreasingOrder)
    if from != to { output.append(.move(from: from, to: to)) }
    output.append(.update(at: to, newElement: element))
  }

  /// Moves a record within the source order (ordered sources); equal neighbours may now order it
  /// differently, which is an output move.
  mutating func moveInSource(
    from: Int,
    to: Int,
    by areInIncreasingOrder: (Element, Element) -> Bool,
    into output: inout [OrderedCollectionOperation<Element, Int>]
  ) {
    let id = sourceOrder.remove(at: from)
    sourceOrder.insert(id, at: to)
    let before = sortedOrder.position(of: id)
    sortedOrder.remove(at: before)
    let after = place(id, by: areInIncreasingOrder)
    if before != after { output.append(.move(from: before, to: after)) }
  }

  /// Brings the sorted array up to date with the output patch of one changeset.
  mutating func applyToSorted(_ output: [OrderedCollectionOperation<Element, Int>]) {
    if sorted.appliesInPlace(patchCount: output.count) {
      sorted.applyOperatorPatch(output)
    } else {
      var rebuilt = Output()
      rebuilt.reserveCapacity(sortedOrder.count)
      sortedOrder.forEach { rebuilt.append(values[$0]!) }
      sorted = rebuilt
    }
  }

  /// Inserts a record that is not in `sortedOrder` at its place; returns its output offset.
  private mutating func place(_ id: Int, by areInIncreasingOrder: (Element, Element) -> Bool) -> Int {
    let offset = sortedOrder.insertionPosition { other in isBefore(id, other, by: areInIncreasingOrder) }
    sortedOrder.insert(id, at: offset)
    return offset
  }

  private func isBefore(_ first: Int, _ second: Int, by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
    let (a, b) = (values[first]!, values[second]!)
    if areInIncreasingOrder(a, b) { return true }
    if areInIncreasingOrder(b, a) { return false }
    if tracksSourceOrder { return sourceOrder.position(of: first) < sourceOrder.position(of: second) }
    return arrivals[first] < arrivals[second]
  }
}
