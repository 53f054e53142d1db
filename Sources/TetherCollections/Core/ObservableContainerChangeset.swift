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
}

extension OrderedCollectionChangeset: ObservableContainerChangeset {}

extension UnorderedCollectionChangeset: ObservableContainerChangeset {}
