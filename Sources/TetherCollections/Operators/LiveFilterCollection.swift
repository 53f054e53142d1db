import TetherChangesets
import TetherSignals

extension SignalProtocol {
  /// Keeps the elements of each ordered changeset that satisfy the latest predicate of
  /// `predicates`, as changesets of the filtered array; a new predicate filters the elements again
  /// and emits the difference.
  ///
  /// This is the search-box filter: wrapping `filterCollection(_:)` in `flatMapLatest` reloads
  /// the whole list on every keystroke, this emits real diffs instead.
  /// - A source changeset is translated as `filterCollection(_:)` does, with the latest predicate:
  ///   the first one filtered, and every source reload, is a reload, and each later one becomes
  ///   the matching inserts, deletes, updates and moves of the filtered array.
  /// - A new predicate emits one changeset, never a reload: the elements that no longer pass are
  ///   deletes and the ones that now pass are inserts (an empty changeset when none change). The
  ///   filtered elements keep their source order, so there are no moves.
  /// - Until the first predicate arrives nothing is emitted (as `combineLatest`): the source is
  ///   remembered, and the first predicate emits a reload of it filtered. `predicates` is observed
  ///   before the receiver, so a property, whose current value comes at once, filters the very
  ///   first changeset.
  ///
  /// Each observation keeps its own index map, predicate and list of the source's elements (kept
  /// up to date with each changeset's patch, not the source collection itself, so that observing
  /// an array container through this operator does not make its next mutation copy the array:
  /// an append to a 1,000,000-element array costs 5.8 µs through it, as at 100,000, where keeping
  /// the array cost 270 µs). The two signals may emit on
  /// different threads: their values are handled one at a time, in the order they arrive, and
  /// the predicates run outside any lock. Fails or completes when the receiver does; when
  /// `predicates` completes the last predicate stays.
  ///
  /// ```swift
  /// let predicates = Property<@Sendable (Task) -> Bool>({ _ in true })
  /// let shown = tasks.filterCollection(by: predicates)
  /// predicates.value = { $0.isDone }  // the open tasks leave the output as deletes
  /// ```
  ///
  /// - Parameter predicates: The predicates; each says whether an element belongs in the output.
  /// - Complexity: O(k log n) per source changeset of k operations over n source elements (see
  ///   `filterCollection(_:)`); O(n) and n calls of the predicate for a new predicate.
  public func filterCollection<C: Collection & SendableMetatype, Predicates: SignalProtocol>(
    by predicates: Predicates
  ) -> Signal<OrderedCollectionChangeset<[C.Element]>, Error>
  where
    Element == OrderedCollectionChangeset<C>,
    Predicates.Element == @Sendable (C.Element) -> Bool,
    Predicates.Error == Never
  {
    withLiveSubscriberState(controlledBy: predicates, { LiveFilterState<C, [C.Element]>() }) { state, input in
      state.receive(input)
    }
  }

  /// Keeps the elements of each list changeset that satisfy the latest predicate of `predicates`,
  /// as changesets of the filtered list: the same changesets as `filterCollection(by:)` on an
  /// array, with a `PersistentArray` for a collection.
  ///
  /// The operator keeps its output and hands it downstream, so an observer that keeps it (a
  /// binder, `ObservedCollection`) shares it with the operator; a list's copies share structure,
  /// so the next source change still costs only the elements it changes.
  ///
  /// - Parameter predicates: The predicates; each says whether an element belongs in the output.
  /// - Complexity: O(k log n) per source changeset of k operations over n source elements, kept
  ///   output or not (a changeset of more than about n / 32 output operations rebuilds the list in
  ///   O(n)); O(n) and n calls of the predicate for a new predicate, inherent to filtering again.
  public func filterCollection<Item, Predicates: SignalProtocol>(
    by predicates: Predicates
  ) -> Signal<OrderedCollectionChangeset<PersistentArray<Item>>, Error>
  where
    Element == OrderedCollectionChangeset<PersistentArray<Item>>,
    Predicates.Element == @Sendable (Item) -> Bool,
    Predicates.Error == Never
  {
    typealias List = PersistentArray<Item>
    return withLiveSubscriberState(controlledBy: predicates, { LiveFilterState<List, List>() }) { state, input in
      state.receive(input)
    }
  }

