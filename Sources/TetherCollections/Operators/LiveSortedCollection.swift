import TetherChangesets
import TetherSignals

extension SignalProtocol {
  /// Sorts the elements of each ordered changeset by the latest ordering of `comparators`, as
  /// changesets of the sorted array; a new ordering sorts them again and emits the elements that
  /// changed place as moves.
  ///
  /// - A source changeset is translated as `sortedCollection(by:)` with a fixed ordering does,
  ///   with the latest one: the first one sorted, and every source reload, is a reload, and each
  ///   later one becomes inserts, deletes, updates and moves at the elements' ranks.
  /// - A new ordering emits one changeset, never a reload, whose diff only moves elements: the
  ///   old and new orders are diffed element by element, so the elements that keep their relative
  ///   order stay (an empty changeset when the order does not change).
  /// - Until the first ordering arrives nothing is emitted (as `combineLatest`): the source is
  ///   remembered, and the first ordering emits a reload of it sorted. `comparators` is observed
  ///   before the receiver, so a property, whose current value comes at once, sorts the very first
  ///   changeset.
  ///
  /// Elements that compare equal keep their source order, so the output is always
  /// `source.sorted(by: latestOrdering)`. Each observation keeps its own order. The two signals may
  /// emit on different threads: their values are handled one at a time, in the order they arrive,
  /// and the comparators run outside any lock. Fails or completes when the receiver does; when
  /// `comparators` completes the last ordering stays.
  ///
  /// ```swift
  /// let ordering = Property<@Sendable (Task, Task) -> Bool>({ $0.title < $1.title })
  /// let shown = tasks.sortedCollection(by: ordering)
  /// ordering.value = { $0.dueDate < $1.dueDate }  // rows move to their new places
  /// ```
  ///
  /// - Parameter comparators: The orderings, each a strict weak ordering.
  /// - Complexity: O(k log n) comparisons per source changeset of k operations over n elements
  ///   (see `sortedCollection(by:)`); O(n log n) comparisons and an O(n) expected diff for a new
  ///   ordering.
  public func sortedCollection<C: Collection & SendableMetatype, Comparators: SignalProtocol>(
    by comparators: Comparators
  ) -> Signal<OrderedCollectionChangeset<[C.Element]>, Error>
  where
    Element == OrderedCollectionChangeset<C>,
    Comparators.Element == @Sendable (C.Element, C.Element) -> Bool,
    Comparators.Error == Never
  {
    withLiveSubscriberState(controlledBy: comparators, { LiveSortedState<C, [C.Element]>() }) { state, input in
      state.receive(input)
    }
  }

  /// Sorts the elements of each list changeset by the latest ordering of `comparators`, as
  /// changesets of the sorted list: the same changesets as `sortedCollection(by:)` with a signal
  /// of orderings on an array, with a `PersistentArray` for a collection.
  ///
  /// The operator keeps its output and hands it downstream, so an observer that keeps it (a
  /// binder, `ObservedCollection`) shares it with the operator; a list's copies share structure,
  /// so the next source change still costs only the elements it changes.
  ///
  /// - Parameter comparators: The orderings, each a strict weak ordering.
  /// - Complexity: O(k log n) comparisons and updating per source changeset of k operations over
  ///   n elements, kept output or not; a new ordering sorts everything again, O(n log n)
  ///   comparisons and an O(n) expected diff, inherent to sorting.
  public func sortedCollection<Item, Comparators: SignalProtocol>(
    by comparators: Comparators
  ) -> Signal<OrderedCollectionChangeset<PersistentArray<Item>>, Error>
  where
    Element == OrderedCollectionChangeset<PersistentArray<Item>>,
    Comparators.Element == @Sendable (Item, Item) -> Bool,
    Comparators.Error == Never
  {
    typealias List = PersistentArray<Item>
    return withLiveSubscriberState(controlledBy: comparators, { LiveSortedState<List, List>() }) { state, input in
      state.receive(input)
    }
  }
}

/// One `sortedCollection(by:)` observation with a signal of orderings: the sorted order, the
/// latest ordering, and the source collection until the first ordering arrives.
struct LiveSortedState<C: Collection, Output: OperatorOutput<C.Element>> {
  private var order = SortedOrder<Output>(tracksSourceOrder: true)
  private var comparator: (@Sendable (C.Element, C.Element) -> Bool)?
  /// The latest source collection while there is no ordering yet; the order holds it after that.
  private var waitingSource: C?

  init() {}

  mutating func receive(
    _ input: LiveInput<OrderedCollectionChangeset<C>, @Sendable (C.Element, C.Element) -> Bool>
  ) -> OrderedCollectionChangeset<Output>? {
    switch input {
    case .changeset(let changeset):
      guard let comparator else {
        waitingSource = changeset.collection
        return nil
      }
      return order.receiveOrdered(changeset, by: comparator)
    case .control(let newComparator):
      comparator = newComparator
      if let source = waitingSource {
        waitingSource = nil
        order.reload(source, by: newComparator)
        return .reload(order.sorted)
      }
      guard order.hasState else { return nil }
      return order.resort(by: newComparator)
    }
  }
}
