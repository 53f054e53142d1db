/// One step of a patch on an ordered collection.
///
/// Each operation's indices refer to the collection as it is right before that operation.
public enum OrderedCollectionOperation<Element, Index> {
  /// Inserts `element` so that it ends up at `at`.
  case insert(Element, at: Index)
  /// Removes the element at `at`.
  case delete(at: Index)
  /// Replaces the element at `at` with `newElement`.
  case update(at: Index, newElement: Element)
  /// Removes the element at `from` and reinserts it so that it ends up at `to`.
  case move(from: Index, to: Index)
}

extension OrderedCollectionOperation: Sendable where Element: Sendable, Index: Sendable {}
extension OrderedCollectionOperation: Equatable where Element: Equatable, Index: Equatable {}
extension OrderedCollectionOperation: Hashable where Element: Hashable, Index: Hashable {}

/// One step of a patch on an unordered collection (a set or a dictionary).
public enum UnorderedCollectionOperation<Element, Index> {
  /// Inserts `element`, which ends up at `at`.
  case insert(Element, at: Index)
  /// Removes the element at `at`.
  case delete(at: Index)
  /// Replaces the element at `at` with `newElement`.
  case update(at: Index, newElement: Element)
}

extension UnorderedCollectionOperation: Sendable where Element: Sendable, Index: Sendable {}
extension UnorderedCollectionOperation: Equatable where Element: Equatable, Index: Equatable {}
extension UnorderedCollectionOperation: Hashable where Element: Hashable, Index: Hashable {}
