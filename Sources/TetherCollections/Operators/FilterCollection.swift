import TetherChangesets
import TetherSignals

extension SignalProtocol {
  /// Keeps the elements of each ordered changeset that satisfy `isIncluded`, as changesets of the
  /// filtered array.
  ///
  /// Emits one changeset per source changeset (an empty one, not a reload, when no included
  /// element changed). The first changeset an observation receives, and every source reload, is
  /// filtered in full and emitted as a reload. After that each source operation becomes at most
  /// one operation on the filtered array:
  /// - an insert or delete of an included element is an insert or delete;
  /// - an update of an included element that stays included is an update; one that leaves the
  ///   filter is a delete, and an update that brings an excluded element in is an insert;
  /// - a move of an included element is a move when its filtered position changes.
  ///
  /// Each observation keeps its own index map (which source elements are included), created when
  /// the observation starts and never shared: two subscribers that start at different times each
  /// get a consistent sequence. (Bond kept one map for all subscribers.) `isIncluded` runs once
  /// per inserted or updated element, outside any lock, never for elements that merely move.
  ///
  /// The output changesets are made from their patch; the diff is derived on first use. Fails or
  /// completes when the receiver does. The operator keeps its output array and hands it
  /// downstream, so an observer that keeps it makes the next change copy it; a list source
  /// (`MutableObservableList`) gets the overload that outputs a `PersistentArray` instead.
  ///
  /// ```swift
  /// let open = tasks.filterCollection { !$0.isDone }
  /// ```
  ///
  /// - Parameter isIncluded: Whether an element belongs in the output.
  /// - Complexity: O(k log n) per changeset of k patch operations over n source elements, plus
  ///   applying the resulting operations to the filtered array (O(n) element moves at worst, a
  ///   rebuild in O(n) for more than 16 operations). A reload costs n calls of `isIncluded`.
  public func filterCollection<C: Collection & SendableMetatype>(
    _ isIncluded: @escaping @Sendable (C.Element) -> Bool
  ) -> Signal<OrderedCollectionChangeset<[C.Element]>, Error> where Element == OrderedCollectionChangeset<C> {
    withSubscriberState({ FilterState<[C.Element]>() }) { state, changeset in
      state.receive(changeset, isIncluded: isIncluded)
    }
  }

  /// Keeps the elements of each list changeset that satisfy `isIncluded`, as changesets of the
  /// filtered list: the same changesets as `filterCollection(_:)` on an array, with a
  /// `PersistentArray` for a collection.
  ///
  /// The operator keeps its output and hands it downstream, so an observer that keeps it (a
  /// binder, `ObservedCollection`, a `Property`) shares it with the operator; a list's copies share
  /// structure, so the next change still costs only the elements it changes.
  ///
  /// ```swift
  /// let open = taskList.filterCollection { !$0.isDone }  // changesets of PersistentArray<Task>
  /// ```
  ///
  /// - Parameter isIncluded: Whether an element belongs in the output.
  /// - Complexity: O(k log n) per changeset of k patch operations over n source elements, kept
  ///   output or not; a changeset of more than about n / 32 output operations rebuilds the
  ///   filtered list in O(n). A reload costs n calls of `isIncluded` and O(n).
  public func filterCollection<Item>(
    _ isIncluded: @escaping @Sendable (Item) -> Bool
  ) -> Signal<OrderedCollectionChangeset<PersistentArray<Item>>, Error>
  where Element == OrderedCollectionChangeset<PersistentArray<Item>> {
    withSubscriberState({ FilterState<PersistentArray<Item>>() }) { state, changeset in
      state.receive(changeset, isIncluded: isIncluded)
    }
  }
}

/// The index map and filtered array of one `filterCollection` observation.
///
/// `map` holds one node per source element in source order, flagged when the element is
/// included, so the filtered offset of source offset `p` is the number of flagged nodes before `p`.
struct FilterState<Output: OperatorOutput> {
  typealias Element = Output.Element

  private var map = RankedSequence()
  private var ids = IDPool()
  private var filtered = Output()
  private var hasState = false

  init() {}

  mutating func receive<C: Collection<Element>>(
    _ changeset: OrderedCollectionChangeset<C>,
    isIncluded: (Element) -> Bool
  ) -> OrderedCollectionChangeset<Output> {
    guard hasState, !changeset.isReload else {
      reload(changeset.collection, isIncluded: isIncluded)
      return .reload(filtered)
    }
    var output: [OrderedCollectionOperation<Element, Int>] = []
    for operation in changeset.patch {
      translate(operation, isIncluded: isIncluded, into: &output)
    }
    let newCount = changeset.collection.count
    guard map.count == newCount else {
      operatorCountMismatch(patchLeavesCount: map.count, collectionCount: newCount)
    }
    if filtered.appliesInPlace(patchCount: output.count) {
      filtered.applyOperatorPatch(output)
    } else {
      rebuildFiltered(from: changeset.collection)
    }
    return OrderedCollectionChangeset(collection: filtered, patch: output)
  }

