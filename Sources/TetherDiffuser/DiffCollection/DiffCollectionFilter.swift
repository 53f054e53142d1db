/// A named test that decides which elements a ``DiffCollection`` bin accepts.
///
/// Each filter of a ``DiffCollection`` is one bin (one section). An element is stored in the bin
/// of the *first* filter, in the collection's filter order, that accepts it.
///
/// ```swift
/// let startsWithA = DiffCollectionFilter<Word>(name: "Starts with a") { $0.text.hasPrefix("a") }
/// ```
///
/// The filter must be a pure function of the element: the collection re-runs it only when the
/// element is updated, so a filter whose answer depends on anything else leaves stale bins.
public struct DiffCollectionFilter<T>: Sendable {
  /// A name for the bin, for display and debugging (for example a section title).
  public let name: String

  /// Returns `true` when the bin accepts the element.
  public let filter: @Sendable (T) -> Bool

  /// Creates a filter with a name and a test.
  public init(name: String, filter: @escaping @Sendable (T) -> Bool) {
    self.name = name
    self.filter = filter
  }

  /// Whether the bin accepts `element`.
  public func accepts(_ element: T) -> Bool {
    filter(element)
  }
}

extension DiffCollectionFilter: CustomStringConvertible {
  /// The filter's name, quoted.
  public var description: String { "DiffCollectionFilter(\"\(name)\")" }
}
