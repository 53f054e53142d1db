extension UnorderedCollectionDiff {
  /// The diff of an unordered patch: its deletes, inserts and updates, by index.
  ///
  /// Unordered patches use the diff's index spaces (see ``UnorderedCollectionChangeset``), so the
  /// conversion only sorts the operations by kind.
  ///
  /// - Complexity: O(k) for k operations.
  public init<Element>(from patch: [UnorderedCollectionOperation<Element, Index>]) {
    self.init()
    for operation in patch {
      switch operation {
      case .insert(_, let index): inserts.append(index)
      case .delete(let index): deletes.append(index)
      case .update(let index, _): updates.append(index)
      }
    }
  }

  /// The patch of this diff: deletes, then updates, then inserts, reading new elements from
  /// `collection` (the final state).
  ///
  /// An update's new element is read at the update's own index, which is right when the updated
  /// element keeps its index across the change.
  ///
  /// - Complexity: O(k) for a diff with k entries.
  public func generatePatch<C: Collection>(to collection: C) -> [UnorderedCollectionOperation<C.Element, C.Index>]
  where C.Index == Index {
    var patch: [UnorderedCollectionOperation<C.Element, C.Index>] = []
    patch.reserveCapacity(count)
    for index in deletes { patch.append(.delete(at: index)) }
    for index in updates { patch.append(.update(at: index, newElement: collection[index])) }
    for index in inserts { patch.append(.insert(collection[index], at: index)) }
    return patch
  }
}
