import TetherChangesets

extension OrderedCollectionChangeset {
  /// The same changeset over an array: to compare a list operator's output with the array's.
  func asArrayChangeset<Element>() -> OrderedCollectionChangeset<[Element]>
  where Collection == PersistentArray<Element> {
    if isReload { return .reload(Array(collection)) }
    return OrderedCollectionChangeset<[Element]>(collection: Array(collection), patch: patch, diff: diff)
  }
}