  private mutating func reload<C: Collection<Element>>(_ collection: C, isIncluded: (Element) -> Bool) {
    hasState = true
    ids.removeAll()
    filtered = Output()
    var flags: [Bool] = []
    flags.reserveCapacity(collection.count)
    for element in collection {
      let included = isIncluded(element)
      flags.append(included)
      if included { filtered.append(element) }
    }
    for _ in flags.indices { _ = ids.make() }
    map.build(flags.indices) { flags[$0] }
  }

  /// Filters `collection` (the source as of the last changeset received) again with a new
  /// predicate, as a changeset of the filtered array: the elements that leave are deletes, the
  /// ones that come in are inserts; the others keep their order, so there are no moves.
  ///
  /// - Complexity: O(n) plus n calls of `isIncluded` for n source elements.
  mutating func refilter<C: Collection<Element>>(
    _ collection: C,
    isIncluded: (Element) -> Bool
  ) -> OrderedCollectionChangeset<Output> {
    guard hasState else {
      reload(collection, isIncluded: isIncluded)
      return .reload(filtered)
    }
    var oldFlags: [Bool] = []
    oldFlags.reserveCapacity(map.count)
    map.forEach { oldFlags.append(map.isFlagged($0)) }
    guard oldFlags.count == collection.count else {
      operatorCountMismatch(patchLeavesCount: oldFlags.count, collectionCount: collection.count)
    }
    var newFlags: [Bool] = []
    newFlags.reserveCapacity(oldFlags.count)
    var rebuilt = Output()
    var diff = OrderedCollectionDiff<Int>()
    var oldOffset = 0
    for (element, wasIncluded) in zip(collection, oldFlags) {
      let included = isIncluded(element)
      newFlags.append(included)
      switch (wasIncluded, included) {
      case (true, false): diff.deletes.append(oldOffset)
      case (false, true): diff.inserts.append(rebuilt.count)
      default: break
      }
      if wasIncluded { oldOffset += 1 }
      if included { rebuilt.append(element) }
    }
    ids.removeAll()
    for _ in newFlags.indices { _ = ids.make() }
    map.build(newFlags.indices) { newFlags[$0] }
    filtered = rebuilt
    return OrderedCollectionChangeset(collection: filtered, diff: diff)
  }

  private mutating func rebuildFiltered<C: Collection<Element>>(from collection: C) {
    var rebuilt = Output()
    rebuilt.reserveCapacity(map.flaggedCount)
    // By iteration, not by index: a `PersistentArray`'s subscript costs O(log n), its iterator
    // amortized O(1) per element.
    var elements = collection.makeIterator()
    map.forEach { id in
      let element = elements.next()
      if map.isFlagged(id), let element { rebuilt.append(element) }
    }
    filtered = rebuilt
  }

  private mutating func translate(
    _ operation: OrderedCollectionOperation<Element, Int>,
    isIncluded: (Element) -> Bool,
    into output: inout [OrderedCollectionOperation<Element, Int>]
  ) {
    switch operation {
    case .insert(let element, let offset):
      check(offset, limit: map.count + 1)
      let included = isIncluded(element)
      map.insert(ids.make(), at: offset, isFlagged: included)
      if included { output.append(.insert(element, at: map.flaggedCount(before: offset))) }
    case .delete(let offset):
      check(offset, limit: map.count)
      let rank = map.flaggedCount(before: offset)
      let id = map.remove(at: offset)
      if map.isFlagged(id) { output.append(.delete(at: rank)) }
      ids.release(id)
    case .update(let offset, let element):
      check(offset, limit: map.count)
      let id = map.id(at: offset)
      let (was, isNow) = (map.isFlagged(id), isIncluded(element))
      let rank = map.flaggedCount(before: offset)
      map.setFlagged(id, isNow)
      switch (was, isNow) {
      case (true, true): output.append(.update(at: rank, newElement: element))
      case (true, false): output.append(.delete(at: rank))
      case (false, true): output.append(.insert(element, at: rank))
      case (false, false): break
      }
    case .move(let from, let to):
      check(from, limit: map.count)
      check(to, limit: map.count)
      guard from != to else { return }
      let rankBefore = map.flaggedCount(before: from)
      let id = map.remove(at: from)
      let included = map.isFlagged(id)
      map.insert(id, at: to, isFlagged: included)
      guard included else { return }
      let rankAfter = map.flaggedCount(before: to)
      if rankBefore != rankAfter { output.append(.move(from: rankBefore, to: rankAfter)) }
    }
  }

  private func check(_ offset: Int, limit: Int) {
    if offset < 0 || offset >= limit { operatorIndexOutOfRange(offset, count: map.count) }
  }
}
