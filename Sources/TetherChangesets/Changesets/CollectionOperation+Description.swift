extension OrderedCollectionOperation: CustomStringConvertible {
  /// A compact description such as `insert(x, at: 2)` or `move(3 → 0)`.
  public var description: String { shortDescription }

  var shortDescription: String {
    switch self {
    case .insert(let element, let index): "insert(\(element), at: \(index))"
    case .delete(let index): "delete(\(index))"
    case .update(let index, let element): "update(\(index), \(element))"
    case .move(let from, let to): "move(\(from) → \(to))"
    }
  }
}

extension UnorderedCollectionOperation: CustomStringConvertible {
  /// A compact description such as `insert(x, at: i)` or `delete(i)`.
  public var description: String { shortDescription }

  var shortDescription: String {
    switch self {
    case .insert(let element, let index): "insert(\(element), at: \(index))"
    case .delete(let index): "delete(\(index))"
    case .update(let index, let element): "update(\(index), \(element))"
    }
  }
}
