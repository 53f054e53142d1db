import Foundation
import TetherChangesets
import TetherSynchronization

/// A collection that a sectioned view shows as one section of its elements, in order (offset `i`
/// is the index path `[0, i]`). `Array` conforms.
public protocol SingleSectionDataSourceProtocol: Swift.Collection, SectionedDataSourceProtocol {}

/// A changeset of an array seen as one section: offset `i` is the index path `[0, i]`.
///
/// This is what `OrderedCollectionChangeset<Collection>.asSectionedDataSourceChangeset` returns, so
/// observable arrays bind to sectioned views. It wraps the flat changeset (``base``): its
/// ``isReload`` is the base's, so a reload stays a reload, and its diff and patch are the base's
/// with every offset mapped into section 0.
///
/// ```swift
/// let flat = OrderedCollectionChangeset(collection: ["a", "c"], diff: .init(deletes: [1]))
/// flat.asSectionedDataSourceChangeset.diff.deletes  // [[0, 1]]
/// ```
public struct SingleSectionChangeset<Collection: SingleSectionDataSourceProtocol>: SectionedDataSourceChangeset {
  /// The type of the elements.
  public typealias Element = Collection.Element

  /// The diff form, with index paths `[0, i]`.
  public typealias Diff = OrderedCollectionDiff<IndexPath>

  /// One patch step, with index paths `[0, i]`.
  public typealias Operation = OrderedCollectionOperation<Element, IndexPath>

  /// The flat changeset this one presents as a section.
  public let base: OrderedCollectionChangeset<Collection>

  /// Presents a flat changeset of an array as one section.
  public init(_ base: OrderedCollectionChangeset<Collection>) {
    self.base = base
  }

  /// Creates a changeset from the final array and a patch whose paths are all `[0, i]`.
  ///
  /// - Precondition: every path is an item path in section 0.
  public init(collection: Collection, patch: [Operation]) {
    base = OrderedCollectionChangeset(collection: collection, patch: patch.map(flattenedToSectionZero))
  }

  /// Creates a changeset from the final array and a diff whose paths are all `[0, i]`.
  ///
  /// - Precondition: every path is an item path in section 0.
  public init(collection: Collection, diff: Diff) {
    let flat = OrderedCollectionDiff<Int>(
      inserts: diff.inserts.map(offsetInSectionZero),
      deletes: diff.deletes.map(offsetInSectionZero),
      updates: diff.updates.map(offsetInSectionZero),
      moves: diff.moves.map { (from: offsetInSectionZero($0.from), to: offsetInSectionZero($0.to)) }
    )
    base = OrderedCollectionChangeset(collection: collection, diff: flat)
  }

  /// The array in its final state.
  public var collection: Collection { base.collection }

  /// Whether the whole array was replaced (the view must reload).
  public var isReload: Bool { base.isReload }

  /// The base diff with every offset `i` mapped to `[0, i]`.
  ///
  /// - Complexity: O(k) for a diff of k entries, plus the base's derivation on first use.
  public var diff: Diff {
    let flat = base.diff
    return Diff(
      inserts: flat.inserts.map(itemPathInSectionZero),
      deletes: flat.deletes.map(itemPathInSectionZero),
      updates: flat.updates.map(itemPathInSectionZero),
      moves: flat.moves.map { (from: itemPathInSectionZero($0.from), to: itemPathInSectionZero($0.to)) }
    )
  }

  /// The base patch with every offset `i` mapped to `[0, i]`.
  ///
  /// - Complexity: O(k) for a patch of k operations, plus the base's derivation on first use.
  public var patch: [Operation] {
    base.patch.map { operation in
      switch operation {
      case .insert(let element, let index): .insert(element, at: itemPathInSectionZero(index))
      case .delete(let index): .delete(at: itemPathInSectionZero(index))
      case .update(let index, let element): .update(at: itemPathInSectionZero(index), newElement: element)
      case .move(let from, let to): .move(from: itemPathInSectionZero(from), to: itemPathInSectionZero(to))
      }
    }
  }
}

// Free functions rather than static members: closures that call them capture no metatype.

private func itemPathInSectionZero(_ offset: Int) -> IndexPath { [0, offset] }

private func offsetInSectionZero(_ path: IndexPath) -> Int {
  guard path.count == 2, path[0] == 0 else {
    tetherPreconditionFailure("A single-section changeset only has item paths [0, i]; got \(path)")
  }
  return path[1]
}

private func flattenedToSectionZero<Element>(
  _ operation: OrderedCollectionOperation<Element, IndexPath>
) -> OrderedCollectionOperation<Element, Int> {
  switch operation {
  case .insert(let element, let path): .insert(element, at: offsetInSectionZero(path))
  case .delete(let path): .delete(at: offsetInSectionZero(path))
  case .update(let path, let element): .update(at: offsetInSectionZero(path), newElement: element)
  case .move(let from, let to): .move(from: offsetInSectionZero(from), to: offsetInSectionZero(to))
  }
}

extension SingleSectionChangeset: SectionedGivenFormChecking {
  package func checkDiffDerivation(from previous: Any) throws(ChangesetValidationError) {
    guard base.givenForms == .patch, let previous = previous as? Collection else { return }
    try validateFlatSteps(base.patch.map { $0.step }, from: previous.count, to: collection.count)
  }
}

extension SingleSectionChangeset: SectionedDataSourceChangesetConvertible {
  /// The changeset itself.
  public var asSectionedDataSourceChangeset: Self { self }
}

extension SingleSectionChangeset: Sendable where Collection: Sendable, Element: Sendable {}

extension SingleSectionChangeset: CustomStringConvertible {
  /// The base changeset's description.
  public var description: String { base.description }
}
