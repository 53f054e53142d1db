import TetherChangesets

/// A thread-safe observable set: mutate it from any thread, observe it as a stream of
/// ``UnorderedCollectionChangeset``s (inserts, deletes and updates addressed by `Set.Index`; no
/// moves).
///
/// Observing first delivers the current set as a reload changeset, then one changeset per
/// mutation call (empty when the call changed nothing, such as inserting a member that is already
/// there). See ``ObservableContainer`` for the delivery guarantees. Hashing and `==` run under the
/// container's lock, as in any locked set, except for `replace(with:)`, which diffs outside it.
///
/// ```swift
/// let tags = MutableObservableSet<String>(["swift"])
/// tags.insert("ios")          // one insert
/// tags.formUnion(["a", "b"])  // one changeset with two inserts
/// tags.replace(with: ["b"])   // deletes and inserts by membership
/// ```
///
/// To show a set in a list, sort it into an ordered collection (`sortedCollection()`).
public final class MutableObservableSet<Element: Hashable>: ObservableContainer<
  UnorderedCollectionChangeset<Set<Element>>
>
{

  /// The changeset type this container emits.
  public typealias Changeset = UnorderedCollectionChangeset<Set<Element>>

  /// Creates a container holding `set`.
  public override init(_ set: Set<Element>) {
    super.init(set)
  }

  /// A read-only view of this container.
  public var readOnlyView: ObservableSet<Element> { self }

  /// The number of members.
  public var count: Int { core.read { $0.count } }

  /// Whether the set is empty.
  public var isEmpty: Bool { core.read { $0.isEmpty } }

  /// Whether `member` is in the set.
  ///
  /// - Complexity: O(1) expected.
  public func contains(_ member: Element) -> Bool {
    core.read { $0.contains(member) }
  }

  /// Inserts `member` if it is not there yet, emitting an insert (or an empty changeset).
  ///
  /// - Returns: Whether it was inserted, and the member equal to `member` now in the set.
  /// - Complexity: O(1) expected.
  @discardableResult
  public func insert(_ member: Element) -> (inserted: Bool, memberAfterInsert: Element) {
    core.mutateUnordered { set in
      let outcome = set.insert(member)
      guard outcome.inserted else { return (outcome, Changeset(collection: set, patch: [], diff: .init())) }
      let index = set.firstIndex(of: member)!
      return (outcome, Changeset(collection: set, patch: [.insert(member, at: index)], diff: .init(inserts: [index])))
    }
  }

  /// Removes `member` if it is there, emitting a delete (or an empty changeset).
  ///
  /// - Returns: The removed member, or `nil`.
  /// - Complexity: O(1) expected.
  @discardableResult
  public func remove(_ member: Element) -> Element? {
    core.mutateUnordered { set in
      guard let index = set.firstIndex(of: member) else {
        return (nil, Changeset(collection: set, patch: [], diff: .init()))
      }
      let removed = set.remove(at: index)
      return (removed, Changeset(collection: set, patch: [.delete(at: index)], diff: .init(deletes: [index])))
    }
  }

  /// Removes every member, emitting one changeset deleting them all (use ``replace(with:performDiff:)``
  /// with `performDiff: false` to reload instead).
  ///
  /// - Complexity: O(n) for n members.
  public func removeAll() {
    core.mutateUnordered { set in
      let indices = Array(set.indices)
      set.removeAll()
      return ((), Changeset(collection: set, patch: indices.map { .delete(at: $0) }, diff: .init(deletes: indices)))
    }
  }

  /// Inserts the members of `other` that are not in the set yet, emitting one changeset.
  ///
  /// - Complexity: O(k) expected for k members of `other`.
  public func formUnion<S: Sequence>(_ other: S) where S.Element == Element {
    let other = Array(other)
    core.mutateUnordered { set in
      var added: [Element] = []
      for member in other where set.insert(member).inserted { added.append(member) }
      let indices = added.map { set.firstIndex(of: $0)! }
      let patch = Swift.zip(added, indices).map { Changeset.Operation.insert($0, at: $1) }
      return ((), Changeset(collection: set, patch: patch, diff: .init(inserts: indices)))
    }
  }

  /// Removes the members that are in `other`, emitting one changeset.
  ///
  /// - Complexity: O(k) expected for k members of `other`.
  public func subtract<S: Sequence>(_ other: S) where S.Element == Element {
    let other = Set(other)
    core.mutateUnordered { set in
      // Resolve every index before removing anything: a removal can move other members.
      let indices = other.compactMap { set.firstIndex(of: $0) }
      let members = indices.map { set[$0] }
      for member in members { set.remove(member) }
      return ((), Changeset(collection: set, patch: indices.map { .delete(at: $0) }, diff: .init(deletes: indices)))
    }
  }

  /// Replaces the set with `newSet`: by default one changeset deleting the members that left and
  /// inserting the ones that arrived (diffed by membership); with `performDiff: false`, a reload.
  ///
  /// The membership diff runs outside the container's lock, on a snapshot.
  ///
  /// - Complexity: O(n + m) expected for n old and m new members.
  public func replace(with newSet: Set<Element>, performDiff: Bool = true) {
    guard performDiff else {
      core.mutateUnordered { set in
        set = newSet
        return ((), .reload(newSet))
      }
      return
    }
    core.mutate(
      preparing: { old -> Changeset in
        let deletes = old.indices.filter { !newSet.contains(old[$0]) }
        let inserts = newSet.indices.filter { !old.contains(newSet[$0]) }
        let patch = deletes.map { Changeset.Operation.delete(at: $0) } + inserts.map { .insert(newSet[$0], at: $0) }
        return Changeset(collection: newSet, patch: patch, diff: .init(inserts: inserts, deletes: deletes))
      },
      { set, changeset in
        set = newSet
        return ((), changeset)
      }
    )
  }
}

/// The container is `Sendable` when its elements are (see ``ObservableContainer``); use one of
/// non-`Sendable` elements from one isolation domain.
extension MutableObservableSet: @unchecked Sendable where Element: Sendable {
  // Safe: no stored properties beyond the superclass's thread-safe core.
}