  /// Keeps the elements of each ordered changeset that match the current value of `query`, and
  /// filters them again, emitting the difference, whenever `query` changes.
  ///
  /// The same as `filterCollection(by:)` with a predicate made of each value of `query`; see it
  /// for what is emitted and when. A property's current value comes at once, so the first source
  /// changeset is already filtered by it.
  ///
  /// ```swift
  /// let searchText = Property("")
  /// let results = names.filterCollection(by: searchText) { name, text in
  ///   text.isEmpty || name.localizedCaseInsensitiveContains(text)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - query: The query, for example the text of a search box.
  ///   - isIncluded: Whether an element belongs in the output for a value of the query.
  /// - Complexity: O(k log n) per source changeset of k operations over n source elements; O(n)
  ///   and n calls of `isIncluded` for each new value of `query`.
  public func filterCollection<C: Collection & SendableMetatype, Query: PropertyProtocol>(
    by query: Query,
    _ isIncluded: @escaping @Sendable (C.Element, Query.Value) -> Bool
  ) -> Signal<OrderedCollectionChangeset<[C.Element]>, Error>
  where Element == OrderedCollectionChangeset<C>, Query.Value: Sendable {
    let predicates = query.map { value -> @Sendable (C.Element) -> Bool in
      { isIncluded($0, value) }
    }
    return filterCollection(by: predicates)
  }

  /// Keeps the elements of each list changeset that match the current value of `query`, as
  /// changesets of the filtered list; see `filterCollection(by:_:)` for arrays for what is emitted
  /// and when, and `filterCollection(by:)` for lists for the cost of keeping the output.
  ///
  /// - Parameters:
  ///   - query: The query, for example the text of a search box.
  ///   - isIncluded: Whether an element belongs in the output for a value of the query.
  /// - Complexity: O(k log n) per source changeset of k operations over n source elements; O(n)
  ///   and n calls of `isIncluded` for each new value of `query`, inherent to filtering again.
  public func filterCollection<Item, Query: PropertyProtocol>(
    by query: Query,
    _ isIncluded: @escaping @Sendable (Item, Query.Value) -> Bool
  ) -> Signal<OrderedCollectionChangeset<PersistentArray<Item>>, Error>
  where Element == OrderedCollectionChangeset<PersistentArray<Item>>, Query.Value: Sendable {
    let predicates = query.map { value -> @Sendable (Item) -> Bool in
      { isIncluded($0, value) }
    }
    return filterCollection(by: predicates)
  }
}

/// One `filterCollection(by:)` observation: the filter state, the latest predicate and the source
/// elements it filters again when the predicate changes.
struct LiveFilterState<C: Collection, Output: OperatorOutput<C.Element>> {
  private var filter = FilterState<Output>()
  private var predicate: (@Sendable (C.Element) -> Bool)?
  /// The source's elements, as a list: a list source's own collection (its copies share
  /// structure), any other source's mirrored and kept up to date with each changeset's patch.
  /// Keeping an array source's collection itself would share its container's buffer, so the
  /// container's next mutation would copy the whole array.
  private var source: PersistentArray<C.Element>?

  init() {}

  /// Brings ``source`` to the changeset's collection.
  ///
  /// - Complexity: O(1) for a list source; otherwise O(k log n) for k operations, O(n) for a
  ///   reload (or the first changeset).
  private mutating func mirror(_ changeset: OrderedCollectionChangeset<C>) {
    if let list = changeset.collection as? PersistentArray<C.Element> {
      source = list
    } else if changeset.isReload || source == nil {
      source = PersistentArray(changeset.collection)
    } else {
      source!.apply(changeset.patch)
    }
  }

  mutating func receive(
    _ input: LiveInput<OrderedCollectionChangeset<C>, @Sendable (C.Element) -> Bool>
  ) -> OrderedCollectionChangeset<Output>? {
    switch input {
    case .changeset(let changeset):
      mirror(changeset)
      guard let predicate else { return nil }
      return filter.receive(changeset, isIncluded: predicate)
    case .control(let newPredicate):
      predicate = newPredicate
      guard let source else { return nil }
      return filter.refilter(source, isIncluded: newPredicate)
    }
  }
}
