import TetherChangesets

extension ObservableContainer: CustomStringConvertible, CustomDebugStringConvertible {
  /// The container's type, its size, the number of observers and whether it has completed, such
  /// as `MutableObservableCollection<Array<Int>>(count: 3, observers: 2)`,
  /// `MutableObservableArray2D<String, Int>(sections: 2, items: 5, observers: 1)` or
  /// `MutableObservableTree<TreeArray<String>>(roots: 2, nodes: 7, observers: 0, completed)`.
  ///
  /// The collection and the observer count are copied under the container's lock; the size is
  /// computed after it is released.
  ///
  /// - Complexity: O(1) for collections; O(n) for a tree of n nodes (they are counted).
  public var description: String {
    let (collection, observers, isCompleted) = core.debugSnapshot
    return "\(type(of: self))(\(sizeDescription(of: collection)), \(observersDescription(observers, isCompleted)))"
  }

  /// Like ``description``, followed by the collection itself, such as
  /// `MutableObservableCollection<Array<Int>>(count: 3, observers: 2) [1, 2, 3]`.
  ///
  /// The collection is described after the container's lock is released (its elements'
  /// descriptions are user code).
  ///
  /// - Complexity: O(n) for n elements.
  public var debugDescription: String {
    let (collection, observers, isCompleted) = core.debugSnapshot
    return
      "\(type(of: self))(\(sizeDescription(of: collection)), \(observersDescription(observers, isCompleted))) \(collection)"
  }
}

private func observersDescription(_ count: Int, _ isCompleted: Bool) -> String {
  "observers: \(count)" + (isCompleted ? ", completed" : "")
}

/// `count: n` for a collection, `sections: s, items: n` for an `Array2D`, `roots: r, nodes: n` for
/// another tree.
private func sizeDescription(of collection: Any) -> String {
  if let array2D = collection as? any Array2DSizeDescribing {
    return "sections: \(array2D.sectionCountForDescription), items: \(array2D.itemCountForDescription)"
  }
  if let elements = collection as? any Collection {
    return "count: \(elements.count)"
  }
  if let tree = collection as? any TreeProtocol {
    return "roots: \(tree.children.count), nodes: \(tree.descendantCount)"
  }
  return "collection"
}

/// The sizes of an `Array2D`, reachable from a value of unknown generic arguments.
private protocol Array2DSizeDescribing {
  var sectionCountForDescription: Int { get }
  var itemCountForDescription: Int { get }
}

extension Array2D: Array2DSizeDescribing {
  fileprivate var sectionCountForDescription: Int { numberOfSections }
  fileprivate var itemCountForDescription: Int { numberOfItems }
}

extension ContainerCore {
  /// The collection, the number of observers and whether the container completed, copied under
  /// the lock; describing them happens after it is released.
  var debugSnapshot: (collection: Collection, observers: Int, isCompleted: Bool) {
    withLock { ($0.collection, $0.slots.count, $0.isCompleted) }
  }
}
