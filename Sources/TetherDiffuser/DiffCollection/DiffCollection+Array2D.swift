import TetherChangesets

extension DiffCollection {
  /// The bins as a 2D array: one section per bin, in filter order, whose metadata is the filter's
  /// name and whose items are the bin's elements in row order.
  ///
  /// This is the collection an ``ObservableDiffCollection`` emits in its changesets.
  ///
  /// - Complexity: O(*n*)
  public var array2D: Array2D<String, Element> {
    Array2D(sections: zip(filters, storage).map { filter, bin in .init(metadata: filter.name, items: bin.elements) })
  }
}
