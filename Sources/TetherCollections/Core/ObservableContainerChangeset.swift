import TetherChangesets

/// A changeset an observable container can emit: besides describing a change, it can say
/// "everything was replaced".
///
/// An observable container first delivers its current collection to a new observer as a reload
/// made with ``init(reloading:)``, so a binder reloads instead of guessing from an empty diff.
/// ``OrderedCollectionChangeset``, ``UnorderedCollectionChangeset`` and `TreeChangeset` conform.
public protocol ObservableContainerChangeset: ChangesetProtocol, SendableMetatype {
  /// Creates a reload changeset: the whole collection was replaced by `collection`; its
  /// ``ChangesetProtocol/isReload`` is `true`.
  init(reloading collection: Collection)

  /// Implementation detail of Tether's containers; do not call. This changeset as it waits in a
  /// container's delivery queue: the change without the collection, so that the queued changeset
  /// does not make the container's next mutation copy it; `nil` to queue it whole (the default).
  ///
  /// A container whose collection copies in O(n) calls it from its lock-holding mutation path, so
  /// an implementation must be cheap and must not call user code.
  func _detachedWhileQueued() -> Self?

  /// Implementation detail of Tether's containers; do not call. Rebuilds `detached` (made by
  /// ``_detachedWhileQueued()``) by applying its change to `position`, the collection right before
  /// it, and returns it with its collection; `nil` when this type has no such rebuilding (the
  /// default), so the container uses its own.
  static func _rebuiltAfterQueue(_ detached: Self, onto position: inout Collection) -> Self?
}

extension ObservableContainerChangeset {
  /// No detaching: the changeset waits in the queue with its collection.
  @inlinable
  public func _detachedWhileQueued() -> Self? { nil }

  /// No rebuilding of its own (see ``ObservableContainerChangeset/_rebuiltAfterQueue(_:onto:)``).
  @inlinable
  public static func _rebuiltAfterQueue(_ detached: Self, onto position: inout Collection) -> Self? { nil }
}

/// An `Array` container's changesets detach in code specialized for the element type wherever the
/// container's core is (the mutation paths are inlinable): unspecialized generic code under the
/// lock spent most of a queued append looking up type metadata. Other collections answer `nil`, and
/// the core falls back to its ``ContainerCore/Detaching`` closures (a `ContiguousArray`) or keeps
/// the changeset whole.
///
/// Guarantee kept: the same changesets as the closures build (see `detachingChangesets(of:)`):
/// the detached one keeps both forms of the change and an empty collection; the rebuilt one is the
/// change applied to the collection before it.
extension OrderedCollectionChangeset: ObservableContainerChangeset {
  /// For an `Array`: the change (both forms, computed now while the collection is at hand) with an
  /// empty array, which shares no storage; `nil` for a reload and for other collections.
  ///
  /// - Complexity: O(1), or the derivation of the missing form (O(k log k) for k operations) once.
  @inlinable
  public func _detachedWhileQueued() -> Self? {
    guard Collection.self == [Collection.Element].self, !isReload else { return nil }
    // `Collection` is `[Element]`: the cast converts between two spellings of one type.
    let detached = OrderedCollectionChangeset<[Collection.Element]>(collection: [], patch: patch, diff: diff)
    return unsafeBitCast(detached, to: Self.self)
  }

  /// For an `Array`: applies `detached`'s patch to `position` in place and returns the changeset
  /// with `position` as its collection; `nil` for other collections.
  ///
  /// - Complexity: As `position.apply(patch)`: O(1) per operation at the end of the array.
  @inlinable
  public static func _rebuiltAfterQueue(_ detached: Self, onto position: inout Collection) -> Self? {
    guard Collection.self == [Collection.Element].self else { return nil }
    let patch = detached.patch
    return withUnsafeMutablePointer(to: &position) { pointer in
      pointer.withMemoryRebound(to: [Collection.Element].self, capacity: 1) { array in
        array.pointee.apply(patch)
        let rebuilt = OrderedCollectionChangeset<[Collection.Element]>(
          collection: array.pointee, patch: patch, diff: detached.diff)
        return unsafeBitCast(rebuilt, to: Self.self)
      }
    }
  }
}

extension UnorderedCollectionChangeset: ObservableContainerChangeset {}
