import TetherSynchronization

extension Set {
  /// Applies an unordered patch: deletes and updates address this set as it is before the patch,
  /// inserts add their element (their index only says where it ends up).
  ///
  /// Every index is resolved before anything changes, because removing an element from a set can
  /// move others between buckets (see ``UnorderedCollectionChangeset``).
  ///
  /// - Precondition: Every delete and update index is a valid index of this set.
  /// - Complexity: O(k) expected for k operations.
  public mutating func apply(_ patch: [UnorderedCollectionOperation<Element, Index>]) {
    var removed: [Element] = []
    var added: [Element] = []
    for operation in patch {
      switch operation {
      case .insert(let element, _):
        added.append(element)
      case .delete(let index):
        removed.append(self[checked: index])
      case .update(let index, let element):
        removed.append(self[checked: index])
        added.append(element)
      }
    }
    for element in removed { remove(element) }
    for element in added { update(with: element) }
  }

  /// A copy of this set with `patch` applied (see ``apply(_:)``).
  ///
  /// - Complexity: O(n + k) expected.
  public func applying(_ patch: [UnorderedCollectionOperation<Element, Index>]) -> Self {
    var copy = self
    copy.apply(patch)
    return copy
  }

  fileprivate subscript(checked index: Index) -> Element {
    guard index >= startIndex, index < endIndex else {
      tetherPreconditionFailure("Index \(index) is out of range for a set of \(count) elements")
    }
    return self[index]
  }
}

extension Dictionary {
  /// Applies an unordered patch: deletes and updates address this dictionary as it is before the
  /// patch, inserts add their key-value pair (their index only says where it ends up). An update
  /// replaces the entry at its index with its new key-value pair.
  ///
  /// Every index is resolved before anything changes, because removing an entry from a dictionary
  /// can move others between buckets (see ``UnorderedCollectionChangeset``).
  ///
  /// - Precondition: Every delete and update index is a valid index of this dictionary.
  /// - Complexity: O(k) expected for k operations.
  public mutating func apply(_ patch: [UnorderedCollectionOperation<Element, Index>]) {
    var removed: [Key] = []
    var added: [Element] = []
    for operation in patch {
      switch operation {
      case .insert(let element, _):
        added.append(element)
      case .delete(let index):
        removed.append(self[checked: index].key)
      case .update(let index, let element):
        removed.append(self[checked: index].key)
        added.append(element)
      }
    }
    for key in removed { removeValue(forKey: key) }
    for (key, value) in added { self[key] = value }
  }

  /// A copy of this dictionary with `patch` applied (see ``apply(_:)``).
  ///
  /// - Complexity: O(n + k) expected.
  public func applying(_ patch: [UnorderedCollectionOperation<Element, Index>]) -> Self {
    var copy = self
    copy.apply(patch)
    return copy
  }

  fileprivate subscript(checked index: Index) -> Element {
    guard index >= startIndex, index < endIndex else {
      tetherPreconditionFailure("Index \(index) is out of range for a dictionary of \(count) elements")
    }
    return self[index]
  }
}
