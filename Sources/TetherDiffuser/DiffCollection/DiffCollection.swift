import Foundation
import TetherSynchronization

/// Elements sorted into bins by filters, reporting every change as index paths.
///
/// A bin is a filter and the ordered elements it holds; the bins are the sections of a table, in
/// filter order, and an element's position in its bin is its row. ``update(element:)`` stores or
/// changes one element and ``delete(element:)`` removes one; each returns a
/// ``DiffCollectionResult`` whose paths can be applied to a table as one batch update.
///
/// ```swift
/// var words = DiffCollection(filters: [startsWithA, startsWithB])   // `Word: Identifiable`
/// let result = words.update(element: Word(id: 1, text: "apple"))  // added [[0, 0]]
/// ```
///
/// **Identity and equality.** Elements are identified by an ID: their `id` when `Element` is
/// `Identifiable`, or any key you choose with `init(filters:id:)` — pass `id: \.self` to identify a
/// `Hashable` element by its whole value. Updating with an element whose ID is stored replaces that
/// element; equality (`==`) decides whether it changed at all.
///
/// **Which bin.** An element goes to the bin of the *first* filter that accepts it, in the order
/// of `filters`, even when later filters accept it too. An element no filter accepts is not
/// stored; ``update(element:)`` then reports ``DiffCollectionResult/Outcome-swift.enum/rejected``
/// (and removes the element if it was stored before).
///
/// **Order inside a bin.** Without a sort order, a bin keeps elements in the order they arrived:
/// a new element, or one moving in from another bin, goes last; an element updated within its bin
/// keeps its row. With `sortedBy:`, a bin is kept sorted by that order; elements the order
/// considers equal keep arrival order among themselves. The order must be a strict weak ordering
/// and, like the filters, a pure function of the elements.
///
/// `DiffCollection` is a value type: copies are independent snapshots (copy-on-write storage).
/// It is `Sendable` when its elements and IDs are.
public struct DiffCollection<Element: Equatable, ID: Hashable> {
  @usableFromInline typealias Bin = DiffCollectionBin<Element>

  /// Where a stored element is: its bin, its arrival stamp, and its current value.
  ///
  /// Rows are ordered by (sort order, stamp), a strict total order, so binary search finds an
  /// element's row from its value and stamp alone. Unsorted bins are ordered by stamp.
  @usableFromInline
  struct Location {
    @usableFromInline var bin: Int
    @usableFromInline var stamp: UInt64
    @usableFromInline var element: Element

    @inlinable
    init(bin: Int, stamp: UInt64, element: Element) {
      self.bin = bin
      self.stamp = stamp
      self.element = element
    }
  }

  /// The filters, one per bin, in section order.
  public let filters: [DiffCollectionFilter<Element>]

  // Internal state is `@usableFromInline` so the hot paths below are `@inlinable`: clients then
  // specialize them for their element type instead of going through generic witness calls.
  @usableFromInline let identify: @Sendable (Element) -> ID
  @usableFromInline let areInIncreasingOrder: (@Sendable (Element, Element) -> Bool)?
  @usableFromInline var storage: [Bin]
  @usableFromInline var locations: [ID: Location] = [:]
  @usableFromInline var nextStamp: UInt64 = 0

  /// Creates an empty collection with one bin per filter, identifying elements by `id`, keeping
  /// each bin in arrival order.
  ///
  /// Pass `id: \.self` for `Hashable` elements identified by their whole value.
  public init(filters: [DiffCollectionFilter<Element>], id: @escaping @Sendable (Element) -> ID) {
    self.init(filters: filters, id: id, order: nil, chunkCapacity: Bin.defaultChunkCapacity)
  }

  /// Creates an empty collection with one bin per filter, identifying elements by `id`, keeping
  /// each bin sorted by `areInIncreasingOrder`.
  public init(
    filters: [DiffCollectionFilter<Element>],
    id: @escaping @Sendable (Element) -> ID,
    sortedBy areInIncreasingOrder: @escaping @Sendable (Element, Element) -> Bool
  ) {
    self.init(filters: filters, id: id, order: areInIncreasingOrder, chunkCapacity: Bin.defaultChunkCapacity)
  }

  /// The designated initializer; tests pass a small `chunkCapacity` to exercise chunk splits and merges.
  init(
    filters: [DiffCollectionFilter<Element>],
    id: @escaping @Sendable (Element) -> ID,
    order: (@Sendable (Element, Element) -> Bool)?,
    chunkCapacity: Int
  ) {
    self.filters = filters
    self.identify = id
    self.areInIncreasingOrder = order
    self.storage = Array(repeating: Bin(chunkCapacity: chunkCapacity), count: filters.count)
  }

