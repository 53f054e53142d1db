import TetherChangesets
import TetherSignals

// `diff()` turns a signal of whole collections (an array property, a network result, a
// `Diffuser`-style snapshot stream) into a signal of changesets, one overload per kind of element;
// the most specific wins, like `OrderedCollectionChangeset(from:to:)`: `Diffable`, then
// `Identifiable`, then `Hashable`.

extension SignalProtocol where Element: Collection {
  /// Turns successive collections into changesets by diffing each one against the one before.
  ///
  /// Emits one changeset per collection: the first collection an observation receives is a
  /// reload, each later one a changeset from the previous collection whose diff `generateDiff`
  /// computes (the patch is derived from it on first use). Each observation keeps its own previous
  /// collection. Fails or completes when the receiver does.
  ///
  /// ```swift
  /// let rows = results.diff { old, new in new.diff(from: old, identifiedBy: \.id, isEqual: ==) }
  /// ```
  ///
  /// - Parameter generateDiff: The diff from the first collection (old) to the second (new), in
  ///   batch-update form; it runs outside any lock, on the thread that delivers the collection.
  /// - Complexity: One call of `generateDiff` per collection after the first.
  public func diff(
    by generateDiff: @escaping @Sendable (_ old: Element, _ new: Element) -> OrderedCollectionDiff<Int>
  ) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    withSubscriberState({ DiffState<Element>() }) { state, collection in
      guard let old = state.previous else {
        state.previous = collection
        return .reload(collection)
      }
      state.previous = collection
      return OrderedCollectionChangeset(collection: collection, diff: generateDiff(old, collection))
    }
  }

  /// Turns successive collections into changesets, matching elements by `identifier` and reporting
  /// matched elements that are not `isEqual` as updates; see `diff(by:)` for what is emitted.
  ///
  /// - Parameters:
  ///   - identifier: The identity of an element; equal identities are the same element.
  ///   - isEqual: Whether two elements with equal identities also have equal content.
  ///   - algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected per collection with Heckel; O((n + m) · D) with Myers.
  public func diff<ID: Hashable & SendableMetatype>(
    identifiedBy identifier: @escaping @Sendable (Element.Element) -> ID,
    isEqual: @escaping @Sendable (Element.Element, Element.Element) -> Bool,
    algorithm: DiffAlgorithm = .heckel
  ) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    diff(by: { old, new in
      new.diff(from: old, identifiedBy: identifier, isEqual: isEqual, algorithm: algorithm)
    })
  }
}

extension SignalProtocol where Element: Collection, Element.Element: Hashable {
  /// Turns successive collections into changesets; elements are their own identity (no updates).
  ///
  /// Emits one changeset per collection: the first collection an observation receives is a
  /// reload, each later one the diff from the previous collection (minimal moves with Heckel).
  /// Each observation keeps its own previous collection. Fails or completes when the receiver does.
  ///
  /// ```swift
  /// let tags = tagsProperty.diff()  // Signal<OrderedCollectionChangeset<[String]>, Never>
  /// ```
  ///
  /// - Parameter algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected per collection with Heckel; O((n + m) · D) with Myers.
  public func diff(algorithm: DiffAlgorithm = .heckel) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old, algorithm: algorithm) })
  }
}

extension SignalProtocol where Element: Collection, Element.Element: Identifiable & Equatable {
  /// Turns successive collections into changesets, matching elements by `id`; a matched element
  /// that changed (`!=`) is an update. See `diff(algorithm:)` for what is emitted.
  ///
  /// - Parameter algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected per collection with Heckel; O((n + m) · D) with Myers.
  public func diff(algorithm: DiffAlgorithm = .heckel) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old, algorithm: algorithm) })
  }
}

extension SignalProtocol where Element: Collection, Element.Element: Identifiable & Hashable {
  /// Turns successive collections into changesets, matching elements by `id`; a matched element
  /// that changed (`!=`) is an update. See `diff(algorithm:)` for what is emitted.
  ///
  /// - Parameter algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected per collection with Heckel; O((n + m) · D) with Myers.
  public func diff(algorithm: DiffAlgorithm = .heckel) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old, algorithm: algorithm) })
  }
}

extension SignalProtocol where Element: Collection, Element.Element: Diffable {
  /// Turns successive collections into changesets, matching elements by `diffIdentifier`; a
  /// matched element that is not `isDiffableItemEqual(to:)` is an update. See `diff(algorithm:)`
  /// for what is emitted.
  ///
  /// - Parameter algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected per collection with Heckel; O((n + m) · D) with Myers.
  public func diff(algorithm: DiffAlgorithm = .heckel) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old, algorithm: algorithm) })
  }
}

extension SignalProtocol where Element: Collection, Element.Element: Diffable & Hashable {
  /// Turns successive collections into changesets; `Diffable` decides (matched by
  /// `diffIdentifier`). See `diff(algorithm:)` for what is emitted.
  ///
  /// - Parameter algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected per collection with Heckel; O((n + m) · D) with Myers.
  public func diff(algorithm: DiffAlgorithm = .heckel) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old, algorithm: algorithm) })
  }
}

extension SignalProtocol where Element: Collection, Element.Element: Diffable & Identifiable & Equatable {
  /// Turns successive collections into changesets; `Diffable` decides (matched by
  /// `diffIdentifier`). See `diff(algorithm:)` for what is emitted.
  ///
  /// - Parameter algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected per collection with Heckel; O((n + m) · D) with Myers.
  public func diff(algorithm: DiffAlgorithm = .heckel) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old, algorithm: algorithm) })
  }
}

extension SignalProtocol where Element: Collection, Element.Element: Diffable & Identifiable & Hashable {
  /// Turns successive collections into changesets; `Diffable` decides (matched by
  /// `diffIdentifier`). See `diff(algorithm:)` for what is emitted.
  ///
  /// - Parameter algorithm: How elements are matched; Heckel by default.
  /// - Complexity: O(n + m) expected per collection with Heckel; O((n + m) · D) with Myers.
  public func diff(algorithm: DiffAlgorithm = .heckel) -> Signal<OrderedCollectionChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old, algorithm: algorithm) })
  }
}

/// The previous collection of one `diff` observation.
struct DiffState<Collection> {
  var previous: Collection?
}
