import TetherChangesets
import TetherSignals

/// A thread-safe observable ordered collection: mutate it from any thread, observe it as a stream
/// of ``OrderedCollectionChangeset``s.
///
/// Observing first delivers the current collection as a reload changeset (`isReload == true`),
/// then exactly one changeset per mutation call, carrying the new collection, the change as a
/// diff (for batch updates of table and collection views) and as a patch (for sequential
/// updates). See ``ObservableContainer`` for the delivery guarantees.
///
/// ```swift
/// let items = MutableObservableArray(["a", "b"])
/// items.observeNext { print($0) }  // reload [a, b]
/// items.append("c")                // [a, b, c] diff D[] I[2] U[] M[] patch [insert(c, at: 2)]
/// items.batchUpdate { batch in
///   batch.remove(at: 0)
///   batch.move(from: 0, to: 1)
/// }                                // one changeset for both
/// ```
///
/// Any collection type can be made observable with a type alias; index-based mutations need a
/// `RangeReplaceableCollection`, ``replace(with:)`` works for every `Collection`:
///
/// ```swift
/// typealias ObservableDeque<Element> = MutableObservableCollection<Deque<Element>>
/// ```
///
/// Indices are `Int` offsets from the start of the collection, whatever its `Index` type. An
/// out-of-range offset traps with a message naming the offset and the element count, before
/// anything changes; nothing is emitted.
///
/// Each mutation runs under the container's lock and is atomic; observers are called after the
/// lock is released. A mutation that changes nothing (such as `append(contentsOf: [])`) still
/// emits one changeset, with an empty diff (never a reload).
public final class MutableObservableCollection<C: Collection>: ObservableContainer<OrderedCollectionChangeset<C>> {

  /// The changeset type this container emits.
  public typealias Changeset = OrderedCollectionChangeset<C>

  /// Creates a container holding `collection`.
  public override init(_ collection: C) {
    super.init(collection, detaching: queueDetaching(for: C.self))
  }

  /// A read-only view of this container.
  public var readOnlyView: ObservableCollection<C> { self }

  /// The number of elements.
  ///
  /// - Complexity: O(1) for random-access collections.
  public var count: Int {
    core.read { $0.count }
  }

  /// Whether the collection is empty.
  public var isEmpty: Bool {
    core.read { $0.isEmpty }
  }

  /// Replaces the whole collection and emits a reload changeset (`isReload == true`).
  ///
  /// Use `replace(with:performDiff:)` to emit the differences instead, so a view can animate.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func replace(with collection: C) {
    core.mutate { current in
      current = collection
      return ((), .reload(collection))
    }
  }
}

/// A thread-safe observable array; see ``MutableObservableCollection``.
///
/// ```swift
/// let items = MutableObservableArray<Item>([])
/// ```
///
/// Every changeset carries the array. While an observer keeps one (a binder's data source, an
/// `ObservedCollection`), the next mutation copies every element first: O(n) per mutation, about
/// 290 µs at 1,000,000 `Int`s. For long lists that are kept that way, use
/// ``MutableObservableList``, whose mutations stay O(log n). A changeset that only waits for
/// delivery (in the container's queue behind another thread's delivery, in the main-queue hop of
/// `observeNextOnMain` and of every binding, or in `receive(on:)`) holds just its change and is
/// rebuilt when delivered, so it does not make the next mutation copy.
public typealias MutableObservableArray<Element> = MutableObservableCollection<[Element]>

extension MutableObservableCollection {
  /// Builds a changeset from both forms and, in debug builds, checks that they agree with the
  /// element counts.
  @inlinable @inline(__always)
  func changeset(
    _ collection: C,
    patch: [Changeset.Operation],
    diff: Changeset.Diff,
    oldCount: Int
  ) -> Changeset {
    #if DEBUG
    _checkInvariants(collection, patch: patch, diff: diff, oldCount: oldCount)
    #endif
    return Changeset(collection: collection, patch: patch, diff: diff)
  }

  /// Debug check run after every mutation: the patch applies to `oldCount` elements and gives the
  /// new count, and the diff's counts add up.
  @usableFromInline
  func _checkInvariants(_ collection: C, patch: [Changeset.Operation]?, diff: Changeset.Diff?, oldCount: Int) {
    let newCount = collection.count
    if let patch {
      let replayed = try? ChangesetValidator.validate(patch, sourceCount: oldCount)
      assert(replayed == newCount, "A patch of \(patch.count) operations does not lead from \(oldCount) to \(newCount)")
    }
    if let diff {
      assert(
        oldCount - diff.deletes.count + diff.inserts.count == newCount,
        "The diff \(diff) does not lead from \(oldCount) to \(newCount) elements"
      )
    }
  }
}

/// A collection whose copies cost O(n) (one contiguous buffer): a changeset of it that waits in a
/// container's delivery queue or in a hop (the main queue, `receive(on:)`) holds only its change,
/// not the collection (see `ContainerCore.Detaching` and `HopDetaching`). Collections whose copies share structure (`PersistentArray`) do not
/// need it: keeping their snapshot costs the next mutation nothing.
package protocol DetachedWhileQueued: RangeReplaceableCollection, SendableMetatype {}

extension Array: DetachedWhileQueued {}
extension ContiguousArray: DetachedWhileQueued {}

/// The ``ContainerCore/Detaching`` of `C`'s changesets, or `nil` when `C` does not copy in O(n).
private func queueDetaching<C: Collection>(
  for type: C.Type
) -> ContainerCore<OrderedCollectionChangeset<C>>.Detaching? {
  guard let contiguous = type as? any DetachedWhileQueued.Type else { return nil }
  func opened<A: DetachedWhileQueued>(_: A.Type) -> Any {
    detachingChangesets(of: A.self)
  }
  // `A` is `C` (opened from `C.self`), so the cast always succeeds.
  return opened(contiguous) as? ContainerCore<OrderedCollectionChangeset<C>>.Detaching
}

private func detachingChangesets<A: RangeReplaceableCollection & SendableMetatype>(
  of _: A.Type
) -> ContainerCore<OrderedCollectionChangeset<A>>.Detaching {
  ContainerCore<OrderedCollectionChangeset<A>>.Detaching(
    detach: { changeset in
      guard !changeset.isReload else { return nil }
      // Both forms, computed now while the collection is at hand (a diff-only changeset derives its
      // patch from it); the empty collection shares no storage.
      return OrderedCollectionChangeset(collection: A(), patch: changeset.patch, diff: changeset.diff)
    },
    materialize: { detached, position in
      position.apply(detached.patch)
      return OrderedCollectionChangeset(collection: position, patch: detached.patch, diff: detached.diff)
    })
}

/// The container is `Sendable` when its elements are (see ``ObservableContainer``); use one of
/// non-`Sendable` elements from one isolation domain.
extension MutableObservableCollection: @unchecked Sendable where C: Sendable, C.Element: Sendable {
  // Safe: no stored properties beyond the superclass's thread-safe core.
}