  // MARK: Reading

  /// The element at `path` (`[bin, row]`), or `nil` when no element is there.
  ///
  /// - Complexity: O(log(*n* / 512)), *n* being the size of the bin.
  @inlinable
  public func element(atIndexPath path: IndexPath) -> Element? {
    guard path.count == 2 else { return nil }
    let (bin, row) = (path[0], path[1])
    guard storage.indices.contains(bin), row >= 0, row < storage[bin].count else { return nil }
    return storage[bin][row: row]
  }

  /// The number of elements in bin `binIndex`.
  ///
  /// - Complexity: O(1)
  @inlinable
  public func numberOfElements(inSection binIndex: Int) -> Int {
    checkSection(binIndex)
    return storage[binIndex].count
  }

  /// The number of bins, which is the number of filters (empty bins count).
  ///
  /// - Complexity: O(1)
  @inlinable
  public func numberOfSections() -> Int {
    storage.count
  }

  /// The elements of bin `binIndex`, in row order.
  ///
  /// - Complexity: O(*n*), *n* being the size of the bin.
  @inlinable
  public func elements(inSection binIndex: Int) -> [Element] {
    checkSection(binIndex)
    return storage[binIndex].elements
  }

  /// Every bin's elements, in section order then row order.
  ///
  /// - Complexity: O(*n*)
  public var bins: [[Element]] {
    storage.map { $0.elements }
  }

  /// The number of stored elements, over all bins.
  ///
  /// - Complexity: O(1)
  @inlinable
  public var count: Int { locations.count }

  /// Whether no element is stored.
  @inlinable
  public var isEmpty: Bool { locations.isEmpty }

  /// The stored element with identity `id`, if any.
  ///
  /// - Complexity: O(1) on average.
  @inlinable
  public func element(withID id: ID) -> Element? {
    locations[id]?.element
  }

  /// The path of the stored element with identity `id`, if any.
  ///
  /// - Complexity: O(log *n*) comparisons, *n* being the size of the element's bin.
  @inlinable
  public func indexPath(forID id: ID) -> IndexPath? {
    guard let location = locations[id] else { return nil }
    return IndexPath(bin: location.bin, row: storage[location.bin].row(of: position(of: location)))
  }

  /// The path of the stored element with the same identity as `element`, if any.
  ///
  /// - Complexity: O(log *n*) comparisons, *n* being the size of the element's bin.
  @inlinable
  public func indexPath(of element: Element) -> IndexPath? {
    indexPath(forID: identify(element))
  }

  /// The identity of `element`, as this collection sees it.
  public func id(of element: Element) -> ID {
    identify(element)
  }

  @usableFromInline
  func checkSection(_ binIndex: Int) {
    guard storage.indices.contains(binIndex) else {
      tetherPreconditionFailure("Section \(binIndex) is out of range for a collection of \(storage.count) bins")
    }
  }
}

extension DiffCollection where Element: Identifiable, ID == Element.ID {
  /// Creates an empty collection with one bin per filter, identifying elements by their `id`,
  /// keeping each bin in arrival order.
  public init(filters: [DiffCollectionFilter<Element>]) {
    self.init(filters: filters, id: \.id)
  }

  /// Creates an empty collection with one bin per filter, identifying elements by their `id`,
  /// keeping each bin sorted by `areInIncreasingOrder`.
  public init(
    filters: [DiffCollectionFilter<Element>],
    sortedBy areInIncreasingOrder: @escaping @Sendable (Element, Element) -> Bool
  ) {
    self.init(filters: filters, id: \.id, sortedBy: areInIncreasingOrder)
  }
}

// Safe: every stored property is a value of `Element`, `ID` or a standard type, or a `@Sendable`
// closure, so the collection is Sendable exactly when its elements and IDs are.
extension DiffCollection: Sendable where Element: Sendable, ID: Sendable {}
extension DiffCollection.Location: Sendable where Element: Sendable {}

extension DiffCollection: CustomStringConvertible {
  /// The bins with their names and elements, such as `["a": [apple], "b": []]`.
  public var description: String {
    let parts = zip(filters, storage).map { filter, bin in "\"\(filter.name)\": \(bin.elements)" }
    return "[" + parts.joined(separator: ", ") + "]"
  }
}
