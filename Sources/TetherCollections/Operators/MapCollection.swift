import TetherChangesets
import TetherSignals

extension SignalProtocol {
  /// Transforms the elements of each ordered changeset, keeping a mapped array per observation.
  ///
  /// Emits one changeset per source changeset. The first changeset an observation receives, and
  /// every reload, is mapped in full and emitted as a reload. After that only the inserted and
  /// updated elements are transformed: the mapped array follows the source's patch, so `transform`
  /// runs once per new element, never again for elements that merely moved or stayed.
  ///
  /// Each output changeset carries the source's diff unchanged, so its indices are the source's.
  /// For small changes (up to 16 diff entries) it also carries the source's patch with its elements
  /// transformed; for larger ones the patch is derived from the diff on first use. Reading the
  /// source's diff derives it once if the source was made from a patch (the source's cache is
  /// shared by every subscriber). Each observation has its own mapped array, which it hands
  /// downstream, so an observer that keeps it makes the next change copy it; a list source
  /// (`MutableObservableList`) gets the overload that outputs a `PersistentArray` instead.
  ///
  /// Fails or completes when the receiver does.
  ///
  /// ```swift
  /// let titles = tasks.mapCollection { $0.title }  // Signal<OrderedCollectionChangeset<[String]>, Never>
  /// ```
  ///
  /// - Parameter transform: Maps a source element to an output element; called outside any lock.
  /// - Complexity: Per changeset with k changes over n elements: k calls of `transform`, plus
  ///   applying k operations to the mapped array (O(k) for changes near its end, O(k · n) element
  ///   moves at worst) for small changes, or O(n) to rebuild it for large ones. A reload costs n
  ///   calls of `transform`.
  public func mapCollection<C: Collection & SendableMetatype, Mapped>(
    _ transform: @escaping @Sendable (C.Element) -> Mapped
  ) -> Signal<OrderedCollectionChangeset<[Mapped]>, Error> where Element == OrderedCollectionChangeset<C> {
    withSubscriberState({ MappedState<[Mapped]>() }) { state, changeset in
      state.receive(changeset, transform: transform)
    }
  }

  /// Transforms the elements of each list changeset, keeping a mapped list per observation: the
  /// same changesets as `mapCollection(_:)` on an array, with a `PersistentArray` for a collection.
  ///
  /// The operator keeps its output and hands it downstream, so an observer that keeps it (a
  /// binder, `ObservedCollection`, a `Property`) shares it with the operator; a list's copies share
  /// structure, so the next change still costs only the elements it changes.
  ///
  /// ```swift
  /// let titles = taskList.mapCollection { $0.title }  // changesets of PersistentArray<String>
  /// ```
  ///
  /// - Parameter transform: Maps a source element to an output element; called outside any lock.
  /// - Complexity: Per changeset with k changes over n elements: k calls of `transform` and
  ///   O(k log n), kept output or not; a changeset of more than about n / 32 changes rebuilds the
  ///   mapped list in O(n). A reload costs n calls of `transform` and O(n).
  public func mapCollection<Item, Mapped>(
    _ transform: @escaping @Sendable (Item) -> Mapped
  ) -> Signal<OrderedCollectionChangeset<PersistentArray<Mapped>>, Error>
  where Element == OrderedCollectionChangeset<PersistentArray<Item>> {
    withSubscriberState({ MappedState<PersistentArray<Mapped>>() }) { state, changeset in
      state.receive(changeset, transform: transform)
    }
  }

  /// Transforms the elements of each ordered changeset lazily: the output collection is a
  /// `LazyMapCollection` over the source's collection, which calls `transform` each time an
  /// element is read.
  ///
  /// Emits one changeset per source changeset, with the source's diff and the source's patch (its
  /// inserted and updated elements transformed, each once), so the indices are exactly the
  /// source's; a source reload is a reload. The operator keeps no state, so nothing is copied:
  /// prefer it to `mapCollection(_:)` when `transform` is cheap and the collection is large.
  ///
  /// Fails or completes when the receiver does.
  ///
  /// - Parameter transform: Maps a source element to an output element; it must be pure, as it
  ///   runs again whenever an element is read.
  /// - Complexity: O(k) calls of `transform` per changeset for k patch operations; reading the
  ///   source's diff and patch derives the form it lacks, once.
  public func lazyMapCollection<C: Collection & SendableMetatype, Mapped>(
    _ transform: @escaping @Sendable (C.Element) -> Mapped
  ) -> Signal<OrderedCollectionChangeset<LazyMapCollection<C, Mapped>>, Error>
  where Element == OrderedCollectionChangeset<C> {
    map { changeset in
      let collection = changeset.collection.lazy.map(transform)
      if changeset.isReload { return .reload(collection) }
      return OrderedCollectionChangeset(
        collection: collection,
        patch: changeset.patch.map { $0.mapElement(transform) },
        diff: changeset.diff
      )
    }
  }
}

/// The mapped array (or list) of one `mapCollection` observation.
struct MappedState<Output: OperatorOutput> {
  typealias Mapped = Output.Element

  private var mapped: Output?

  init() {}

  mutating func receive<C: Collection>(
    _ changeset: OrderedCollectionChangeset<C>,
    transform: (C.Element) -> Mapped
  ) -> OrderedCollectionChangeset<Output> {
    guard !changeset.isReload, var current = mapped.take() else {
      let all = Output(changeset.collection.lazy.map(transform))
      mapped = all
      return .reload(all)
    }
    let diff = changeset.diff
    let newCount = changeset.collection.count
    let patchLeavesCount = current.count - diff.deletes.count + diff.inserts.count
    guard patchLeavesCount == newCount else {
      operatorCountMismatch(patchLeavesCount: patchLeavesCount, collectionCount: newCount)
    }
    let limit = Output.inPlaceLimit(count: current.count)
    if diff.count <= limit {
      let patch = changeset.patch
      if patch.count <= 4 * limit {
        let mappedPatch = patch.map { $0.mapElement(transform) }
        current.applyOperatorPatch(mappedPatch)
        mapped = current
        return OrderedCollectionChangeset(collection: current, patch: mappedPatch, diff: diff)
      }
    }
    let newElements = ContiguousArray(changeset.collection)
    let rebuilt = current.batchApplying(diff, newCount: newCount) { transform(newElements[$0]) }
    mapped = rebuilt
    return OrderedCollectionChangeset(collection: rebuilt, diff: diff)
  }
}
