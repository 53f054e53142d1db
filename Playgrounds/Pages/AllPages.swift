/// Every playground page, in the order `swift run playground` runs them.
///
/// Add a page by writing `Page+Name.swift` with a `static let` and listing it here.
public enum PlaygroundPages {
  /// All pages in running order.
  public static let all: [PlaygroundPage] = [
    .signals,
    .properties,
    .controls,
    .operators,
    .diffing,
    .trees,
    .observableArray,
    .array2D,
    .setsAndDictionaries,
    .collectionOperators,
    .liveFilters,
    .dataSources,
    .liveList,
    .largeList,
    .customBinder,
    .diffuserFuser,
    .bins,
  ]

  /// The page with the given name, if any.
  public static func page(named name: String) -> PlaygroundPage? {
    all.first { $0.name == name }
  }
}
