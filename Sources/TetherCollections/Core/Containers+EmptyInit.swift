import TetherChangesets

extension MutableObservableCollection where C: RangeReplaceableCollection {
  /// Creates an empty container (Bond's `MutableObservableArray<Int>()`).
  public convenience init() {
    self.init(C())
  }
}

extension MutableObservableSet {
  /// Creates an empty set container.
  public convenience init() {
    self.init([])
  }
}

extension MutableObservableDictionary {
  /// Creates an empty dictionary container.
  public convenience init() {
    self.init([:])
  }
}

extension MutableObservableArray2D {
  /// Creates a container with no sections.
  public convenience init() {
    self.init(Array2D())
  }
}

extension MutableObservableTree {
  /// Creates an empty tree container.
  public convenience init<Value>() where Tree == TreeArray<Value> {
    self.init(TreeArray())
  }

  /// Creates an empty tree container of nodes that are objects.
  public convenience init<Value>() where Tree == ObjectTreeArray<Value> {
    self.init(ObjectTreeArray())
  }
}
