import TetherChangesets

/// A thread-safe observable list whose snapshots cost nothing to keep: a
/// ``MutableObservableCollection`` of a ``PersistentArray``.
///
/// Every changeset carries the collection. With a ``MutableObservableArray``, while an observer
/// keeps a changeset (a binder's data source, an `ObservedCollection`), the next mutation copies
/// the whole array: O(n) per mutation, about 290 µs at 1,000,000 `Int`s. (Changesets waiting in
/// the container's delivery queue, in the main-queue hop of `observeNextOnMain` and of every
/// binding, or in `receive(on:)` hold only their change, so they cost an array nothing.) A list's changesets share
/// structure with the container's list instead, so each mutation stays O(log n) however many
/// snapshots are alive. Pick it for lists that are long (thousands of rows and more) and change
/// often while bound to a view; reading an element is O(log n) rather than O(1).
///
/// It has every API of ``MutableObservableArray``: the same mutations, `batchUpdate`,
/// `replace(with:performDiff:)`, the collection operators, binding to views.
///
/// ```swift
/// let rows = MutableObservableList<String>(["a", "b"])
/// rows.observeNext { changeset in print(changeset.collection.count) }
/// rows.append("c")  // O(log n), even though the observer may keep `changeset.collection`
/// ```
public typealias MutableObservableList<Element> = MutableObservableCollection<PersistentArray<Element>>

/// A read-only observable list (see ``MutableObservableList``).
public typealias ObservableList<Element> = ObservableContainer<OrderedCollectionChangeset<PersistentArray<Element>>>
